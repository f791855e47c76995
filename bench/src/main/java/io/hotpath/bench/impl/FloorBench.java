package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

/**
 * The physical reference: across threads, two threads busy-spinning on volatile fields (what a round trip costs
 * with nothing but the cache-coherence traffic; the same exchange the floor slices of paired rows use); on one
 * thread, two plain interface calls passing one message that nobody writes. Used by the driver thread.
 */
public final class FloorBench implements BenchImpl
{
    /** How long the initiator awaits the last pong after the stop before it counts it lost. */
    private static final long GIVE_UP_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(1);

    @Override
    public String name()
    {
        return "floor";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.kind() == ScenarioKind.ROUND_TRIP && scenario.inFlight() == 1 && !scenario.written();
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        return scenario.colocated() ? sameThread(probe, context.faults()) : crossThread(probe, context.faults());
    }

    private static Trial crossThread(final Probe probe, final Faults faults)
    {
        final FloorExchange x = new FloorExchange();
        final ProbeSender sender = probe.newSender();
        final Threads threads = new Threads();
        threads.add("floor-initiator", () ->
        {
            final long self = Thread.currentThread().threadId();
            long seq = 0;
            while (probe.sending())
            {
                seq++;
                final long startNs = System.nanoTime();
                sender.sent();
                x.ping = seq;
                long giveUpNs = 0;
                while (x.pong != seq)
                {
                    // after the stop the ping in flight is still awaited, but not for ever: it may have been dropped
                    if (!probe.sending())
                    {
                        final long nowNs = System.nanoTime();
                        if (giveUpNs == 0)
                        {
                            giveUpNs = nowNs + GIVE_UP_NS;
                        }
                        else if (nowNs - giveUpNs > 0)
                        {
                            break;
                        }
                    }
                    Thread.onSpinWait();
                }
                if (x.pong == seq)
                {
                    probe.onRoundTrip(startNs, System.nanoTime(), x.responderThreadId, self);
                }
            }
            sender.stop();
            x.ping = -1;
        });
        threads.add("floor-responder", () ->
        {
            x.responderThreadId = Thread.currentThread().threadId();
            FloorSlices.answer(x, 0, faults);
        });
        return threads.start();
    }

    /** One half of a same-thread round trip: a plain call. */
    private interface Half
    {
        void handle(Envelope m);
    }

    private static Trial sameThread(final Probe probe, final Faults faults)
    {
        final ProbeSender sender = probe.newSender();
        final Threads threads = new Threads();
        threads.add("floor-same", () ->
        {
            final long self = Thread.currentThread().threadId();
            final Envelope m = new Envelope();
            final long[] startNs = new long[1];
            final long[] received = new long[1];
            final Half initiator = (e) -> probe.onRoundTrip(startNs[0], System.nanoTime(), self, self);
            final Half responder = (e) ->
            {
                if (!faults.drops(++received[0]))
                {
                    initiator.handle(e);
                }
            };
            while (probe.sending())
            {
                startNs[0] = System.nanoTime();
                sender.sent();
                responder.handle(m);
            }
            sender.stop();
        });
        return threads.start();
    }
}
