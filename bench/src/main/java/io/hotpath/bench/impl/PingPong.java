package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;

/**
 * The two halves of a round-trip row, the same logic for every implementation; only how a message travels differs
 * (an {@link Outlet}: an actor's tell, a queue's offer, a ring's publish).
 * <p>
 * A row that is not {@link Scenario#written() written} passes one message and writes nothing into it, as the floor
 * passes one value: the initiator keeps the send time itself (one message in flight) and the responder notes its
 * thread on a line of its own ({@link ThreadMark}) only when it changes. A written row stamps each message with its
 * send time and the responder writes its thread into it: a second cache line crosses with each hop. A paired row
 * alternates with the floor on the same two threads ({@link FloorSlices}).
 * <p>
 * Each half is NOT thread safe: the initiator belongs to the thread that receives the answers (the recording
 * thread), the responder to the thread that receives the requests.
 */
final class PingPong
{
    private final Initiator initiator;
    private final Responder responder;

    private PingPong(final Initiator initiator, final Responder responder)
    {
        this.initiator = initiator;
        this.responder = responder;
    }

    /**
     * @param scenario    a round-trip row; one not written must have one message in flight.
     * @param context     the run's settings (faults, slice length).
     * @param probe       the row's probe; the initiator registers as its sender now.
     * @param withFloor   true to alternate with the floor: a paired row whose two halves run on two threads.
     * @return the two halves.
     */
    static PingPong create(
        final Scenario scenario, final RunContext context, final Probe probe, final boolean withFloor)
    {
        if (!scenario.written() && scenario.inFlight() != 1)
        {
            throw new IllegalArgumentException(scenario.name() + ": more than one message in flight needs stamps");
        }
        final FloorSlices floor = withFloor && scenario.paired() ? new FloorSlices(probe, context.sliceNs()) : null;
        final ThreadMark mark = new ThreadMark();
        return new PingPong(new Initiator(probe, scenario, floor, mark),
            new Responder(context.faults(), scenario.written(), floor, mark));
    }

    /** @return the half that sends requests, receives answers and records. */
    Initiator initiator()
    {
        return initiator;
    }

    /** @return the half that answers. */
    Responder responder()
    {
        return responder;
    }

    /** Sends until the outlet takes the message. */
    private static void send(final Outlet outlet, final Envelope m)
    {
        while (!outlet.offer(m))
        {
            Thread.onSpinWait();
        }
    }

    /** Sends requests, records the round trips, and keeps the time of the floor's slices. */
    static final class Initiator
    {
        private final Probe probe;
        private final ProbeSender sender;
        private final boolean written;
        private final FloorSlices floor;
        private final ThreadMark responderMark;
        private final Envelope[] pool;
        private long startNs;
        private boolean stopped;

        private Initiator(final Probe probe, final Scenario scenario, final FloorSlices floor,
            final ThreadMark responderMark)
        {
            this.probe = probe;
            this.sender = probe.newSender();
            this.written = scenario.written();
            this.floor = floor;
            this.responderMark = responderMark;
            this.pool = Envelope.pool(scenario.inFlight());
        }

        /**
         * Send the first requests, one per message in flight.
         *
         * @param toResponder where requests go.
         */
        void start(final Outlet toResponder)
        {
            for (final Envelope m : pool)
            {
                ping(m, toResponder);
            }
        }

        /**
         * An answer arrived: record it, then send the next request (after a floor slice when its turn has come),
         * or acknowledge the stop.
         *
         * @param m           the answer.
         * @param toResponder where requests go.
         */
        void onPong(final Envelope m, final Outlet toResponder)
        {
            final long nowNs = System.nanoTime();
            final long self = Thread.currentThread().threadId();
            if (written)
            {
                probe.onRoundTrip(m.stampNs, nowNs, m.threadId, self);
            }
            else
            {
                probe.onRoundTrip(startNs, nowNs, responderMark.threadId(), self);
            }
            if (stopped)
            {
                return;
            }
            if (!probe.sending())
            {
                stopped = true;
                sender.stop();
                return;
            }
            if (floor != null && floor.floorDue(nowNs))
            {
                floor.requestFloor();
                send(toResponder, m);
                floor.runFloor();
            }
            ping(m, toResponder);
        }

        private void ping(final Envelope m, final Outlet toResponder)
        {
            startNs = System.nanoTime();
            if (written)
            {
                m.stampNs = startNs;
            }
            sender.sent();
            send(toResponder, m);
        }
    }

    /** Answers requests, or joins the floor when a request asks for it. */
    static final class Responder
    {
        private final Faults faults;
        private final boolean written;
        private final FloorSlices floor;
        private final ThreadMark mark;
        private long received;

        private Responder(final Faults faults, final boolean written, final FloorSlices floor, final ThreadMark mark)
        {
            this.faults = faults;
            this.written = written;
            this.floor = floor;
            this.mark = mark;
        }

        /**
         * @param m           a request.
         * @param toInitiator where answers go.
         */
        void onPing(final Envelope m, final Outlet toInitiator)
        {
            if (floor != null && floor.floorRequested())
            {
                floor.respondFloor();
                return;
            }
            if (faults.drops(++received))
            {
                return;
            }
            if (written)
            {
                m.threadId = Thread.currentThread().threadId();
            }
            else
            {
                mark.mark();
            }
            send(toInitiator, m);
        }
    }
}
