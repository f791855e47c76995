package io.hotpath;

/**
 * The clock an engine measures its time by: timers, ask timeouts, restart backoff, await deadlines. The default is
 * {@link System#nanoTime()}; a test may pass a clock it moves itself. Implementations are thread safe: every worker
 * and any asking thread read it.
 */
@FunctionalInterface
public interface EngineClock
{
    /** The system's monotonic clock. */
    EngineClock SYSTEM = System::nanoTime;

    /**
     * {@return nanoseconds from an arbitrary origin, never going back}
     */
    long nanoTime();
}
