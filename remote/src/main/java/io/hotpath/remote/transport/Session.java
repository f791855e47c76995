package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.hotpath.remote.NodeAddress;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * One connection to one incarnation of a peer node: made when its hello arrives, up once both sides know each
 * other and this side's publications to it are connected, lost for good after. Internal.
 * <p>
 * Owners: the control worker makes the session and writes {@link #state}; every other field it writes before the
 * volatile store that makes the session {@link #UP} (or registers it), which readers acquire. Row {@code w} of
 * {@link #backlogs} and of {@link #publications} belongs to worker {@code w} (it closes its own row when the session
 * is lost); {@link #shared} to threads outside the engine (concurrent publications) and to the control worker,
 * which closes them.
 */
final class Session
{
    /** Handshake under way: messages to the peer wait in backlogs. */
    static final int HANDSHAKE = 0;
    /** Connected. */
    static final int UP = 1;
    /** Lost for good: sends are dead letters, pending asks have failed. */
    static final int LOST = 2;

    final NodeAddress address;
    final long remoteIncarnation;
    final int remoteWorkers;
    final ExclusivePublication[][] publications;
    final Publication[] shared;
    final Backlog[][] backlogs;
    /** Names the node in dead letters that concern no actor of it. */
    final RemoteRef<Object> nodeRef;
    /** Why the session was lost; written before {@link #state} becomes LOST. */
    String lostReason;
    volatile int state;

    // control worker only
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
        this.publications = new ExclusivePublication[localWorkers][remoteWorkers];
        this.shared = new Publication[remoteWorkers];
        this.backlogs = new Backlog[localWorkers][remoteWorkers];
        this.publicationIds = new long[localWorkers][remoteWorkers];
        this.sharedIds = new long[remoteWorkers];
        this.nodeRef = new RemoteRef<>(node, address, "(node)");
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
