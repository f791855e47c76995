package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;

import java.util.concurrent.TimeUnit;

/**
 * The floor, run in slices ON THE TWO THREADS of an implementation's ping-pong, so that the implementation and the
 * floor are compared on the same threads, the same CPUs and the same placement of the host's vCPUs.
 * <p>
 * The ping-pong's initiator keeps the time: when its slice has lasted {@code sliceNs} it asks for the floor
 * ({@link #requestFloor()}), sends its next message to the responder as the request, and runs the floor's
 * initiating side inside its own handler or loop ({@link #runFloor()}). The responder, finding a request with the
 * message ({@link #floorRequested()}), runs the floor's responding side inside its handler ({@link #respondFloor()})
 * instead of answering. Both spin on {@link FloorExchange}'s two volatile fields for {@code sliceNs}, exactly as
 * the floor row's two threads do; then the initiator ends the slice and sends its next ping through the
 * implementation again. The engine's workers, the Disruptor's processors, JCTools' threads and Pekko's pool threads
 * thus each run the floor themselves; nothing is pinned and no other thread takes part.
 * <p>
 * A blast alternates the same way, its receiver keeping the time (it is the row's recording thread) and its sender
 * joining: the receiver asks with {@link #requestFloor()} alone and the sender looks for the request before each
 * batch. So does a fixed-rate row, whose sender also says how many messages it has sent when it joins: those the
 * receiver had not taken waited through the slice, and their latency is not recorded
 * ({@link #sentAtJoin}); after the slice the sender moves its schedule on by the slice's length, so nothing
 * falls due during a slice.
 * <p>
 * Threads: the initiator's methods are called by the initiator's thread only, the responder's by the responder's
 * thread only; everything between them travels through the exchange's volatile fields.
 */
final class FloorSlices
{
    /** A blast's receiver reads the clock once per this many messages (a power of two, less one). */
    private static final int CLOCK_MASK = 1023;
    /** How long the initiator waits for the responder to join a slice before it gives the slice up. */
    private static final long JOIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);

    private final FloorExchange x = new FloorExchange();
    private final Probe probe;
    private final long sliceNs;

    // the initiator's, written once per slice: the responder reads this object's final fields per message
    private long switchAtNs;
    private long slice;
    private long seq;

    // the responder's, written once per slice
    private long served;

    /**
     * @param probe   records the floor's round trips into the row's floor slices.
     * @param sliceNs length of each slice, the implementation's and the floor's.
     */
    FloorSlices(final Probe probe, final long sliceNs)
    {
        this.probe = probe;
        this.sliceNs = sliceNs;
    }

    /**
     * Initiator: a round trip of the implementation ended at {@code nowNs}.
     *
     * @param nowNs when.
     * @return true when the implementation's slice is over and the responder has joined every earlier slice.
     */
    boolean floorDue(final long nowNs)
    {
        if (switchAtNs == 0)
        {
            switchAtNs = nowNs + sliceNs;
            return false;
        }
        return nowNs - switchAtNs >= 0 && x.joined == slice;
    }

    /**
     * Initiator: ask for the next floor slice. A ping-pong sends its next message as the request; a blast's sender
     * finds the request before its next batch.
     */
    void requestFloor()
    {
        x.requested = ++slice;
    }

    /**
     * Initiator: run the floor's initiating side for one slice, once the responder has joined; give the slice up
     * (the responder then leaves at once whenever the request reaches it) when it does not join within a second.
     */
    void runFloor()
    {
        final long k = slice;
        final long joinByNs = System.nanoTime() + JOIN_TIMEOUT_NS;
        while (x.joined != k)
        {
            if (!probe.sending())
            {
                // the run stopped: a sender that has stopped never joins, nothing is lost by leaving
                x.ping = -k;
                return;
            }
            if (System.nanoTime() - joinByNs > 0)
            {
                x.ping = -k;
                probe.floorSliceAbandoned();
                switchAtNs = System.nanoTime() + sliceNs;
                return;
            }
            Thread.onSpinWait();
        }
        final long beganNs = System.nanoTime();
        probe.beginFloorSlice(beganNs);
        final long endNs = beganNs + sliceNs;
        long s = seq;
        long nowNs;
        do
        {
            s++;
            final long startNs = System.nanoTime();
            x.ping = s;
            while (x.pong != s)
            {
                Thread.onSpinWait();
            }
            nowNs = System.nanoTime();
            probe.onFloorRoundTrip(nowNs - startNs);
        }
        while (nowNs - endNs < 0);
        seq = s;
        x.ping = -k;
        probe.endFloorSlice(nowNs);
        switchAtNs = nowNs + sliceNs;
    }

    /**
     * Initiator of a blast (its receiver): a message arrived; now and then, when the slice is over, run the floor.
     *
     * @param received the receiver's own count of messages, kept on its own line.
     */
    void onReceived(final long received)
    {
        if ((received & CLOCK_MASK) == 0 && floorDue(System.nanoTime()))
        {
            requestFloor();
            runFloor();
        }
    }

    /**
     * Initiator of a fixed-rate row (its receiver): a message arrived at {@code nowNs}; when the slice is over, run
     * the floor.
     *
     * @param nowNs when the message arrived.
     * @return true when a floor slice ran (or was given up): {@link #sentAtJoin()} then says which messages waited.
     */
    boolean onLatencyReceived(final long nowNs)
    {
        if (!floorDue(nowNs))
        {
            return false;
        }
        requestFloor();
        runFloor();
        return true;
    }

    /**
     * Initiator of a fixed-rate row, after a slice: the sequence through which messages were sent before the sender
     * joined it. Those not yet taken when it began waited through it, so their latency holds the slice and is not the
     * implementation's. (A slice given up leaves the last slice's figure.)
     *
     * @return the sender's count when it joined the last slice it joined.
     */
    long sentAtJoin()
    {
        return x.sentAtJoin;
    }

    /**
     * Responder of a blast or a fixed-rate row (its sender): before each batch, join the floor if the receiver asked
     * for it.
     *
     * @param sent messages sent so far (a fixed-rate row's receiver leaves those it finds after the slice unrecorded).
     * @return true when a floor slice ran.
     */
    boolean joinIfRequested(final long sent)
    {
        if (!floorRequested())
        {
            return false;
        }
        x.sentAtJoin = sent;
        respondFloor();
        return true;
    }

    /**
     * Responder: called with every message, before anything else.
     *
     * @return true when this message is a request to join the floor.
     */
    boolean floorRequested()
    {
        return x.requested != served;
    }

    /**
     * Responder: run the floor's responding side until the initiator ends the slice.
     */
    void respondFloor()
    {
        final long k = x.requested;
        served = k;
        final long last = x.ping;
        x.joined = k;
        if (last != -k)
        {
            answer(x, last, Faults.NONE);
        }
    }

    /**
     * The floor's responding side, shared with the floor row: answer every ping until a negative one.
     *
     * @param x      the exchange.
     * @param last   the ping seen last, never answered again.
     * @param faults drops a ping (the floor row's fault injection); {@link Faults#NONE} in slices.
     */
    static void answer(final FloorExchange x, final long last, final Faults faults)
    {
        long seen = last;
        while (true)
        {
            long p;
            while ((p = x.ping) == seen)
            {
                Thread.onSpinWait();
            }
            if (p < 0)
            {
                return;
            }
            seen = p;
            if (!faults.drops(p))
            {
                x.pong = p;
            }
        }
    }
}
