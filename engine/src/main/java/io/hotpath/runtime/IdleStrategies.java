package io.hotpath.runtime;

import io.hotpath.Idle;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * Makes the strategy for each {@link Idle}: Agrona's for those that never park, {@link ParkingIdle} for those that
 * may. Stateless.
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
            case BACKOFF -> new ParkingIdle(64, 64, 1_000, maxParkNs);
            case PARK -> new ParkingIdle(0, 0, maxParkNs, maxParkNs);
        };
    }
}
