package io.hotpath.bench.impl;

import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.bench.measure.EngineHistograms;
import io.hotpath.bench.measure.InboundFill;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import io.hotpath.metrics.WorkerStats;

/**
 * The engine under test: every scenario, on an engine started per run from {@link RunContext#engineConfig}. The
 * measuring end is always an actor recording on its worker's thread; the driver only sends a start signal.
 * Used by the driver thread.
 */
public final class HotpathBench implements BenchImpl
{
    /** Tells an initiator or a pacing sender to begin; never recorded. */
    static final Envelope START = new Envelope();

    /** Settings applied over the run's, or null for the engine as the run configures it. */
    private final EngineVariant variant;

    /** The engine as the run configures it. */
    public HotpathBench()
    {
        this(null);
    }

    /**
     * @param variant settings applied over the run's configuration in every row, or null for none.
     */
    public HotpathBench(final EngineVariant variant)
    {
        this.variant = variant;
    }

    @Override
    public String name()
    {
        return variant == null ? "hotpath" : variant.implName();
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return !scenario.remote();
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final EngineConfig.Builder config;
        if (scenario.kind() == ScenarioKind.WAKEUP)
        {
            // only the receiver's worker idles the way under test; the others park, so no third thread spins
            config = context.engineConfig().idle("park").idle(1 % context.workers(), scenario.idle());
        }
        else if (scenario.queueFrames() != 0)
        {
            // a row whose name says so: the engine's inbound queue (and so its lanes) and the receiver's mailbox as
            // large as the peers' queue and ring, so a backlog after a host stall meets the same bound everywhere
            config = context.engineConfig()
                .inboundCapacity(scenario.queueFrames())
                .mailboxCapacity(scenario.queueFrames());
        }
        else
        {
            config = context.engineConfig();
        }
        if (variant != null)
        {
            variant.applyTo(config);
        }
        final Engine engine = Engine.start(config.build());
        try
        {
            final int other = 1 % engine.workerCount();
            switch (scenario.kind())
            {
                case ROUND_TRIP -> roundTrip(engine, scenario, context, probe, scenario.colocated() ? 0 : other);
                case PIPELINE -> pipeline(engine, scenario, context.faults(), probe);
                case BLAST -> blast(engine, context, probe, other);
                case FAN_IN -> fanIn(engine, context.faults(), probe);
                case FIXED_RATE -> fixedRate(engine, scenario, context, probe, other);
                case WAKEUP -> wakeup(engine, context.faults(), probe, other);
            }
        }
        catch (final RuntimeException ex)
        {
            engine.close();
            throw ex;
        }
        return new EngineTrial(engine, scenario.name(), context.engineHistograms());
    }

    /**
     * The engine of one run; notes its inbound high-water marks when the measurement begins, the warm-up's, and resets
     * them, so that at the end they hold the most queued while measured.
     */
    private static final class EngineTrial implements Trial
    {
        private final Engine engine;
        private final String scenario;
        /** Where the engine's histograms go when the row ends, or null when they are off. */
        private final EngineHistograms histograms;
        private int highWaterInWarmup;
        private boolean measured;

        EngineTrial(final Engine engine, final String scenario, final EngineHistograms histograms)
        {
            this.engine = engine;
            this.scenario = scenario;
            this.histograms = histograms;
        }

        @Override
        public void measuring()
        {
            highWaterInWarmup = highWater(engine);
            engine.resetHighWater();
            if (histograms != null)
            {
                engine.resetHistograms();
                measured = true;
            }
        }

        @Override
        public InboundFill inboundFill()
        {
            return new InboundFill(engine.config().inboundCapacity(), highWaterInWarmup, highWater(engine));
        }

        @Override
        public void close()
        {
            try
            {
                if (measured)
                {
                    histograms.record(scenario, engine);
                }
            }
            finally
            {
                engine.close();
            }
        }

        private static int highWater(final Engine engine)
        {
            int most = 0;
            for (final WorkerStats w : engine.stats().workers())
            {
                most = Math.max(most, w.inboundHighWater());
            }
            return most;
        }
    }

    private static void roundTrip(
        final Engine engine, final Scenario scenario, final RunContext context, final Probe probe,
        final int responderWorker)
    {
        // the floor needs the two halves on two threads: two workers
        final PingPong pingPong = PingPong.create(scenario, context, probe, responderWorker != 0);
        final PingPong.Initiator initiator = pingPong.initiator();
        final PingPong.Responder responder = pingPong.responder();
        final Link<ActorRef<Envelope>> responderRef = new Link<>();
        final Outlet toResponder = (m) ->
        {
            responderRef.ref.tell(m);
            return true;
        };
        final ActorRef<Envelope> initiatorRef = engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            if (m == START)
            {
                initiator.start(toResponder);
            }
            else
            {
                initiator.onPong(m, toResponder);
            }
        }).name("initiator").onWorker(0).spawn();
        final Outlet toInitiator = (m) ->
        {
            initiatorRef.tell(m);
            return true;
        };
        responderRef.ref = engine.<Envelope>actor((ctx) -> (Envelope m) -> responder.onPing(m, toInitiator))
            .name("responder").onWorker(responderWorker).spawn();
        initiatorRef.tell(START);
    }

    private static void pipeline(final Engine engine, final Scenario scenario, final Faults faults, final Probe probe)
    {
        final int n = engine.workerCount();
        final ProbeSender sender = probe.newSender();
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
                probe.onRoundTrip(m.stampNs, System.nanoTime(), m.threadId, Thread.currentThread().threadId());
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

    private static void enterPipeline(final Envelope m, final ProbeSender sender, final ActorRef<Envelope> next)
    {
        m.stampNs = System.nanoTime();
        m.threadId = Thread.currentThread().threadId();
        sender.sent();
        next.tell(m);
    }

    /** A receiver that counts; in a paired blast it also keeps the floor's time (it is the recording thread). */
    private static ActorRef<Envelope> counter(
        final Engine engine, final Faults faults, final Probe probe, final int worker, final FloorSlices floor)
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
                if (floor != null)
                {
                    floor.onReceived(received);
                }
            }
        }).name("receiver").onWorker(worker).spawn();
    }

    private static void blast(
        final Engine engine, final RunContext context, final Probe probe, final int worker)
    {
        // the floor needs the sender and the receiver on two threads: two workers
        final FloorSlices floor = worker != 0 ? new FloorSlices(probe, context.sliceNs()) : null;
        final ActorRef<Envelope> receiver = counter(engine, context.faults(), probe, worker, floor);
        final Blaster blaster = new Blaster(probe, new Envelope(), 1, 0, floor);
        repeatOn(engine, 0, (outlet) -> blaster.send(outlet, Pacing.BATCH), receiver::offer);
    }

    private static void fanIn(final Engine engine, final Faults faults, final Probe probe)
    {
        final ActorRef<Envelope> receiver = counter(engine, faults, probe, 0, null);
        final int senders = engine.workerCount() + 1;
        for (int w = 0; w < engine.workerCount(); w++)
        {
            final Blaster blaster = new Blaster(probe, new Envelope(), senders, 0);
            repeatOn(engine, w, (outlet) -> blaster.send(outlet, Pacing.BATCH), receiver::offer);
        }
        OutsideSender.start(new Blaster(probe, new Envelope(), senders, 0), receiver::offer);
    }

    private static void fixedRate(
        final Engine engine, final Scenario scenario, final RunContext context, final Probe probe, final int worker)
    {
        // the floor needs the sender and the receiver on two threads: two workers
        final FloorSlices floor = worker != 0 ? new FloorSlices(probe, context.sliceNs()) : null;
        final FixedRateReceiver receiving = new FixedRateReceiver(probe, context.faults(), floor);
        final ActorRef<Envelope> receiver = engine.<Envelope>actor((ctx) -> receiving::onMessage)
            .name("receiver").onWorker(worker).spawn();
        final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, context.faults(), floor);
        pacer.start();
        repeatOn(engine, 0, (outlet) -> pacer.sendDue(outlet) ? 1 : Blaster.STOPPED, receiver::offer);
    }

    /** What a sending actor does once per duty cycle: send what it may, or say the run has stopped. */
    @FunctionalInterface
    private interface SendStep
    {
        /**
         * @param outlet where messages go.
         * @return the work done, or {@link Blaster#STOPPED} once the run has stopped.
         */
        int send(Outlet outlet);
    }

    /**
     * A sending actor on {@code worker} whose repeating step sends once per duty cycle of its worker, as a service
     * polls a feed: between two steps the worker drains its inbound queue and runs its actors. The step cancels
     * itself once the run has stopped.
     */
    private static void repeatOn(final Engine engine, final int worker, final SendStep step, final Outlet outlet)
    {
        engine.<Envelope>actor((ctx) ->
        {
            final Cancellable[] registration = new Cancellable[1];
            registration[0] = ctx.repeat(() ->
            {
                final int n = step.send(outlet);
                if (n == Blaster.STOPPED)
                {
                    registration[0].cancel();
                    return 0;
                }
                return n;
            });
            return (Envelope m) ->
            {
            };
        }).name("sender-" + worker).onWorker(worker).spawn();
    }

    private static ActorRef<Envelope> latencyReceiver(
        final Engine engine, final Faults faults, final Probe probe, final int worker)
    {
        return engine.<Envelope>actor((ctx) -> (Envelope m) ->
        {
            final long nowNs = System.nanoTime();
            if (!faults.drops(m.sequence))
            {
                probe.onLatency(m.stampNs, nowNs);
            }
        }).name("receiver").onWorker(worker).spawn();
    }

    private static void wakeup(final Engine engine, final Faults faults, final Probe probe, final int worker)
    {
        final ActorRef<Envelope> receiver = latencyReceiver(engine, faults, probe, worker);
        OutsideSender.startPaced(probe, receiver::offer);
    }
}
