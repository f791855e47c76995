package io.hotpath.runtime;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.locks.LockSupport;

/**
 * The idle strategy of a worker that may park ({@code backoff}, {@code park}): spins, then yields, then parks for a
 * period that doubles from {@code minParkNs} to {@code maxParkNs}, as Agrona's {@code BackoffIdleStrategy} does; and it
 * says when its next idle is a park ({@link #parksNext}), so the worker's loop takes the sleep handshake (its flag,
 * which senders read and unpark on) only then. A worker that is only spinning or yielding between two messages sets
 * no flag: its senders find nobody to unpark, and it pays no fence per idle cycle
 * (docs/lab/2026-11-28-sleep-flag-only-before-a-park.md).
 * <p>
 * NOT thread safe: its worker's thread only.
 */
final class ParkingIdle implements IdleStrategy
{
    private final long maxSpins;
    private final long maxYields;
    private final long minParkNs;
    private final long maxParkNs;
    private long spins;
    private long yields;
    private long parkNs;

    /**
     * @param maxSpins  idle calls that spin before yielding.
     * @param maxYields idle calls that yield before parking.
     * @param minParkNs first park, positive.
     * @param maxParkNs longest park, at least {@code minParkNs}.
     */
    ParkingIdle(final long maxSpins, final long maxYields, final long minParkNs, final long maxParkNs)
    {
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNs = minParkNs;
        this.maxParkNs = maxParkNs;
        this.parkNs = minParkNs;
    }

    /** @return true when the next idle call parks: the spins and the yields are spent. */
    boolean parksNext()
    {
        return spins >= maxSpins && yields >= maxYields;
    }

    /** Spin or yield once; the caller knows the next idle does not park ({@link #parksNext()} is false). */
    void spinOrYield()
    {
        if (spins < maxSpins)
        {
            spins++;
            Thread.onSpinWait();
        }
        else
        {
            yields++;
            Thread.yield();
        }
    }

    /** Park for the current period, then double it up to the longest. */
    void park()
    {
        LockSupport.parkNanos(parkNs);
        parkNs = Math.min(parkNs << 1, maxParkNs);
    }

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        if (parksNext())
        {
            park();
        }
        else
        {
            spinOrYield();
        }
    }

    @Override
    public void reset()
    {
        spins = 0;
        yields = 0;
        parkNs = minParkNs;
    }

    @Override
    public String alias()
    {
        return maxSpins == 0 && maxYields == 0 ? "park" : "backoff";
    }
}
