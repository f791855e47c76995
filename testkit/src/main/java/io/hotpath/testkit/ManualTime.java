package io.hotpath.testkit;

import io.hotpath.EngineClock;

import java.time.Duration;

/**
 * A clock that moves only when told to: the virtual time of an {@link ActorTestKit}'s engine, whose timers, ask
 * timeouts, restart backoff and {@code Await.sleep} fall due only as it moves. Usable alone with an engine a test
 * drives itself ({@code EngineConfig.builder().clock(time)}); moving it runs nothing by itself. Thread safe: one
 * thread moves it, any thread reads it.
 */
public final class ManualTime implements EngineClock
{
    /** Where a new clock starts: far from zero, so that no deadline computed from it is near overflow or zero. */
    public static final long START_NS = 1_000_000_000L;

    private volatile long nowNs = START_NS;

    /** A clock at {@link #START_NS}. */
    public ManualTime()
    {
    }

    @Override
    public long nanoTime()
    {
        return nowNs;
    }

    /**
     * Move the clock forward; nothing runs until the engine's workers next read it.
     *
     * @param by not negative.
     * @throws IllegalArgumentException when negative: the engine's clock never goes back.
     */
    public void advance(final Duration by)
    {
        advanceNs(by.toNanos());
    }

    void advanceNs(final long byNs)
    {
        if (byNs < 0)
        {
            throw new IllegalArgumentException("time never goes back: cannot advance by " + byNs + " ns");
        }
        nowNs += byNs;
    }

    @Override
    public String toString()
    {
        return "ManualTime[+" + Duration.ofNanos(nowNs - START_NS) + "]";
    }
}
