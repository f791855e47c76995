package io.hotpath.bench.harness.impl;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.bench.harness.BenchImpl;
import io.hotpath.bench.harness.Faults;
import io.hotpath.bench.harness.Probe;
import io.hotpath.bench.harness.RunContext;
import io.hotpath.bench.harness.Scenario;
import io.hotpath.bench.harness.ScenarioKind;
import io.hotpath.bench.harness.Trial;

/**
 * The engine under test: every scenario, on an engine started per run from {@link RunContext#engineConfig}. The
 * measuring end is always an actor recording on its worker's thread; the driver only sends a start signal.
 * Used by the driver thread.
 */
public final class HotpathBench implements BenchImpl
{
    /** Tells an initiator or a pacing sender to begin; never recorded. */
    static final Envelope START = new Envelope();
    /** A sender's reminder to itself to send its next batch. */
    static final Envelope TICK = new Envelope();

    @Override
    public String name()
    {
        return "hotpath";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.kind() != ScenarioKind.REMOTE_ROUND_TRIP && scenario.kind() != ScenarioKind.REMOTE_BLAST;
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final EngineConfig.Builder config;
        if (scenario.kind() == ScenarioKind.WAKEUP)
        {
            // only the receiver's worker idles the way under test; the others park, so no third thread spins
            config = context.engineConfig("park").idle(1 % context.workers(), scenario.idle());
        }
        else
        {
            config = context.engineConfig(context.idle());
        }
        final Engine engine = Engine.start(config.build());
        try
        {
            final int other = 1 % engine.workerCount();
            switch (scenario.kind())
            {
                case ROUND_TRIP -> roundTrip(engine, scenario, context.faults(), probe,
                    scenario.colocated() ? 0 : other);
                case PIPELINE -> pipeline(engine, scenario, context.faults(), probe);
                case BLAST -> blast(engine, context.faults(), probe, other);
                case FAN_IN -> fanIn(engine, context.faults(), probe);
                case FIXED_RATE -> fixedRate(engine, scenario, context.faults(), probe, other);
                case WAKEUP -> wakeup(engine, context.faults(), probe, other);
            }
        }
        catch (final RuntimeException ex)
        {
            engine.close();
            throw ex;
        }
        return engine::close;
    }

    private static void roundTrip(
        final Engine engine, final Scenario scenario, final Faults faults, final Probe probe, final int responderWorker)
    {
        final Probe.Sender sender = probe.newSender();
        final Link<ActorRef<Envelope>> responder = new Link<>();
        final Envelope[] pool = Envelope.pool(scenario.inFlight());
        final ActorRef<Envelope> initiator = engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            final long nowNs = System.nanoTime();
            if (m == START)
            {
                for (final Envelope e : pool)
                {
                    e.stampNs = System.nanoTime();
                    sender.sent();
                    responder.ref.tell(e);
                }
                return;
            }
            probe.onRoundTrip(nowNs - m.stampNs, m.threadId, Thread.currentThread().threadId());
            if (probe.sending())
            {
                m.stampNs = System.nanoTime();
                sender.sent();
                responder.ref.tell(m);
            }
            else
            {
                sender.stop();
            }
        }).name("initiator").onWorker(0).spawn();
        responder.ref = engine.<Envelope>actor((ctx) -> new Responder(initiator, faults)).name("responder")
            .onWorker(responderWorker).spawn();
        initiator.tell(START);
    }

    /** Replies to every message, stamping its own thread. */
    private static final class Responder implements io.hotpath.Actor<Envelope>
    {
        private final ActorRef<Envelope> replyTo;
        private final Faults faults;
        private long received;

        Responder(final ActorRef<Envelope> replyTo, final Faults faults)
        {
            this.replyTo = replyTo;
            this.faults = faults;
        }

        @Override
        public void onMessage(final Envelope m)
        {
            if (faults.drops(++received))
            {
                return;
            }
            m.threadId = Thread.currentThread().threadId();
            replyTo.tell(m);
        }
    }

    private static void pipeline(final Engine engine, final Scenario scenario, final Faults faults, final Probe probe)
    {
        final int n = engine.workerCount();
        final Probe.Sender sender = probe.newSender();
        final Link<ActorRef<Envelope>> gateway = new Link<>();
        final Envelope[] pool = Envelope.pool(scenario.inFlight());
        final ActorRef<Envelope> publisher = engine.<Envelope>actor((ctx) -> new io.hotpath.Actor<Envelope>()
        {
            private long received;

            @Override
            public void onMessage(final Envelope m)
            {
                if (faults.drops(++received))
                {
                    return;
                }
                probe.onRoundTrip(System.nanoTime() - m.stampNs, m.threadId, Thread.currentThread().threadId());
                if (probe.sending())
                {
                    gateway.ref.tell(m);
                }
                else
                {
                    sender.stop();
                }
            }
        }).name("publisher").onWorker(scenario.colocated() ? 0 : 1 % n).spawn();
        final ActorRef<Envelope> book = engine.<Envelope>actor((ctx) -> (Envelope m) -> publisher.tell(m))
            .name("book").onWorker(0).spawn();
        final ActorRef<Envelope> risk = engine.<Envelope>actor((ctx) -> (Envelope m) -> book.tell(m))
            .name("risk").onWorker(scenario.colocated() ? 0 : 1 % n).spawn();
        gateway.ref = engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            if (m == START)
            {
                for (final Envelope e : pool)
                {
                    enterPipeline(e, sender, risk);
                }
                return;
            }
            enterPipeline(m, sender, risk);
        }).name("gateway").onWorker(0).spawn();
        gateway.ref.tell(START);
    }

    private static void enterPipeline(final Envelope m, final Probe.Sender sender, final ActorRef<Envelope> next)
    {
        m.stampNs = System.nanoTime();
        m.threadId = Thread.currentThread().threadId();
        sender.sent();
        next.tell(m);
    }

    private static ActorRef<Envelope> counter(final Engine engine, final Faults faults, final Probe probe,
        final int worker)
    {
        return engine.<Envelope>actor((ctx) -> new io.hotpath.Actor<Envelope>()
        {
            private long received;

            @Override
            public void onMessage(final Envelope m)
            {
                if (!faults.drops(++received))
                {
                    probe.onMessage();
                }
            }
        }).name("receiver").onWorker(worker).spawn();
    }

    private static void blast(final Engine engine, final Faults faults, final Probe probe, final int worker)
    {
        final ActorRef<Envelope> receiver = counter(engine, faults, probe, worker);
        blaster(engine, probe, receiver, 0, 1).tell(START);
    }

    private static void fanIn(final Engine engine, final Faults faults, final Probe probe)
    {
        final ActorRef<Envelope> receiver = counter(engine, faults, probe, 0);
        final int senders = engine.workerCount() + 1;
        for (int w = 0; w < engine.workerCount(); w++)
        {
            blaster(engine, probe, receiver, w, senders).tell(START);
        }
        OutsideSender.start(new Blaster(probe, new Envelope(), senders, 0), receiver::offer);
    }

    /** A sender actor: a batch per activation, then a tick to itself so its worker runs its duty cycle between. */
    private static ActorRef<Envelope> blaster(
        final Engine engine, final Probe probe, final ActorRef<Envelope> receiver, final int worker,
        final int senders)
    {
        final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0);
        final Outlet outlet = receiver::offer;
        return engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            if (blaster.send(outlet, Pacing.BATCH) != Blaster.STOPPED)
            {
                ctx.self().tell(TICK);
            }
        }).name("sender-" + worker).onWorker(worker).spawn();
    }

    private static void fixedRate(
        final Engine engine, final Scenario scenario, final Faults faults, final Probe probe, final int worker)
    {
        final ActorRef<Envelope> receiver = latencyReceiver(engine, faults, probe, worker);
        final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults);
        final Outlet outlet = receiver::offer;
        engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            if (m == START)
            {
                pacer.start();
            }
            if (pacer.sendDue(outlet))
            {
                ctx.self().tell(TICK);
            }
        }).name("sender").onWorker(0).spawn().tell(START);
    }

    private static ActorRef<Envelope> latencyReceiver(
        final Engine engine, final Faults faults, final Probe probe, final int worker)
    {
        return engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            final long nowNs = System.nanoTime();
            if (!faults.drops(m.sequence))
            {
                probe.onLatency(nowNs - m.stampNs);
            }
        }).name("receiver").onWorker(worker).spawn();
    }

    private static void wakeup(final Engine engine, final Faults faults, final Probe probe, final int worker)
    {
        final ActorRef<Envelope> receiver = latencyReceiver(engine, faults, probe, worker);
        OutsideSender.startPaced(probe, receiver::offer);
    }
}
