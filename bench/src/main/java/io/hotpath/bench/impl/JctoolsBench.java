package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import org.jctools.queues.atomic.MpscAtomicArrayQueue;

/**
 * Plain queues between busy-spinning threads: JCTools' {@code MpscAtomicArrayQueue} (the VarHandle-free,
 * Unsafe-free variant), one queue per direction, the shape of an actor's many-to-one inbox without an engine
 * around it. Used by the driver thread.
 */
public final class JctoolsBench implements BenchImpl
{
    private static final int MIN_CAPACITY = 1024;

    @Override
    public String name()
    {
        return "jctools";
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
        final Faults faults = context.faults();
        final Threads threads = new Threads();
        if (scenario.kind() == ScenarioKind.ROUND_TRIP)
        {
            roundTrip(threads, scenario, context, probe);
        }
        else
        {
            final MpscAtomicArrayQueue<Envelope> queue = new MpscAtomicArrayQueue<>(
                scenario.kind() == ScenarioKind.FIXED_RATE ? Pacing.FIXED_RATE_POOL : Pacing.BLAST_WINDOW);
            final boolean latency = scenario.kind() == ScenarioKind.FIXED_RATE;
            final FloorSlices floor = scenario.paired() ? new FloorSlices(probe, context.sliceNs()) : null;
            final FixedRateReceiver receiving = latency ? new FixedRateReceiver(probe, faults, floor) : null;
            threads.add("jct-consumer", () -> consume(threads, queue, probe, faults, receiving, floor));
            if (latency)
            {
                final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults, floor);
                threads.add("jct-sender", () ->
                {
                    pacer.start();
                    final Outlet outlet = queue::offer;
                    while (pacer.sendDue(outlet))
                    {
                        Thread.onSpinWait();
                    }
                });
            }
            else
            {
                final int producers = scenario.kind() == ScenarioKind.FAN_IN ? Math.max(1, context.workers() - 1) : 1;
                final int senders = scenario.kind() == ScenarioKind.FAN_IN ? producers + 1 : 1;
                for (int i = 0; i < producers; i++)
                {
                    final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0, floor);
                    threads.add("jct-producer-" + i, () ->
                    {
                        final Outlet outlet = queue::offer;
                        while (blaster.send(outlet, Pacing.BATCH) != Blaster.STOPPED)
                        {
                            Thread.onSpinWait();
                        }
                    });
                }
                if (scenario.kind() == ScenarioKind.FAN_IN)
                {
                    final Blaster outside = new Blaster(probe, new Envelope(), senders, 0);
                    threads.start();
                    OutsideSender.start(outside, queue::offer);
                    return threads;
                }
            }
        }
        return threads.start();
    }

    /**
     * The receiving loop of blast, fan-in and fixed-rate, written out rather than through {@link #poll}: at tens of
     * millions of messages per second a handler called through an interface that the round-trip rows made
     * megamorphic would cost JCTools a share of its rate.
     */
    private static void consume(
        final Threads threads, final MpscAtomicArrayQueue<Envelope> queue, final Probe probe, final Faults faults,
        final FixedRateReceiver receiving, final FloorSlices floor)
    {
        long received = 0;
        while (true)
        {
            final Envelope m = queue.relaxedPoll();
            if (m == null)
            {
                if (threads.halted())
                {
                    return;
                }
                Thread.onSpinWait();
            }
            else if (receiving != null)
            {
                receiving.onMessage(m);
            }
            else
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
        }
    }

    private static void roundTrip(
        final Threads threads, final Scenario scenario, final RunContext context, final Probe probe)
    {
        final int capacity = Math.max(MIN_CAPACITY, Integer.highestOneBit(scenario.inFlight()) << 2);
        final MpscAtomicArrayQueue<Envelope> pings = new MpscAtomicArrayQueue<>(capacity);
        final MpscAtomicArrayQueue<Envelope> pongs = new MpscAtomicArrayQueue<>(capacity);
        final PingPong pingPong = PingPong.create(scenario, context, probe, true);
        final PingPong.Initiator initiator = pingPong.initiator();
        final PingPong.Responder responder = pingPong.responder();
        threads.add("jct-initiator", () ->
        {
            final Outlet toResponder = pings::offer;
            initiator.start(toResponder);
            poll(threads, pongs, (m) -> initiator.onPong(m, toResponder));
        });
        threads.add("jct-responder", () ->
        {
            final Outlet toInitiator = pongs::offer;
            poll(threads, pings, (m) -> responder.onPing(m, toInitiator));
        });
    }

    /** Busy-polls a queue until teardown, handing each message on. */
    private static void poll(
        final Threads threads, final MpscAtomicArrayQueue<Envelope> queue,
        final java.util.function.Consumer<Envelope> handler)
    {
        while (true)
        {
            final Envelope m = queue.relaxedPoll();
            if (m == null)
            {
                if (threads.halted())
                {
                    return;
                }
                Thread.onSpinWait();
                continue;
            }
            handler.accept(m);
        }
    }
}
