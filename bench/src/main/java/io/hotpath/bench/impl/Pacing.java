package io.hotpath.bench.impl;

import io.hotpath.bench.scenario.Scenarios;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Constants and schedule arithmetic shared by the implementations, so every one sends the same traffic. Stateless.
 */
final class Pacing
{
    /** Messages a blasting or pacing sender sends before it lets its worker (or loop) do other work. */
    static final int BATCH = 64;
    /**
     * Envelopes of a fixed-rate sender; also the most messages it lets be in flight, and the size of the peers' queue
     * and ring in every fixed-rate row (they have no default of their own; the engine's are its defaults unless the
     * row's name says otherwise).
     */
    static final int FIXED_RATE_POOL = Scenarios.LARGE_QUEUE_FRAMES;
    /** Queue and ring size of blasts; also the most messages in flight into Pekko's unbounded mailboxes. */
    static final int BLAST_WINDOW = 1 << 14;
    /** Messages a Pekko receiver counts from one sender before it hands that sender a credit for as many more. */
    static final int CREDIT_STEP = 1 << 10;
    /** Messages the outside thread of fan-in sends per burst. */
    static final int OUTSIDE_BURST = 64;
    /** Pause of the outside thread of fan-in between bursts. */
    static final long OUTSIDE_PAUSE_NS = TimeUnit.MICROSECONDS.toNanos(50);
    /** Gap between wake-up messages: long enough for any idle strategy to reach its deepest sleep. */
    static final long WAKEUP_GAP_NS = TimeUnit.MILLISECONDS.toNanos(2);

    private Pacing()
    {
    }

    /**
     * @param startNs    when message 0 was meant to go.
     * @param index      0-based message index.
     * @param ratePerSec target rate.
     * @return when message {@code index} is meant to be sent: the schedule, never the actual send time.
     */
    static long intendedNs(final long startNs, final long index, final long ratePerSec)
    {
        // whole seconds apart from the remainder, so the product cannot overflow however long the run
        return startNs + (index / ratePerSec) * 1_000_000_000L +
            (index % ratePerSec) * 1_000_000_000L / ratePerSec;
    }

    /**
     * Park the calling thread for about {@code ns}; never spins.
     *
     * @param ns how long.
     */
    static void pause(final long ns)
    {
        final long endNs = System.nanoTime() + ns;
        long leftNs;
        while ((leftNs = endNs - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(leftNs);
        }
    }
}
