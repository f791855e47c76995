package io.hotpath.remote;

/**
 * A snapshot of a node's counters ({@link RemoteNode#stats()}, and over JMX {@link NodeMXBean}). A data frame is
 * one tell, ask or answer. Immutable.
 *
 * @param address         the node's address.
 * @param peers           the sessions up now, one per peer node reached.
 * @param unacknowledged  data frames published to the peers of live sessions and not yet acknowledged by them (each
 *                        peer acknowledges, in every heartbeat, the frames of this node it has taken): what the loss
 *                        of every peer now would add to {@code possiblyLost}, at most.
 * @param possiblyLost    data frames published to peers that were then lost (killed, cut off, or closed) before they
 *                        acknowledged them: each was taken by the peer before it went, or lost with it; which, no
 *                        node can say, and none is sent again (at most once). Frames the peer took after its last
 *                        acknowledgement are among them, so it can count more than were lost, never fewer.
 * @param refusedSends    sends refused for back-pressure: offers that returned false, and tells and asks refused with a
 *                        {@link io.hotpath.QueueFullException} (fail, or wait where a worker's backlog or hold is
 *                        full or an outside thread waited {@code send.timeoutNs}); drop's refusals are QUEUE_FULL dead
 *                        letters, counted by the engine.
 * @param codecMismatches type ids refused with a peer because the two nodes' codec tables disagree, counted once per
 *                        session in which they were found.
 */
public record NodeStats(String address, int peers, long unacknowledged, long possiblyLost, long refusedSends,
    long codecMismatches)
{
}
