package io.hotpath.metrics;

/**
 * One actor's counters at one moment. Immutable.
 *
 * @param id          the actor's id.
 * @param name        the actor's name.
 * @param worker      the index of its worker.
 * @param handled     messages handed to its handler.
 * @param handoffs    messages run at once without waiting in the mailbox (direct handoff): on a local sender's
 *                    stack, or straight from the inbound queue when the actor was idle.
 * @param reschedules messages appended to its mailbox (the actor was busy or had a backlog).
 * @param exceptions  exceptions its handler or factory threw.
 * @param deadLetters messages for it that went to dead letters on its worker.
 * @param waitNs      how long its frames from other threads waited in its worker's inbound queue; null unless it
 *                    was spawned with {@code ActorBuilder.histograms()}.
 * @param handlerNs   how long its handler ran, per message; null unless it was spawned with histograms.
 */
public record ActorStats(
    int id, String name, int worker, long handled, long handoffs, long reschedules, long exceptions, long deadLetters,
    LatencyStats waitNs, LatencyStats handlerNs)
{
}
