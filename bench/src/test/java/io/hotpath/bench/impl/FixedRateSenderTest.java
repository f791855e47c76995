package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.measure.SliceLog;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixedRateSenderTest
{
    @Test
    void overdueMessagesGoAtOnceStampedWithTheirIntendedTimes()
    {
        final Probe probe = new Probe(false);
        final FixedRateSender sender = new FixedRateSender(1_000_000, probe, Faults.NONE);
        final List<Long> stamps = new ArrayList<>();
        final List<Long> sentAt = new ArrayList<>();
        final Outlet outlet = (m) ->
        {
            stamps.add(m.stampNs);
            sentAt.add(System.nanoTime());
            return true;
        };
        sender.start();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        assertTrue(sender.sendDue(outlet));
        // 2 ms behind at 1 message per microsecond: a full batch is overdue and goes in one call
        assertEquals(Pacing.BATCH, stamps.size());
        for (int i = 0; i < stamps.size(); i++)
        {
            assertEquals(stamps.get(0) + i * 1_000L, stamps.get(i), "message " + i + " keeps its place in the schedule");
            assertTrue(sentAt.get(i) - stamps.get(i) >= TimeUnit.MILLISECONDS.toNanos(1),
                "message " + i + " was sent late and its stamp says when it was due, not when it went");
        }
        probe.stop();
        assertFalse(sender.sendDue(outlet), "a stopped run sends nothing more");
        assertEquals(Pacing.BATCH, stamps.size());
    }

    @Test
    void whileMeasuredTheSenderKeepsTheMostMessagesInFlightLookingEvery256()
    {
        final Probe probe = new Probe(false);
        final FixedRateSender sender = new FixedRateSender(1_000_000, probe, Faults.NONE);
        final Outlet accepts = (m) -> true;
        sender.start();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(3));
        while (sender.sendDue(accepts) && probe.sent() < 600)
        {
            // in the warm-up: sent, never received, and not looked at
        }
        assertEquals(0, probe.mostInFlight(), "nothing is looked at before the measurement");
        probe.beginMeasure();
        final long before = probe.sent();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(3));
        while (probe.sent() < before + 600)
        {
            assertTrue(sender.sendDue(accepts));
        }
        // nothing was received: at each look every message sent so far was in flight; the last look was at the
        // last multiple of IN_FLIGHT_EVERY sent
        final long lastLook = probe.sent() / ProbeSender.IN_FLIGHT_EVERY * ProbeSender.IN_FLIGHT_EVERY;
        assertTrue(lastLook > before, "at least one look while measured");
        assertEquals(lastLook, probe.mostInFlight());
        probe.stop();
    }

    @Test
    void theScheduleIsExactAndDoesNotOverflow()
    {
        assertEquals(5L + 3_333L, Pacing.intendedNs(5, 1, 300_000));
        assertEquals(5L + 6_666L, Pacing.intendedNs(5, 2, 300_000));
        assertEquals(1_000_000_000L, Pacing.intendedNs(0, 300_000, 300_000));
        final long index = 50_000_000_000L;
        assertEquals(index * 1_000L, Pacing.intendedNs(0, index, 1_000_000), "50 G messages in, no overflow");
    }
    @Test
    void aPairedSenderJoinsTheFloorAndMovesItsScheduleOnBySliceLength() throws Exception
    {
        final long sliceNs = TimeUnit.MILLISECONDS.toNanos(50);
        final SliceLog log = new SliceLog(4);
        final Probe probe = new Probe(false, null, log);
        final FloorSlices floor = new FloorSlices(probe, sliceNs);
        final FixedRateSender sender = new FixedRateSender(100_000, probe, Faults.NONE, floor);
        final List<Long> stamps = new ArrayList<>();
        final Outlet outlet = (m) -> stamps.add(m.stampNs);
        // the receiver's thread: asks for a floor slice and runs it with the sender
        final Thread receiver = new Thread(() ->
        {
            // the recording thread: a message received begins the measurement's recording
            probe.onLatency(System.nanoTime(), System.nanoTime());
            floor.requestFloor();
            floor.runFloor();
        }, "floor-test-receiver");
        probe.beginMeasure();
        sender.start();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        assertTrue(sender.sendDue(outlet));
        final int beforeSlice = stamps.size();
        assertTrue(beforeSlice > 0, "1 ms in at 100k/s, messages were due");
        receiver.start();
        // the next call finds the request, runs the slice, then sends what is due on the moved schedule
        final long giveUpNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (log.floorSlices() == 0 || receiver.isAlive())
        {
            assertTrue(System.nanoTime() - giveUpNs < 0, "the slice ran");
            assertTrue(sender.sendDue(outlet));
            Thread.onSpinWait();
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        assertTrue(sender.sendDue(outlet));
        assertTrue(stamps.size() > beforeSlice, "the schedule goes on after the slice");
        long widestGap = 0;
        for (int i = 1; i < stamps.size(); i++)
        {
            final long gap = stamps.get(i) - stamps.get(i - 1);
            assertTrue(gap >= 10_000L, "each message keeps its place in the schedule, 10 us apart or more");
            widestGap = Math.max(widestGap, gap);
        }
        assertTrue(widestGap >= sliceNs, "the schedule moved on by the slice's length: widest gap " + widestGap +
            " ns; without the move the messages due in the slice would go at once, 10 us apart, after it");
        probe.stop();
    }
}
