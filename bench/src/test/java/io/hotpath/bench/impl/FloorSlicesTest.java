package io.hotpath.bench.impl;

import io.hotpath.bench.measure.IntervalSeries;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.SliceLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FloorSlicesTest
{
    private static final long SLICE_NS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final Object REQUEST = new Object();
    private static final Object EXIT = new Object();

    @Test
    void aResponderThatJoinsLateLeavesAtOnceAndTheNextSliceRunsOnBothThreads() throws Exception
    {
        final SliceLog log = new SliceLog(8);
        final Probe probe = new Probe(false, new IntervalSeries(SLICE_NS, 4), log);
        final FloorSlices floor = new FloorSlices(probe, SLICE_NS);
        // the implementation's channel: a queue publishes the request as an engine's inbound queue would
        final LinkedBlockingQueue<Object> toResponder = new LinkedBlockingQueue<>();
        final Thread responder = new Thread(() ->
        {
            try
            {
                Object m;
                while ((m = toResponder.take()) != EXIT)
                {
                    if (m == REQUEST && floor.floorRequested())
                    {
                        floor.respondFloor();
                    }
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, "floor-test-responder");
        responder.start();
        probe.beginMeasure();
        probe.onRoundTrip(0, 100, 1, 2);
        assertFalse(floor.floorDue(System.nanoTime()), "the first round trip starts the implementation's slice");

        // the request never reaches the responder in time: the initiator gives the slice up after a second
        floor.requestFloor();
        floor.runFloor();
        assertEquals(1, log.abandonedSlices());
        assertEquals(0, log.floorSlices(), "an abandoned slice records nothing");
        assertFalse(floor.floorDue(System.nanoTime() + SLICE_NS), "no new slice until the responder has seen the last");

        // the late request arrives: the responder leaves at once, and the next slice runs on both threads
        toResponder.put(REQUEST);
        final long giveUpNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!floor.floorDue(System.nanoTime() + SLICE_NS))
        {
            assertTrue(System.nanoTime() - giveUpNs < 0, "the responder saw the late request");
            Thread.onSpinWait();
        }
        floor.requestFloor();
        toResponder.put(REQUEST);
        floor.runFloor();
        assertEquals(1, log.floorSlices());
        assertTrue(log.floor(0).getTotalCount() > 0, "the floor's round trips were recorded in its slice");
        assertTrue(log.floorEndNs(0) - log.floorStartNs(0) >= SLICE_NS, "the slice lasted its length");

        toResponder.put(EXIT);
        responder.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(responder.isAlive());
    }
    @Test
    void aFixedRateReceiverLeavesUnrecordedTheMessagesThatWaitedThroughAFloorSlice() throws Exception
    {
        final SliceLog log = new SliceLog(8);
        final Probe probe = new Probe(false, null, log);
        final FloorSlices floor = new FloorSlices(probe, SLICE_NS);
        final FixedRateReceiver receiver = new FixedRateReceiver(probe, Faults.NONE, floor);
        // the sender's thread: it has sent messages 1 to 5 when it joins the slice; 3 to 5 are still queued
        final Thread sender = new Thread(() ->
        {
            while (!floor.joinIfRequested(5))
            {
                Thread.onSpinWait();
            }
        }, "floor-test-sender");
        sender.start();
        probe.beginMeasure();
        receiver.onMessage(envelope(1));
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(SLICE_NS) + 1);
        // the slice is over: this message's receipt starts a floor slice, which the sender joins
        receiver.onMessage(envelope(2));
        assertEquals(1, log.floorSlices(), "a floor slice ran on the two threads");
        assertTrue(log.floor(0).getTotalCount() > 0);
        for (int i = 3; i <= 6; i++)
        {
            receiver.onMessage(envelope(i));
        }
        sender.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(sender.isAlive());
        assertEquals(6, probe.received(), "every message is counted as received");
        assertEquals(3, probe.measured(), "1, 2 and 6 are recorded; 3, 4 and 5 waited through the slice");
        final Histogram recorded = probe.histogram();
        assertEquals(3, recorded.getTotalCount());
        assertTrue(recorded.getMaxValue() < SLICE_NS, "no recorded latency holds the slice: " + recorded.getMaxValue());
    }

    private static Envelope envelope(final long sequence)
    {
        final Envelope m = new Envelope();
        m.sequence = sequence;
        m.stampNs = System.nanoTime();
        return m;
    }
}
