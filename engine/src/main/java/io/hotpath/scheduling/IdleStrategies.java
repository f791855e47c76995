package io.hotpath.scheduling;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * Turns the idle strategy names of the configuration into Agrona's strategies. Stateless.
 */
public final class IdleStrategies
{
    private IdleStrategies()
    {
    }

    /**
     * @param name      busy-spin, yield, backoff or park.
     * @param maxParkNs longest park of backoff and park.
     * @return a new strategy; each worker needs its own.
     */
    public static IdleStrategy create(final String name, final long maxParkNs)
    {
        return switch (name)
        {
            case "busy-spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            case "backoff" -> new BackoffIdleStrategy(64, 64, 1_000, maxParkNs);
            case "park" -> new SleepingIdleStrategy(maxParkNs);
            default -> throw new IllegalArgumentException(
                "unknown idle strategy '" + name + "': use busy-spin, yield, backoff or park");
        };
    }

    /**
     * @param name a strategy name.
     * @return true when the strategy may park the thread, so a sender must wake it.
     */
    public static boolean mayPark(final String name)
    {
        return "backoff".equals(name) || "park".equals(name);
    }
}
