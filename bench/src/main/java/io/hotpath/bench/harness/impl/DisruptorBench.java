package io.hotpath.bench.harness.impl;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.bench.harness.BenchImpl;
import io.hotpath.bench.harness.Faults;
import io.hotpath.bench.harness.Probe;
import io.hotpath.bench.harness.RunContext;
import io.hotpath.bench.harness.Scenario;
import io.hotpath.bench.harness.ScenarioKind;
import io.hotpath.bench.harness.Trial;

/**
 * The LMAX Disruptor 4: pre-allocated ring buffers with {@code BusySpinWaitStrategy}, a {@code BatchEventProcessor}
 * thread per consumer; a ring per direction for round trips. Envelopes' fields are copied into ring slots, so
 * nothing is allocated. Used by the driver thread.
 */
public final class DisruptorBench implements BenchImpl
{
    private static final int MIN_CAPACITY = 1024;

    @Override
    public String name()
    {
        return "disruptor";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
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
        final Threads threads = new Threads();
        if (scenario.kind() == ScenarioKind.ROUND_TRIP)
        {
            roundTrip(threads, scenario.inFlight(), probe, context.faults());
            return threads.start();
        }
        final boolean fanIn = scenario.kind() == ScenarioKind.FAN_IN;
        final int size = scenario.kind() == ScenarioKind.FIXED_RATE ? Pacing.FIXED_RATE_POOL : Pacing.BLAST_WINDOW;
        final RingBuffer<Envelope> ring = fanIn ?
            RingBuffer.createMultiProducer(Envelope::new, size, new BusySpinWaitStrategy()) :
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final Faults faults = context.faults();
        final EventHandler<Envelope> handler = scenario.kind() == ScenarioKind.FIXED_RATE ?
            (m, seq, end) ->
            {
                final long nowNs = System.nanoTime();
                if (!faults.drops(m.sequence))
                {
                    probe.onLatency(nowNs - m.stampNs);
                }
            } :
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
                }
            };
        consumer(threads, "dsr-consumer", ring, handler);
        final Outlet outlet = (m) -> publish(ring, m);
        if (scenario.kind() == ScenarioKind.FIXED_RATE)
        {
            final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults);
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
            final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0);
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

    private static boolean publish(final RingBuffer<Envelope> ring, final Envelope m)
    {
        final long seq;
        try
        {
            seq = ring.tryNext();
        }
        catch (final InsufficientCapacityException full)
        {
            return false;
        }
        final Envelope slot = ring.get(seq);
        slot.stampNs = m.stampNs;
        slot.sequence = m.sequence;
        slot.threadId = m.threadId;
        ring.publish(seq);
        return true;
    }

    private static void consumer(
        final Threads threads, final String name, final RingBuffer<Envelope> ring,
        final EventHandler<Envelope> handler)
    {
        final BatchEventProcessor<Envelope> processor =
            new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), handler);
        ring.addGatingSequences(processor.getSequence());
        threads.add(name, processor);
        threads.onClose(processor::halt);
    }

    private static void roundTrip(final Threads threads, final int inFlight, final Probe probe, final Faults faults)
    {
        final int size = Math.max(MIN_CAPACITY, Integer.highestOneBit(inFlight) << 2);
        final RingBuffer<Envelope> pings =
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final RingBuffer<Envelope> pongs =
            RingBuffer.createSingleProducer(Envelope::new, size, new BusySpinWaitStrategy());
        final Probe.Sender sender = probe.newSender();
        consumer(threads, "dsr-initiator", pongs, new EventHandler<>()
        {
            private long self;
            private boolean stopped;

            @Override
            public void onStart()
            {
                self = Thread.currentThread().threadId();
                for (int i = 0; i < inFlight; i++)
                {
                    final long seq = pings.next();
                    pings.get(seq).stampNs = System.nanoTime();
                    sender.sent();
                    pings.publish(seq);
                }
            }

            @Override
            public void onEvent(final Envelope m, final long sequence, final boolean endOfBatch)
            {
                probe.onRoundTrip(System.nanoTime() - m.stampNs, m.threadId, self);
                if (!stopped && probe.sending())
                {
                    final long seq = pings.next();
                    pings.get(seq).stampNs = System.nanoTime();
                    sender.sent();
                    pings.publish(seq);
                }
                else if (!stopped)
                {
                    stopped = true;
                    sender.stop();
                }
            }
        });
        consumer(threads, "dsr-responder", pings, new EventHandler<>()
        {
            private long self;
            private long received;

            @Override
            public void onStart()
            {
                self = Thread.currentThread().threadId();
            }

            @Override
            public void onEvent(final Envelope m, final long sequence, final boolean endOfBatch)
            {
                if (faults.drops(++received))
                {
                    return;
                }
                final long seq = pongs.next();
                final Envelope slot = pongs.get(seq);
                slot.stampNs = m.stampNs;
                slot.threadId = self;
                pongs.publish(seq);
            }
        });
    }
}
