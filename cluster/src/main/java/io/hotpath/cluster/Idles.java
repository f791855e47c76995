package io.hotpath.cluster;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * The idle strategies a member or a client may be told to use, by name. Stateless; each call makes a fresh strategy,
 * as every agent needs its own.
 */
final class Idles
{
    private Idles()
    {
    }

    /**
     * {@return a fresh strategy of that name}
     *
     * @param name {@code backoff}, {@code busy-spin}, {@code yield} or {@code sleep}.
     * @throws IllegalArgumentException naming the choices, for any other name.
     */
    static IdleStrategy of(final String name)
    {
        return switch (String.valueOf(name))
        {
            case "backoff" -> new BackoffIdleStrategy(10, 20, 1_000, 1_000_000);
            case "busy-spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            case "sleep" -> new SleepingMillisIdleStrategy(1);
            default -> throw new IllegalArgumentException("idle strategy '" + name + "' is not one of backoff, " +
                "busy-spin, yield, sleep");
        };
    }
}
