package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.hotpath.remote.NodeAddress;
import org.agrona.collections.Long2ObjectHashMap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.security.SecureRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection to one incarnation of a peer node: made when its hello arrives, up once both sides know each
 * other's key and this side's publications to it are connected, lost for good after (a later connection to the same
 * incarnation, after a pause say, is a session of its own with new keys). Internal.
 * <p>
 * Keys: each side draws a random key for its session; a data frame names the receiver's key and the sender's, so a
 * frame of a lost session, or of an earlier incarnation, is never taken by a later session.
 * <p>
 * Owners: the control agent makes the session and writes {@link #state}; every other field it writes before the
 * volatile store that makes the session {@link #UP} (or registers it), which readers acquire; {@link #remoteKey} is
 * volatile of its own, as a worker may look at a registered session before it is up. Row {@code w} of
 * {@link #backlogs} and of {@link #publications} belongs to worker {@code w} (it closes its own row when the session
 * is lost); {@link #shared} to threads outside the engine (concurrent publications) and to the control agent, which
 * closes them. {@link #targets} is concurrent: the control agent adds to it, workers read it.
 * <p>
 * What went out and what came in, for the peer's acknowledgements: each worker of this node counts the data frames it
 * published to the peer and those it took from the peer in this session, in slots of its own (single writer, opaque
 * stores read with opaque loads, two cache lines apart); threads outside the engine count theirs in one atomic.
 * The peer says in every hello, and in its goodbye, how many of this node's frames it has taken; once the session is
 * lost, what was published and not acknowledged is added to the node's {@code possiblyLost}, when every worker and
 * the control agent have added their part ({@link #settle}), so that no send that raced with the loss is missed.
 */
final class Session
{
    /** Handshake under way: messages to the peer wait in backlogs. */
    static final int HANDSHAKE = 0;
    /** Connected. */
    static final int UP = 1;
    /** Lost for good: sends are dead letters, pending asks have failed. */
    static final int LOST = 2;

    private static final SecureRandom KEYS = new SecureRandom();
    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs between two workers' counters (and before the first): two cache lines, as Agrona pads. */
    private static final int STRIDE = 16;
    /** {@link #outsidePublished} once the session is lost: later increments stay negative. */
    private static final long SEALED = Long.MIN_VALUE;

    final NodeAddress address;
    final long remoteIncarnation;
    final int remoteWorkers;
    /** This side's key: data frames for this session name it. */
    final long localKey;
    /** The peer's key, once its hello has named it; 0 before. Written by the control agent only. */
    volatile long remoteKey;
    final ExclusivePublication[][] publications;
    final Publication[] shared;
    final Backlog[][] backlogs;
    /** The peer's published actors this node has resolved, by export id: one target per actor, shared by refs. */
    final ConcurrentHashMap<Integer, RemoteTarget> targets = new ConcurrentHashMap<>();
    /** Names the node in dead letters that concern no actor of it. */
    final RemoteRef<Object> nodeRef;
    /** Why the session was lost; written before {@link #state} becomes LOST. */
    String lostReason;
    volatile int state;
    /**
     * Per index of this node's codecs, why messages of that type are refused with the peer (the two codec tables
     * disagree), or null; the array itself is null until the peer's table has come, which is before the session is
     * up. Written once by the control agent.
     */
    volatile String[] refusedTypes;
    /**
     * How many of this node's data frames the peer has said it took: written by the control agent only, read by the
     * statistics from any thread.
     */
    volatile long acknowledged;

    private final NodeCounters counters;
    /** Per worker w of this node: at {@code (w + 1) * STRIDE} the frames it published, at the next slot those it took. */
    private final long[] counts;
    private final AtomicLong outsidePublished = new AtomicLong();
    private final AtomicLong settled = new AtomicLong();
    private final AtomicInteger unsettled;

    // control agent only
    long lastHeardNs;
    boolean acked;
    /** A hello naming this session's key has gone to the peer: it knows the key, so the codec table may follow. */
    boolean greeted;
    boolean tableSent;
    /** The peer's codec table as its parts arrive; null before the first and once whole. */
    CodecTable.Received peerTable;
    final long[][] publicationIds;
    final long[] sharedIds;
    final Long2ObjectHashMap<ResolveRequest> lookups = new Long2ObjectHashMap<>();
    final Long2ObjectHashMap<WatchRequest> watches = new Long2ObjectHashMap<>();

    Session(final NodeRuntime node, final NodeAddress address, final long remoteIncarnation, final int remoteWorkers,
        final int localWorkers)
    {
        this.address = address;
        this.remoteIncarnation = remoteIncarnation;
        this.remoteWorkers = remoteWorkers;
        this.localKey = newKey();
        this.publications = new ExclusivePublication[localWorkers][remoteWorkers];
        this.shared = new Publication[remoteWorkers];
        this.backlogs = new Backlog[localWorkers][remoteWorkers];
        this.publicationIds = new long[localWorkers][remoteWorkers];
        this.sharedIds = new long[remoteWorkers];
        this.nodeRef = new RemoteRef<>(node, address, "(node)");
        this.counters = node.counters;
        this.counts = new long[(localWorkers + 2) * STRIDE];
        this.unsettled = new AtomicInteger(localWorkers + 1);
    }

    // ---------------------------------------------------------------- counting frames

    /** A data frame went to the peer from this worker. Worker {@code worker} only. */
    void published(final int worker)
    {
        final int at = (worker + 1) * STRIDE;
        COUNTS.setOpaque(counts, at, counts[at] + 1);
    }

    /** A data frame went to the peer from a thread outside the engine; after the loss, it is possibly lost at once. */
    void publishedOutside()
    {
        if (outsidePublished.getAndIncrement() < 0)
        {
            counters.possiblyLost(1);
        }
    }

    /** A data frame of this session was taken from the stream by this worker. Worker {@code worker} only. */
    void taken(final int worker)
    {
        final int at = (worker + 1) * STRIDE + 1;
        COUNTS.setOpaque(counts, at, counts[at] + 1);
    }

    /** @return the peer's data frames this node has taken in this session, for its acknowledgements. Any thread. */
    long takenTotal()
    {
        long total = 0;
        for (int at = STRIDE + 1; at < counts.length; at += STRIDE)
        {
            total += (long)COUNTS.getOpaque(counts, at);
        }
        return total;
    }

    /** @return the data frames published to the peer and not yet acknowledged; for a live session. Any thread. */
    long unacknowledged()
    {
        long total = Math.max(0, outsidePublished.get());
        for (int at = STRIDE; at < counts.length; at += STRIDE)
        {
            total += (long)COUNTS.getOpaque(counts, at);
        }
        return Math.max(0, total - acknowledged);
    }

    /** The peer took this many of this node's frames (a hello or a goodbye said so). Control agent only. */
    void acknowledge(final long received)
    {
        if (received > acknowledged)
        {
            acknowledged = received;
        }
    }

    /** The session is lost: this worker publishes nothing more to it. Worker {@code worker}, once. */
    void settleWorker(final int worker)
    {
        settle(counts[(worker + 1) * STRIDE]);
    }

    /**
     * The session is lost: the control agent's part, once (after {@link #state} became LOST): what threads outside
     * the engine published, less what the peer acknowledged; outside sends that race with this count themselves.
     */
    void settleControl()
    {
        settle(outsidePublished.getAndSet(SEALED) - acknowledged);
    }

    private void settle(final long part)
    {
        settled.addAndGet(part);
        if (unsettled.decrementAndGet() == 0)
        {
            counters.possiblyLost(Math.max(0, settled.get()));
        }
    }

    private static long newKey()
    {
        long key = 0;
        while (key == 0)
        {
            key = KEYS.nextLong();
        }
        return key;
    }

    /**
     * The target of an export id of the peer, made on first need; control agent only (a lookup's result).
     *
     * @param exportId the actor's export id on the peer.
     * @param worker   the index of its worker there.
     * @param localWorkers this node's workers, one hold each.
     * @return the one target of that actor in this session.
     */
    RemoteTarget target(final int exportId, final int worker, final int localWorkers)
    {
        return targets.computeIfAbsent(exportId, id -> new RemoteTarget(this, id, worker, localWorkers));
    }

    /**
     * @return true once lost for good.
     */
    boolean isLost()
    {
        return state == LOST;
    }

    /**
     * @return a description of why the session was lost, for exceptions.
     */
    String lostMessage()
    {
        return "node " + address + " is unreachable: " + lostReason;
    }

    @Override
    public String toString()
    {
        return "Session[" + address + ", incarnation " + Long.toHexString(remoteIncarnation) + ", " +
            (state == UP ? "up" : state == LOST ? "lost: " + lostReason : "handshake") + "]";
    }
}
