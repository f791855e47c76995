package io.hotpath.bench.harness.impl;

import io.hotpath.bench.harness.BenchImpl;
import io.hotpath.bench.harness.Faults;
import io.hotpath.bench.harness.Probe;
import io.hotpath.bench.harness.RunContext;
import io.hotpath.bench.harness.Scenario;
import io.hotpath.bench.harness.ScenarioKind;
import io.hotpath.bench.harness.Trial;
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
            roundTrip(threads, scenario.inFlight(), probe, faults);
        }
        else
        {
            final MpscAtomicArrayQueue<Envelope> queue = new MpscAtomicArrayQueue<>(
                scenario.kind() == ScenarioKind.FIXED_RATE ? Pacing.FIXED_RATE_POOL : Pacing.BLAST_WINDOW);
            final boolean latency = scenario.kind() == ScenarioKind.FIXED_RATE;
            threads.add("jct-consumer", () -> consume(threads, queue, probe, faults, latency));
            if (latency)
            {
                final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults);
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
                    final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0);
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

    private static void consume(
        final Threads threads, final MpscAtomicArrayQueue<Envelope> queue, final Probe probe, final Faults faults,
        final boolean latency)
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
                continue;
            }
            if (latency)
            {
                final long nowNs = System.nanoTime();
                if (!faults.drops(m.sequence))
                {
                    probe.onLatency(nowNs - m.stampNs);
                }
            }
            else if (!faults.drops(++received))
            {
                probe.onMessage();
            }
        }
    }

    private static void roundTrip(final Threads threads, final int inFlight, final Probe probe, final Faults faults)
    {
        final int capacity = Math.max(MIN_CAPACITY, Integer.highestOneBit(inFlight) << 2);
        final MpscAtomicArrayQueue<Envelope> pings = new MpscAtomicArrayQueue<>(capacity);
        final MpscAtomicArrayQueue<Envelope> pongs = new MpscAtomicArrayQueue<>(capacity);
        final Probe.Sender sender = probe.newSender();
        final Envelope[] pool = Envelope.pool(inFlight);
        threads.add("jct-initiator", () ->
        {
            final long self = Thread.currentThread().threadId();
            for (final Envelope e : pool)
            {
                e.stampNs = System.nanoTime();
                sender.sent();
                pings.offer(e);
            }
            boolean stopped = false;
            while (true)
            {
                final Envelope m = pongs.relaxedPoll();
                if (m == null)
                {
                    if (threads.halted())
                    {
                        return;
                    }
                    if (!stopped && !probe.sending())
                    {
                        stopped = true;
                        sender.stop();
                    }
                    Thread.onSpinWait();
                    continue;
                }
                probe.onRoundTrip(System.nanoTime() - m.stampNs, m.threadId, self);
                if (!stopped && probe.sending())
                {
                    m.stampNs = System.nanoTime();
                    sender.sent();
                    while (!pings.offer(m))
                    {
                        Thread.onSpinWait();
                    }
                }
                else if (!stopped)
                {
                    stopped = true;
                    sender.stop();
                }
            }
        });
        threads.add("jct-responder", () ->
        {
            final long self = Thread.currentThread().threadId();
            long received = 0;
            while (true)
            {
                final Envelope m = pings.relaxedPoll();
                if (m == null)
                {
                    if (threads.halted())
                    {
                        return;
                    }
                    Thread.onSpinWait();
                    continue;
                }
                if (faults.drops(++received))
                {
                    continue;
                }
                m.threadId = self;
                while (!pongs.offer(m))
                {
                    Thread.onSpinWait();
                }
            }
        });
    }
}
