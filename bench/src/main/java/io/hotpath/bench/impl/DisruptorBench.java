package io.hotpath.bench.impl;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

/**
 * The LMAX Disruptor 4: pre-allocated ring buffers with {@code BusySpinWaitStrategy}, a {@code BatchEventProcessor}
 * thread per consumer; a ring per direction for round trips. Envelopes' fields are copied into ring slots, so
 * nothing is allocated. Used by the driver thread.
 */
public final class DisruptorBench implements BenchImpl
{
    private static final int MIN_CAPACITY = 1024;

    /** The blast's events carry the message: {@code disruptor-ref} ({@link ReferenceBlast}). */
    private final boolean carriesReference;

    /** The Disruptor as its users run it: {@code disruptor}. */
    public DisruptorBench()
    {
        this(false);
    }

    /**
     * @param carriesReference true for {@code disruptor-ref}: a blast whose events carry the message, as the engine's
     *                         frames and JCTools' slots do, instead of the claim alone.
     */
    public DisruptorBench(final boolean carriesReference)
    {
        this.carriesReference = carriesReference;
    }

    @Override
    public String name()
    {
        return carriesReference ? "disruptor-ref" : "disruptor";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        if (carriesReference)
        {
            return scenario.kind() == ScenarioKind.BLAST;
        }
        return switch (scenario.kind())
        {
            case ROUND_TRIP -> !scenario.colocated();
            case BLAST, FAN_IN, FIXED_RATE -> true;
            default -> false;
        };
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        if (carriesReference)
        {
            return ReferenceBlast.start(scenario, context, probe);
        }
        final Threads threads = new Threads();
        if (scenario.kind() == ScenarioKind.ROUND_TRIP)
        {
            roundTrip(threads, scenario, context, probe);
            return threads.start();
        }
        final boolean fanIn = scenario.kind() == ScenarioKind.FAN_IN;
        final int size = scenario.kind() == ScenarioKind.FIXED_RATE ? Pacing.FIXED_RATE_POOL : Pacing.BLAST_WINDOW;
        final RingBuffer<Envelope> ring = fanIn ?
            RingBuffer.createMultiProducer(Envelope::new, size, new BusySpinWaitStrategy()) :
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final Faults faults = context.faults();
        final FloorSlices floor = scenario.paired() ? new FloorSlices(probe, context.sliceNs()) : null;
        final FixedRateReceiver receiving = scenario.kind() == ScenarioKind.FIXED_RATE ?
            new FixedRateReceiver(probe, faults, floor) : null;
        final EventHandler<Envelope> handler = scenario.kind() == ScenarioKind.FIXED_RATE ?
            (m, seq, end) -> receiving.onMessage(m) :
            new EventHandler<>()
            {
                private long received;

                @Override
                public void onEvent(final Envelope m, final long seq, final boolean end)
                {
                    if (!faults.drops(++received))
                    {
                        probe.onMessage();
                    }
                    if (floor != null)
                    {
                        floor.onReceived(received);
                    }
                }
            };
        consumer(threads, "dsr-consumer", ring, handler);
        final boolean copy = scenario.kind() != ScenarioKind.BLAST;
        final Outlet outlet = (m) -> offer(ring, m, copy);
        if (scenario.kind() == ScenarioKind.FIXED_RATE)
        {
            final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults, floor);
            threads.add("dsr-sender", () ->
            {
                pacer.start();
                while (pacer.sendDue(outlet))
                {
                    Thread.onSpinWait();
                }
            });
            return threads.start();
        }
        final int producers = fanIn ? Math.max(1, context.workers() - 1) : 1;
        final int senders = fanIn ? producers + 1 : 1;
        for (int i = 0; i < producers; i++)
        {
            final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0, floor);
            threads.add("dsr-producer-" + i, () ->
            {
                while (blaster.send(outlet, Pacing.BATCH) != Blaster.STOPPED)
                {
                    Thread.onSpinWait();
                }
            });
        }
        if (fanIn)
        {
            final Blaster outside = new Blaster(probe, new Envelope(), senders, 0);
            threads.start();
            OutsideSender.start(outside, outlet);
            return threads;
        }
        return threads.start();
    }

    /**
     * Publish when the ring has room now. A blast passes nothing but the claim (as JCTools passes one reference);
     * fixed-rate and fan-in copy the message's fields into the slot. The room is checked without the claim's
     * store (a full ring refuses without writing the cursor) and without an exception.
     */
    private static boolean offer(final RingBuffer<Envelope> ring, final Envelope m, final boolean copy)
    {
        if (!ring.hasAvailableCapacity(1))
        {
            return false;
        }
        final long seq = ring.next();
        if (copy)
        {
            final Envelope slot = ring.get(seq);
            slot.stampNs = m.stampNs;
            slot.sequence = m.sequence;
            slot.threadId = m.threadId;
        }
        ring.publish(seq);
        return true;
    }

    static <E> void consumer(
        final Threads threads, final String name, final RingBuffer<E> ring, final EventHandler<E> handler)
    {
        final BatchEventProcessor<E> processor =
            new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), handler);
        ring.addGatingSequences(processor.getSequence());
        threads.add(name, processor);
        threads.onClose(processor::halt);
    }

    /**
     * A ring per direction, a processor thread per ring. Nothing is copied into a slot unless the row is written:
     * a claim and a publish carry the request, as the floor's value does.
     */
    private static void roundTrip(
        final Threads threads, final Scenario scenario, final RunContext context, final Probe probe)
    {
        final int size = Math.max(MIN_CAPACITY, Integer.highestOneBit(scenario.inFlight()) << 2);
        final RingBuffer<Envelope> pings =
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final RingBuffer<Envelope> pongs =
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final PingPong pingPong = PingPong.create(scenario, context, probe, true);
        final PingPong.Initiator initiator = pingPong.initiator();
        final PingPong.Responder responder = pingPong.responder();
        final Outlet toResponder = scenario.written() ? (m) -> publishCopy(pings, m) : (m) -> publishBare(pings);
        final Outlet toInitiator = scenario.written() ? (m) -> publishCopy(pongs, m) : (m) -> publishBare(pongs);
        consumer(threads, "dsr-initiator", pongs, new EventHandler<>()
        {
            @Override
            public void onStart()
            {
                initiator.start(toResponder);
            }

            @Override
            public void onEvent(final Envelope m, final long sequence, final boolean endOfBatch)
            {
                initiator.onPong(m, toResponder);
            }
        });
        consumer(threads, "dsr-responder", pings, (m, sequence, endOfBatch) -> responder.onPing(m, toInitiator));
    }

    private static boolean publishBare(final RingBuffer<Envelope> ring)
    {
        ring.publish(ring.next());
        return true;
    }

    private static boolean publishCopy(final RingBuffer<Envelope> ring, final Envelope m)
    {
        final long seq = ring.next();
        final Envelope slot = ring.get(seq);
        slot.stampNs = m.stampNs;
        slot.threadId = m.threadId;
        ring.publish(seq);
        return true;
    }
}
