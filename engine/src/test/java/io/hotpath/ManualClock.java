package io.hotpath;



import java.time.Duration;

/**
 * A clock the test moves by hand, so timer behaviour is proven without sleeping.
 */
final class ManualClock implements EngineClock
{
    private volatile long nowNs = 1_000_000_000L;

    @Override
    public long nanoTime()
    {
        return nowNs;
    }

    void advance(final Duration by)
    {
        nowNs += by.toNanos();
    }
}
