package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The scenarios as actor behaviours, shared by Pekko classic and typed so both run exactly the same logic; only
 * how an actor is spawned and told differs. Messages are the same re-used envelopes as everywhere. Stateless.
 */
final class PekkoScenarios
{
    /** Tells an initiator or a pacing sender to begin; never recorded. */
    static final Envelope START = new Envelope();
    /** A sender's reminder to itself to send its next batch. */
    static final Envelope TICK = new Envelope();
    /** A receiver's grant of {@link Pacing#CREDIT_STEP} more messages to a sender. */
    static final Envelope CREDIT = new Envelope();

    /** Spawns an actor whose behaviour is made from its own address (for ticks to itself). */
    @FunctionalInterface
    interface Spawner
    {
        /**
         * @param behaviour given the actor's own address, returns its message handler.
         * @return where to tell the new actor.
         */
        Outlet spawn(Function<Outlet, Consumer<Envelope>> behaviour);
    }

    private PekkoScenarios()
    {
    }

    /**
     * @param scenario a supported row.
     * @return true for a cross-thread ping-pong, whose initiator runs the floor in its handler while a second pool
     * thread answers; a blast's or fixed-rate row's actors run without the floor.
     */
    static boolean alternatesWithFloor(final Scenario scenario)
    {
        return scenario.pairedRoundTrip();
    }

    /**
     * @param scenario a row.
     * @return true when Pekko can express it: no same-thread rows (the dispatcher places actors), no wake-up.
     */
    static boolean supports(final Scenario scenario)
    {
        return switch (scenario.kind())
        {
            case ROUND_TRIP, PIPELINE -> !scenario.colocated();
            case BLAST, FAN_IN, FIXED_RATE -> true;
            case WAKEUP, REMOTE_ROUND_TRIP, REMOTE_BLAST, CLUSTER_ROUND_TRIP -> false;
        };
    }

    static void start(final Scenario scenario, final RunContext context, final Probe probe, final Spawner spawner)
    {
        final Faults faults = context.faults();
        switch (scenario.kind())
        {
            case ROUND_TRIP -> roundTrip(scenario, context, probe, spawner);
            case PIPELINE -> pipeline(scenario.inFlight(), faults, probe, spawner);
            case BLAST -> blast(1, false, faults, probe, spawner);
            case FAN_IN -> blast(context.workers(), true, faults, probe, spawner);
            case FIXED_RATE ->
            {
                final Outlet receiver = spawner.spawn((self) -> (m) ->
                {
                    final long nowNs = System.nanoTime();
                    if (!faults.drops(m.sequence))
                    {
                        probe.onLatency(m.stampNs, nowNs);
                    }
                });
                final FixedRateSender pacer = new FixedRateSender(scenario.ratePerSec(), probe, faults);
                spawner.spawn((self) -> (m) ->
                {
                    if (m == START)
                    {
                        pacer.start();
                    }
                    if (pacer.sendDue(receiver))
                    {
                        self.offer(TICK);
                    }
                }).offer(START);
            }
            case WAKEUP -> throw new IllegalArgumentException("Pekko has no wake-up row");
        }
    }

    private static void roundTrip(
        final Scenario scenario, final RunContext context, final Probe probe, final Spawner spawner)
    {
        // the floor needs a second pool thread for the responder while the initiator spins in its handler
        final PingPong pingPong = PingPong.create(scenario, context, probe, context.workers() > 1);
        final PingPong.Initiator initiator = pingPong.initiator();
        final PingPong.Responder responder = pingPong.responder();
        final Link<Outlet> toResponder = new Link<>();
        final Outlet toInitiator = spawner.spawn((self) -> (m) ->
        {
            if (m == START)
            {
                initiator.start(toResponder.ref);
            }
            else
            {
                initiator.onPong(m, toResponder.ref);
            }
        });
        toResponder.ref = spawner.spawn((self) -> (m) -> responder.onPing(m, toInitiator));
        toInitiator.offer(START);
    }

    private static void pipeline(final int inFlight, final Faults faults, final Probe probe, final Spawner spawner)
    {
        final ProbeSender sender = probe.newSender();
        final Envelope[] pool = Envelope.pool(inFlight);
        final Link<Outlet> gateway = new Link<>();
        final Outlet publisher = spawner.spawn((self) -> new Consumer<>()
        {
            private long received;

            @Override
            public void accept(final Envelope m)
            {
                if (faults.drops(++received))
                {
                    return;
                }
                probe.onRoundTrip(m.stampNs, System.nanoTime(), m.threadId, Thread.currentThread().threadId());
                if (probe.sending())
                {
                    gateway.ref.offer(m);
                }
                else
                {
                    sender.stop();
                }
            }
        });
        final Outlet book = spawner.spawn((self) -> publisher::offer);
        final Outlet risk = spawner.spawn((self) -> book::offer);
        gateway.ref = spawner.spawn((self) -> (m) ->
        {
            if (m == START)
            {
                for (final Envelope e : pool)
                {
                    enter(e, sender, risk);
                }
                return;
            }
            enter(m, sender, risk);
        });
        gateway.ref.offer(START);
    }

    private static void enter(final Envelope m, final ProbeSender sender, final Outlet next)
    {
        m.stampNs = System.nanoTime();
        m.threadId = Thread.currentThread().threadId();
        sender.sent();
        next.offer(m);
    }

    /**
     * Senders into one receiver with credit-based flow control, the actor way: Pekko's mailboxes are unbounded, and
     * a sender spinning on ticks while it waits would starve the receiver in the fork-join pool. Each sender has its
     * own token (its index in {@code sequence}); the receiver hands a sender a credit for every
     * {@link Pacing#CREDIT_STEP} of its messages, and a sender without credit sends nothing until one arrives.
     */
    private static void blast(
        final int senderActors, final boolean outside, final Faults faults, final Probe probe, final Spawner spawner)
    {
        final int senders = senderActors + (outside ? 1 : 0);
        final Outlet[] senderOutlets = new Outlet[senderActors];
        final Outlet receiver = spawner.spawn((self) -> new Consumer<>()
        {
            private final long[] unacknowledged = new long[senderActors];
            private long received;

            @Override
            public void accept(final Envelope m)
            {
                if (faults.drops(++received))
                {
                    return;
                }
                probe.onMessage();
                final int from = (int)m.sequence;
                if (from >= 0 && ++unacknowledged[from] == Pacing.CREDIT_STEP)
                {
                    unacknowledged[from] = 0;
                    senderOutlets[from].offer(CREDIT);
                }
            }
        });
        for (int i = 0; i < senderActors; i++)
        {
            final Envelope token = new Envelope();
            token.sequence = i;
            final Blaster blaster = new Blaster(probe, token, senders, 0);
            senderOutlets[i] = spawner.spawn((self) -> new CreditedSender(blaster, receiver, self,
                Pacing.BLAST_WINDOW / senders));
        }
        for (final Outlet sender : senderOutlets)
        {
            sender.offer(START);
        }
        if (outside)
        {
            final Envelope token = new Envelope();
            token.sequence = -1;
            OutsideSender.start(new Blaster(probe, token, senders, Pacing.BLAST_WINDOW), receiver);
        }
    }

    /** A blasting actor that spends credit and waits for more; NOT thread safe, run by its actor. */
    private static final class CreditedSender implements Consumer<Envelope>
    {
        private final Blaster blaster;
        private final Outlet receiver;
        private final Outlet self;
        private long credit;
        private boolean tickPending;

        CreditedSender(final Blaster blaster, final Outlet receiver, final Outlet self, final long credit)
        {
            this.blaster = blaster;
            this.receiver = receiver;
            this.self = self;
            this.credit = credit;
        }

        @Override
        public void accept(final Envelope m)
        {
            if (m == CREDIT)
            {
                credit += Pacing.CREDIT_STEP;
            }
            else
            {
                tickPending = false;
            }
            if (tickPending)
            {
                return;
            }
            final int n = blaster.send(receiver, (int)Math.min(Pacing.BATCH, credit));
            if (n == Blaster.STOPPED)
            {
                return;
            }
            credit -= n;
            if (credit > 0)
            {
                tickPending = true;
                self.offer(TICK);
            }
        }
    }
}
