package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.hotpath.remote.NodeAddress;
import org.agrona.collections.Long2ObjectHashMap;

import java.security.SecureRandom;
import java.util.concurrent.ConcurrentHashMap;

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

    // control agent only
    long lastHeardNs;
    boolean acked;
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
