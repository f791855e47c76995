package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;

/**
 * An open-loop sender: message i is due at {@code start + i / rate}, carries that INTENDED time as its stamp, and
 * when the sender falls behind (a stall, a full queue, a descheduled thread) it sends the overdue messages at once
 * with their intended stamps, so a stall is charged to every message it delays (no coordinated omission).
 * While measured it looks at the messages in flight (sent, not yet received) every
 * {@link ProbeSender#IN_FLIGHT_EVERY} sent, for the row's most in flight: the same measure of a backlog for every
 * implementation, whatever its queue.
 * In a paired row it joins the floor before a batch when its receiver asks, and then moves its schedule on by the
 * slice's length: a slice is time the row does not measure, not a stall ({@link FloorSlices}).
 * NOT thread safe: owned by the sending thread (an actor's worker, or a sender thread).
 */
final class FixedRateSender
{
    private static final int MASK = Pacing.FIXED_RATE_POOL - 1;
    private static final int IN_FLIGHT_MASK = ProbeSender.IN_FLIGHT_EVERY - 1;

    private final Envelope[] pool = Envelope.pool(Pacing.FIXED_RATE_POOL);
    private final long ratePerSec;
    private final Probe probe;
    private final ProbeSender sender;
    private final Faults faults;
    private final FloorSlices floor;
    private long startNs;
    private long next;
    private long receivedCache;

    FixedRateSender(final long ratePerSec, final Probe probe, final Faults faults)
    {
        this(ratePerSec, probe, faults, null);
    }

    /**
     * @param ratePerSec the schedule's rate.
     * @param probe      the run's probe; the sender registers now.
     * @param faults     the run's injected faults.
     * @param floor      the floor slices of a paired row, shared with the receiver; null for none.
     */
    FixedRateSender(final long ratePerSec, final Probe probe, final Faults faults, final FloorSlices floor)
    {
        this.ratePerSec = ratePerSec;
        this.probe = probe;
        this.sender = probe.newSender();
        this.faults = faults;
        this.floor = floor;
    }

    /**
     * Fix the schedule's origin; the sending thread, once, before the first {@link #sendDue}.
     */
    void start()
    {
        startNs = System.nanoTime();
    }

    /**
     * Send what is due now, at most a batch.
     *
     * @param outlet where messages go.
     * @return false once the run has stopped (the stop is acknowledged); the caller then stops calling.
     */
    boolean sendDue(final Outlet outlet)
    {
        if (!probe.sending())
        {
            sender.stop();
            return false;
        }
        if (floor != null && floor.floorRequested())
        {
            // the clock is read only around a slice: the loop's one clock read per batch stays the peers' too
            final long joinNs = System.nanoTime();
            floor.joinIfRequested(next);
            startNs += System.nanoTime() - joinNs;
        }
        final long nowNs = System.nanoTime();
        int sent = 0;
        while (sent < Pacing.BATCH)
        {
            final long intendedNs = Pacing.intendedNs(startNs, next, ratePerSec);
            if (intendedNs - nowNs > 0)
            {
                break;
            }
            if (next - receivedCache >= Pacing.FIXED_RATE_POOL && next - (receivedCache = probe.received()) >=
                Pacing.FIXED_RATE_POOL)
            {
                break;
            }
            final Envelope m = pool[(int)next & MASK];
            m.stampNs = intendedNs;
            m.sequence = next + 1;
            faults.maybeStall(m.sequence);
            if (!outlet.offer(m))
            {
                sender.refused();
                break;
            }
            next++;
            sent++;
            if ((next & IN_FLIGHT_MASK) == 0 && probe.measuring())
            {
                sender.noteInFlight(next - probe.received());
            }
        }
        if (sent > 0)
        {
            sender.sent(sent);
        }
        return true;
    }
}
