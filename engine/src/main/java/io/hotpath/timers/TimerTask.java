package io.hotpath.timers;

/**
 * Work a worker does when a deadline passes. Runs on the worker that scheduled it.
 */
@FunctionalInterface
public interface TimerTask
{
    /**
     * @param nowNs the worker's clock when the timer fired.
     */
    void onExpiry(long nowNs);
}
