package io.hotpath.bench.impl;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;

/**
 * The blast of {@code disruptor-ref}: the Disruptor's single-producer ring and batch processor, as in the
 * {@code disruptor} row, but each event carries the message, as the engine's frames and JCTools' slots do. The
 * producer stores the message's reference into its claimed event before it publishes it; the consumer reads it,
 * hands it on and clears the event, so the ring keeps no message once handled (neither the engine's queues nor
 * JCTools' do). The {@code disruptor} row's blast passes the claim alone: nothing but its sequence crosses. The two
 * rows in one run show what carrying a message costs the Disruptor itself.
 */
final class ReferenceBlast
{
    private ReferenceBlast()
    {
    }

    /** An event of the ring: the message it carries, null once taken. */
    static final class Carrier
    {
        Object message;
    }

    static Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final Threads threads = new Threads();
        final RingBuffer<Carrier> ring =
            RingBuffer.createSingleProducer(Carrier::new, Pacing.BLAST_WINDOW, new BusySpinWaitStrategy());
        final Faults faults = context.faults();
        final FloorSlices floor = scenario.paired() ? new FloorSlices(probe, context.sliceNs()) : null;
        DisruptorBench.consumer(threads, "dsr-ref-consumer", ring, new EventHandler<>()
        {
            private long received;

            @Override
            public void onEvent(final Carrier event, final long sequence, final boolean endOfBatch)
            {
                final Object message = event.message;
                event.message = null;
                if (message == null)
                {
                    throw new IllegalStateException("event " + sequence + " was published without its message");
                }
                if (!faults.drops(++received))
                {
                    probe.onMessage();
                }
                if (floor != null)
                {
                    floor.onReceived(received);
                }
            }
        });
        final Blaster blaster = new Blaster(probe, new Envelope(), 1, 0, floor);
        final Outlet outlet = (m) -> offer(ring, m);
        threads.add("dsr-ref-producer", () ->
        {
            while (blaster.send(outlet, Pacing.BATCH) != Blaster.STOPPED)
            {
                Thread.onSpinWait();
            }
        });
        return threads.start();
    }

    /** Publish the message in the next event when the ring has room now, as the {@code disruptor} row's offer. */
    private static boolean offer(final RingBuffer<Carrier> ring, final Object message)
    {
        if (!ring.hasAvailableCapacity(1))
        {
            return false;
        }
        final long sequence = ring.next();
        ring.get(sequence).message = message;
        ring.publish(sequence);
        return true;
    }
}
