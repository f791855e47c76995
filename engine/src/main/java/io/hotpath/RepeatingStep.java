package io.hotpath;

/**
 * Work an actor does again and again between its messages, e.g. polling a market-data feed: its worker runs it
 * once per duty cycle, under the actor's exclusion, for as long as the actor lives. What it returns counts as work
 * for the worker's idle strategy. An exception goes to the actor's fault policy, as a handler's would.
 */
@FunctionalInterface
public interface RepeatingStep
{
    /**
     * {@return the work done; 0 when there was nothing to do}
     *
     * @throws Exception handed to the actor's fault policy.
     */
    int doWork() throws Exception;
}
