package io.hotpath.metrics;

/**
 * One worker's counters at one moment: the sums over its actors, live and stopped. Immutable.
 *
 * @param index            the worker's index.
 * @param name             its thread name.
 * @param idle             its idle strategy.
 * @param embedded         true when a service thread drives it.
 * @param handled          messages handed to handlers.
 * @param handoffs         direct handoffs.
 * @param reschedules      messages appended to mailboxes.
 * @param exceptions       exceptions thrown by its actors.
 * @param deadLetters      dead letters found on this worker.
 * @param inboundHighWater most frames seen at once in its inbound queue or in one lane to it, since the start or the
 *                         last {@code Engine.resetHighWater()}.
 * @param inboundSize      frames in its inbound queue and the lanes to it now.
 * @param awaitSuspensions awaits that suspended their method.
 * @param awaitSpins       awaits whose answer from another worker came back while they spun, without suspending.
 * @param loopStacks       continuations its loop has run on (see {@code await.onLoopStack}): one more than the most
 *                         methods ever suspended at once with the loop's stack; 0 when the loop runs on none.
 * @param outboundHighWater most messages it kept at once for other workers whose lanes (or inbound queues) were
 *                         full, since the start or the last {@code Engine.resetHighWater()}.
 * @param congestedActors  its actors whose mailboxes are above their capacity now (marked congested: senders apply
 *                         the full-queue policy at the source for them).
 * @param congestedHolds   holds its sending actors wait in now until a congested target catches up, one per sender
 *                         and target.
 * @param interruptsCleared times a handler left the thread's interrupt flag set and the worker cleared it.
 * @param terminated       true once it has finished after close.
 * @param stalls           turns that ran longer than {@code stall.thresholdNs}, each counted once; 0 when off.
 * @param longestStallNs   the longest of them so far, as far as the stall watcher saw it run.
 * @param waitNs           how long frames from other threads waited in its inbound queue or lanes (send to take);
 *                         null unless {@code histograms=true}.
 * @param handlerNs        how long its handlers ran, per message; null unless {@code histograms=true}.
 */
public record WorkerStats(
    int index,
    String name,
    String idle,
    boolean embedded,
    long handled,
    long handoffs,
    long reschedules,
    long exceptions,
    long deadLetters,
    int inboundHighWater,
    int inboundSize,
    long awaitSuspensions,
    long awaitSpins,
    int loopStacks,
    int outboundHighWater,
    int congestedActors,
    int congestedHolds,
    long interruptsCleared,
    boolean terminated,
    long stalls,
    long longestStallNs,
    LatencyStats waitNs,
    LatencyStats handlerNs)
{
}
