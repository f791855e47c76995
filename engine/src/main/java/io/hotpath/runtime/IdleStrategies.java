package io.hotpath.runtime;

import io.hotpath.Idle;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * Makes Agrona's strategy for each {@link Idle}. Stateless.
 */
final class IdleStrategies
{
    private IdleStrategies()
    {
    }

    /**
     * @param idle      the configured strategy.
     * @param maxParkNs longest park of backoff and park.
     * @return a new strategy; each worker needs its own.
     */
    static IdleStrategy create(final Idle idle, final long maxParkNs)
    {
        return switch (idle)
        {
            case BUSY_SPIN -> new BusySpinIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            case BACKOFF -> new BackoffIdleStrategy(64, 64, 1_000, maxParkNs);
            case PARK -> new SleepingIdleStrategy(maxParkNs);
        };
    }
}
