package io.hotpath.cluster;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.codecs.EventCode;
import io.aeron.logbuffer.Header;
import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorLifecycle;
import io.hotpath.DeadLetterReason;
import io.hotpath.QueueFullException;
import io.hotpath.Reply;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.ExpandableRingBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;

import java.lang.System.Logger.Level;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * A client's link to the cluster: an actor of the client's engine that owns the Aeron Cluster session (Aeron's client
 * is single threaded). Its handler numbers and encodes each send and keeps it in a ring until the cluster acknowledges
 * it; its repeating step polls the egress, offers what is not yet sent, sends keep-alives, and connects again when the
 * session is lost. A new leader, or a new session, gets every message not yet acknowledged again, in order; the
 * service drops those it applied already. NOT thread safe: the link's worker only (after {@link #bind} at start).
 */
final class ClientLink implements Actor<Outgoing>, ActorLifecycle, EgressListener
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.cluster");
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final long KEEP_ALIVE_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long SWEEP_NS = TimeUnit.SECONDS.toNanos(1);

    private final ClusterClientConfig config;
    private final Aeron aeron;
    private final Codecs codecs;
    private final Codec<?>[] codecInstances;
    private final ExpandableDirectByteBuffer scratch = new ExpandableDirectByteBuffer(4096);
    private final ExpandableRingBuffer unacked;
    private final Long2ObjectHashMap<Outgoing> pending = new Long2ObjectHashMap<>();
    private final ExpandableRingBuffer.MessageConsumer offerOne = this::offerOne;
    private final ExpandableRingBuffer.MessageConsumer releaseOne = this::releaseOne;
    private ClusterClient client;
    private AeronCluster cluster;
    private AeronCluster.AsyncConnect reconnecting;
    private long sentPosition;
    private long nextSequence;
    private long acked;
    private int tellsSinceAck;
    private long lastSendNs;
    private long lastSweepNs;
    private boolean stopped;

    ClientLink(final ClusterClientConfig config, final Aeron aeron)
    {
        this.config = config;
        this.aeron = aeron;
        this.codecs = config.codecs();
        this.codecInstances = codecs.newInstances();
        this.unacked = new ExpandableRingBuffer(Math.min(64 * 1024, config.resendCapacity()),
            config.resendCapacity(), true);
    }

    /** A session context for a connect: Aeron concludes a context once, so each connect gets a fresh one. */
    AeronCluster.Context sessionContext()
    {
        return new AeronCluster.Context()
            .aeron(aeron)
            .ownsAeronClient(false)
            .ingressChannel("aeron:udp?term-length=256k")
            .ingressEndpoints(config.members().ingressEndpoints())
            .egressChannel(config.egressChannel())
            .egressListener(this)
            .messageTimeoutNs(config.connectTimeout().toNanos());
    }

    void bind(final ClusterClient owner, final AeronCluster session)
    {
        client = owner;
        cluster = session;
    }

    Actor<Outgoing> start(final ActorContext<Outgoing> context)
    {
        context.repeat(this::step);
        return this;
    }

    // ---------------------------------------------------------------- sends

    @Override
    public void onMessage(final Outgoing out)
    {
        if (stopped)
        {
            fail(out, new IllegalStateException("the cluster client is closed"), DeadLetterReason.ENGINE_CLOSED);
            return;
        }
        final long sequence = nextSequence + 1;
        final int length;
        try
        {
            length = encode(out, sequence);
        }
        catch (final RuntimeException ex)
        {
            fail(out, new ClusterRejectedException("could not encode a " + out.message().getClass().getName() +
                " for clustered actor '" + out.actorName() + "': " + ex), DeadLetterReason.ENCODE_FAILED);
            return;
        }
        final int max = cluster == null ? Integer.MAX_VALUE :
            cluster.ingressPublication().maxMessageLength() - AeronCluster.SESSION_HEADER_LENGTH;
        if (length > max)
        {
            fail(out, new ClusterRejectedException("a " + out.message().getClass().getName() + " for clustered " +
                "actor '" + out.actorName() + "' takes " + length + " bytes, more than the ingress carries (" + max +
                "): send smaller messages"), DeadLetterReason.MESSAGE_TOO_LARGE);
            return;
        }
        if (!unacked.append(scratch, 0, length))
        {
            full(out);
            return;
        }
        nextSequence = sequence;
        if (out.reply() != null)
        {
            pending.put(sequence, out);
        }
        offerUnsent();
    }

    @SuppressWarnings("unchecked")
    private int encode(final Outgoing out, final long sequence)
    {
        byte kind = out.kind();
        int typeId = 0;
        final int length;
        if (kind == Protocol.RESOLVE)
        {
            length = Protocol.putUtf8(scratch, Protocol.INGRESS_HEADER, (String)out.message());
        }
        else
        {
            final int index = codecs.indexOf(out.message().getClass());
            typeId = codecs.typeId(index);
            length = ((Codec<Object>)codecInstances[index]).encode(out.message(), scratch, Protocol.INGRESS_HEADER);
            if (kind == Protocol.TELL && (++tellsSinceAck >= config.ackEvery() ||
                unacked.size() > config.resendCapacity() / 2))
            {
                kind = Protocol.TELL_ACK;
                tellsSinceAck = 0;
            }
        }
        scratch.putByte(Protocol.KIND_OFFSET, kind);
        scratch.putInt(Protocol.ACTOR_OFFSET, out.target() == null ? -1 : out.target().id(), LE);
        scratch.putLong(Protocol.CLIENT_OFFSET, config.clientId(), LE);
        scratch.putLong(Protocol.SEQUENCE_OFFSET, sequence, LE);
        scratch.putInt(Protocol.TYPE_OFFSET, typeId, LE);
        return Protocol.INGRESS_HEADER + length;
    }

    /**
     * The ring of messages kept for resending is full. The sender has gone on already (the send to the link was
     * asynchronous), so, as a worker never waits: an ask fails with a {@link QueueFullException}, a tell is a counted
     * QUEUE_FULL dead letter.
     */
    private void full(final Outgoing out)
    {
        final String what = "cluster client: " + config.resendCapacity() + " bytes of messages wait for the " +
            "cluster's acknowledgement (resendCapacity); no room for one more to '" + out.actorName() + "'";
        fail(out, new QueueFullException(what), DeadLetterReason.QUEUE_FULL);
    }

    private void fail(final Outgoing out, final Throwable error, final DeadLetterReason reason)
    {
        if (out.reply() != null)
        {
            out.reply().fail(error);
        }
        else
        {
            client.hooks.deadLetter(out.target() == null ? client.link : out.target(), out.message(), reason);
        }
    }

    /** Offer what is kept but not yet sent, in order, until Aeron pushes back. */
    private int offerUnsent()
    {
        if (cluster == null)
        {
            return 0;
        }
        int sent = 0;
        while (sentPosition - unacked.head() < unacked.size())
        {
            final long before = sentPosition;
            unacked.forEach((int)(sentPosition - unacked.head()), offerOne, 1);
            if (sentPosition == before)
            {
                break;
            }
            sent++;
        }
        return sent;
    }

    private boolean offerOne(final MutableDirectBuffer buffer, final int offset, final int length,
        final int headOffset)
    {
        final long result = cluster.offer(buffer, offset, length);
        if (result > 0)
        {
            sentPosition = unacked.head() + headOffset;   // Agrona passes the offset just past this message
            lastSendNs = System.nanoTime();
            return true;
        }
        return false;
    }

    /** Forget what the cluster has acknowledged, up to {@link #acked}. */
    private void release()
    {
        unacked.consume(releaseOne, Integer.MAX_VALUE);
        if (sentPosition < unacked.head())
        {
            sentPosition = unacked.head();
        }
    }

    private boolean releaseOne(final MutableDirectBuffer buffer, final int offset, final int length,
        final int headOffset)
    {
        return buffer.getLong(offset + Protocol.SEQUENCE_OFFSET, LE) <= acked;
    }

    // ---------------------------------------------------------------- the duty cycle

    private int step()
    {
        if (stopped)
        {
            return 0;
        }
        if (cluster == null)
        {
            return reconnect();
        }
        int work = cluster.pollEgress();
        if (cluster.isClosed())
        {
            LOG.log(Level.WARNING, () -> "cluster client " + Long.toHexString(config.clientId()) + ": session " +
                "closed; connecting again, then sending the " + (nextSequence - acked) + " messages not acknowledged");
            CloseHelper.quietClose(cluster);
            cluster = null;
            return work + 1;
        }
        work += offerUnsent();
        final long nowNs = System.nanoTime();
        if (nowNs - lastSendNs > KEEP_ALIVE_NS && cluster.sendKeepAlive())
        {
            lastSendNs = nowNs;
        }
        if (nowNs - lastSweepNs > SWEEP_NS)
        {
            lastSweepNs = nowNs;
            pending.values().removeIf(out -> out.reply().isDone());   // timed out: a late answer is dropped
        }
        return work;
    }

    private int reconnect()
    {
        try
        {
            if (reconnecting == null)
            {
                reconnecting = AeronCluster.asyncConnect(sessionContext());
            }
            final AeronCluster session = reconnecting.poll();
            if (session == null)
            {
                return 0;
            }
            reconnecting = null;
            cluster = session;
            sentPosition = unacked.head();
            LOG.log(Level.INFO, () -> "cluster client " + Long.toHexString(config.clientId()) + ": new session " +
                session.clusterSessionId() + " with leader " + session.leaderMemberId());
            return 1 + offerUnsent();
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(reconnecting);
            reconnecting = null;
            LOG.log(Level.DEBUG, () -> "cluster client: connect failed, trying again: " + ex);
            return 0;
        }
    }

    // ---------------------------------------------------------------- egress

    @Override
    @SuppressWarnings("unchecked")
    public void onMessage(final long clusterSessionId, final long timestamp, final DirectBuffer buffer,
        final int offset, final int length, final Header header)
    {
        if (length < Protocol.EGRESS_HEADER)
        {
            return;
        }
        final byte kind = buffer.getByte(offset + Protocol.KIND_OFFSET);
        final long sequence = buffer.getLong(offset + Protocol.EGRESS_SEQUENCE_OFFSET, LE);
        final int type = buffer.getInt(offset + Protocol.EGRESS_TYPE_OFFSET, LE);
        final int at = offset + Protocol.EGRESS_HEADER;
        final int payload = length - Protocol.EGRESS_HEADER;
        if (sequence > acked)
        {
            acked = sequence;
            release();
        }
        if (kind == Protocol.ACK)
        {
            return;
        }
        final Outgoing out = pending.remove(sequence);
        if (out == null)
        {
            if (kind == Protocol.REJECTED)
            {
                final String reason = Protocol.utf8(buffer, at, payload);
                LOG.log(Level.WARNING, () -> "cluster rejected tell " + sequence + ": " + reason);
                client.hooks.deadLetter(client.link, reason, why(type));
            }
            return;
        }
        final Reply<Object> reply = (Reply<Object>)out.reply();
        switch (kind)
        {
            case Protocol.ANSWER -> answer(out, reply, type, buffer, at, payload);
            case Protocol.RESOLVED -> reply.complete(type);
            case Protocol.FAILURE ->
            {
                final String text = Protocol.utf8(buffer, at, payload);
                final int nul = text.indexOf('\0');
                reply.fail(new ClusterActorException(out.actorName(), text.substring(0, nul),
                    type == 0 ? null : text.substring(nul + 1)));
            }
            case Protocol.DUPLICATE -> reply.fail(new AnswerLostException("ask " + sequence + " to clustered actor '" +
                out.actorName() + "' was applied once, but its answer was lost with the leader that sent it"));
            case Protocol.REJECTED -> reply.fail(new ClusterRejectedException(Protocol.utf8(buffer, at, payload)));
            default -> reply.fail(new IllegalStateException("unknown answer kind " + kind + " from the cluster"));
        }
    }

    private void answer(final Outgoing out, final Reply<Object> reply, final int typeId, final DirectBuffer buffer,
        final int at, final int payload)
    {
        if (typeId == Codecs.NULL_TYPE_ID)
        {
            reply.complete(null);
            return;
        }
        final int index = codecs.indexOfTypeId(typeId);
        if (index < 0)
        {
            reply.fail(new ClusterRejectedException("clustered actor '" + out.actorName() + "' answered with type " +
                "id " + typeId + ", for which this client has no codec: register the service's codecs here too"));
            return;
        }
        try
        {
            reply.complete(codecInstances[index].decode(buffer, at, payload));
        }
        catch (final RuntimeException ex)
        {
            reply.fail(new ClusterRejectedException("this client's codec for type id " + typeId + " could not read " +
                "the answer of clustered actor '" + out.actorName() + "': " + ex));
        }
    }

    private static DeadLetterReason why(final int code)
    {
        return switch (code)
        {
            case Protocol.WHY_UNKNOWN_ACTOR -> DeadLetterReason.NOT_PUBLISHED;
            case Protocol.WHY_NO_CODEC -> DeadLetterReason.NO_CODEC;
            case Protocol.WHY_ENCODE_FAILED -> DeadLetterReason.ENCODE_FAILED;
            default -> DeadLetterReason.DECODE_FAILED;
        };
    }

    @Override
    public void onSessionEvent(final long correlationId, final long clusterSessionId, final long leadershipTermId,
        final int leaderMemberId, final EventCode code, final String detail)
    {
        if (code == EventCode.ERROR || code == EventCode.CLOSED)
        {
            LOG.log(Level.WARNING, () -> "cluster session event " + code + ": " + detail);
        }
    }

    @Override
    public void onNewLeader(final long clusterSessionId, final long leadershipTermId, final int leaderMemberId,
        final String ingressEndpoints)
    {
        sentPosition = unacked.head();   // the old leader may have lost what it had not committed: send it again
        LOG.log(Level.INFO, () -> "cluster client " + Long.toHexString(config.clientId()) + ": new leader " +
            leaderMemberId + " (term " + leadershipTermId + "); sending again from sequence " + (acked + 1));
    }

    // ---------------------------------------------------------------- stop

    @Override
    public void onStop()
    {
        stopped = true;
        CloseHelper.quietClose(reconnecting);
        CloseHelper.quietClose(cluster);
        cluster = null;
        final IllegalStateException closed = new IllegalStateException("the cluster client closed before the " +
            "cluster answered");
        pending.values().forEach(out -> out.reply().fail(closed));
        pending.clear();
    }
}
