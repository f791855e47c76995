package io.hotpath.cluster;

import io.aeron.Publication;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.IdleStrategy;

import java.lang.System.Logger.Level;
import java.nio.ByteOrder;

/**
 * Writes the service's answers to clients: each member writes them alike, and Aeron Cluster sends only the leader's
 * (a follower's session offer is a no-op). NOT thread safe: the service's thread only.
 * <p>
 * A client whose egress pushes back is waited for with the cluster's idle strategy, up to a bound of attempts: the
 * answer does not change any state, so dropping it after the bound (logged) keeps the members alike, and the client's
 * ask then ends by its timeout.
 */
final class Egress
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.cluster");
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final int MAX_ATTEMPTS = 100_000;

    private final Codecs codecs;
    private final Codec<?>[] codecInstances;
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(4096);
    private Cluster cluster;

    Egress(final Codecs codecs, final Codec<?>[] codecInstances)
    {
        this.codecs = codecs;
        this.codecInstances = codecInstances;
    }

    void cluster(final Cluster value)
    {
        cluster = value;
    }

    /** An ask's outcome: the value encoded by its codec, or the failure's class and message. */
    @SuppressWarnings("unchecked")
    void answer(final long sessionId, final long sequence, final String actor, final Object value,
        final Throwable error)
    {
        if (error != null)
        {
            failure(sessionId, sequence, error);
            return;
        }
        final int typeId;
        int length = 0;
        if (value == null)
        {
            typeId = Codecs.NULL_TYPE_ID;
        }
        else
        {
            final int index = codecs.indexOf(value.getClass());
            if (index < 0)
            {
                reject(sessionId, sequence, Protocol.WHY_NO_CODEC, "clustered actor '" + actor + "' answered with a " +
                    value.getClass().getName() + ", for which the service has no codec: register one with " +
                    "Codecs.builder().add(typeId, " + value.getClass().getSimpleName() + ".class, ...) in the " +
                    "service and the client");
                return;
            }
            typeId = codecs.typeId(index);
            try
            {
                length = ((Codec<Object>)codecInstances[index]).encode(value, buffer, Protocol.EGRESS_HEADER);
            }
            catch (final RuntimeException ex)
            {
                reject(sessionId, sequence, Protocol.WHY_ENCODE_FAILED, "the codec of " +
                    value.getClass().getName() + " could not encode the answer of clustered actor '" + actor + "': " +
                    ex);
                return;
            }
        }
        send(sessionId, Protocol.ANSWER, sequence, typeId, length);
    }

    void failure(final long sessionId, final long sequence, final Throwable error)
    {
        final Throwable cause = error instanceof io.hotpath.ReplyException && error.getCause() != null ?
            error.getCause() : error;
        final String text = cause.getClass().getName() + '\0' + (cause.getMessage() == null ? "" : cause.getMessage());
        send(sessionId, Protocol.FAILURE, sequence, cause.getMessage() == null ? 0 : 1,
            Protocol.putUtf8(buffer, Protocol.EGRESS_HEADER, text));
    }

    void resolved(final long sessionId, final long sequence, final int actorId)
    {
        send(sessionId, Protocol.RESOLVED, sequence, actorId, 0);
    }

    void ack(final long sessionId, final long sequence)
    {
        send(sessionId, Protocol.ACK, sequence, 0, 0);
    }

    void duplicate(final long sessionId, final long sequence)
    {
        send(sessionId, Protocol.DUPLICATE, sequence, 0, 0);
    }

    void reject(final long sessionId, final long sequence, final int why, final String reason)
    {
        send(sessionId, Protocol.REJECTED, sequence, why, Protocol.putUtf8(buffer, Protocol.EGRESS_HEADER, reason));
    }

    private void send(final long sessionId, final byte kind, final long sequence, final int typeId, final int length)
    {
        final ClientSession session = cluster.getClientSession(sessionId);
        if (session == null)
        {
            return;   // the client has gone; its ask ends by its timeout, or it sends the ask again
        }
        buffer.putByte(Protocol.KIND_OFFSET, kind);
        buffer.putLong(Protocol.EGRESS_SEQUENCE_OFFSET, sequence, LE);
        buffer.putInt(Protocol.EGRESS_TYPE_OFFSET, typeId, LE);
        final IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
        {
            final long result = session.offer(buffer, 0, Protocol.EGRESS_HEADER + length);
            if (result > 0 || result == Publication.NOT_CONNECTED || result == Publication.CLOSED ||
                result == Publication.MAX_POSITION_EXCEEDED)
            {
                return;
            }
            idle.idle();
        }
        LOG.log(Level.WARNING, () -> "egress to cluster session " + sessionId + " pushed back " + MAX_ATTEMPTS +
            " times; answer to sequence " + sequence + " dropped (the client's ask ends by its timeout)");
    }
}
