package io.hotpath.bench.remote;

import io.aeron.logbuffer.FragmentHandler;
import io.hotpath.bench.measure.Probe;

import java.util.concurrent.TimeUnit;

/**
 * Raw Aeron, run in slices ON THE TWO WORKER THREADS of a paired {@code hotpath-remote} row, so that Hotpath's remote
 * path and its floor are compared on the same threads, the same CPUs and the same placement of the host's vCPUs, as
 * the local rows alternate with the two-thread floor.
 * <p>
 * The keeper is the row's recording thread: the ping-pong's initiator, or the blast's receiver. When Hotpath's slice
 * has lasted {@code sliceNs} ({@link #due}) it asks for a raw slice ({@link #run}) and waits, up to a second, for
 * the joiner (the pong's worker, from a repeating step; the blast's sender, before each batch) to join
 * ({@link #joinIfRequested}). No message of Hotpath's is in flight to the joiner's worker then, or it waits there
 * until the slice is over. Then, in a ping-pong, the keeper makes raw round trips for the slice, the joiner echoing
 * them; in a blast the keeper first reads the level with raw round trips for a fifth of the slice, then the joiner
 * blasts to it for the rest while it counts what arrives (the floor's rate); the joiner says how many it sent and
 * keeps its driver running until the keeper has taken them all, so no raw message is left for the next slice. Then the
 * keeper ends the slice, both return to the engine, and Hotpath's traffic goes on. A raw slice the joiner did not join
 * within a second is given up (the joiner leaves at once when it does join), and so is one whose raw echo does not come
 * within a second or whose blast does not all arrive: whatever ends a slice, the joiner is let go.
 * <p>
 * Threads: the keeper's methods are called by the keeper's thread only, the joiner's by the joiner's thread only;
 * everything between them travels through {@link RawExchange}'s volatile fields. The raw sides were handed to both
 * threads before the first request.
 */
final class RawSlices
{
    /** How long the keeper waits for the joiner to join a slice before it gives the slice up. */
    private static final long JOIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long the keeper waits for the raw messages still in flight when a blast's slice ends. */
    private static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long the keeper waits for the echo of a raw ping before it gives the slice up. */
    private static final long ECHO_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    /** A blast's raw slice reads the level for this fraction of it (1/n) before it blasts. */
    private static final int LEVEL_PART = 5;
    /** The keeper counts raw blast messages by the poll's return; their content is not read. */
    private static final FragmentHandler IGNORE = (buffer, offset, length, header) ->
    {
    };

    private final RawExchange x = new RawExchange();
    private final Probe probe;
    private final long sliceNs;
    private final boolean blast;
    private final RawSide keeper;
    private final RawSide joiner;

    // the keeper's
    private long switchAtNs;
    private long slice;
    private long sequence;

    // the joiner's
    private long served;

    /**
     * @param probe   records the raw round trips (and a blast's raw rate) into the row's floor slices.
     * @param sliceNs length of each slice, Hotpath's and raw Aeron's.
     * @param blast   true for a blast's slices, false for a ping-pong's.
     * @param keeper  the raw side the keeper runs.
     * @param joiner  the raw side the joiner runs.
     */
    RawSlices(final Probe probe, final long sliceNs, final boolean blast, final RawSide keeper, final RawSide joiner)
    {
        this.probe = probe;
        this.sliceNs = sliceNs;
        this.blast = blast;
        this.keeper = keeper;
        this.joiner = joiner;
    }

    /**
     * Keeper: Hotpath's traffic reached {@code nowNs}.
     *
     * @param nowNs System.nanoTime().
     * @return true when Hotpath's slice is over and the joiner has joined every earlier raw slice.
     */
    boolean due(final long nowNs)
    {
        if (switchAtNs == 0)
        {
            switchAtNs = nowNs + sliceNs;
            return false;
        }
        return nowNs - switchAtNs >= 0 && x.joined == slice;
    }

    /**
     * Keeper: ask for a raw slice and run the keeper's side of it once the joiner has joined.
     *
     * @throws IllegalStateException when a blast's raw messages did not all arrive within a second of its end (that
     *                               slice has no rate).
     */
    void run()
    {
        final long k = ++slice;
        x.requested = k;
        final long joinByNs = System.nanoTime() + JOIN_TIMEOUT_NS;
        while (x.joined != k)
        {
            // a run that stopped may have a joiner that stopped too: nothing is lost by leaving
            final boolean late = System.nanoTime() - joinByNs > 0;
            if (late || !probe.sending())
            {
                x.drained = k;
                x.ended = k;
                if (late)
                {
                    probe.floorSliceAbandoned();
                }
                switchAtNs = System.nanoTime() + sliceNs;
                return;
            }
            Thread.onSpinWait();
        }
        final long beganNs = System.nanoTime();
        probe.beginFloorSlice(beganNs);
        try
        {
            final long endNs = beganNs + sliceNs;
            long nowNs = roundTrips(blast ? beganNs + sliceNs / LEVEL_PART : endNs);
            if (blast)
            {
                nowNs = receiveBlast(k, endNs);
            }
            probe.endFloorSlice(nowNs);
            switchAtNs = nowNs + sliceNs;
        }
        catch (final RuntimeException ex)
        {
            // the slice ends where it failed, counted as given up; the row goes on with the next one
            final long nowNs = System.nanoTime();
            probe.endFloorSlice(nowNs);
            probe.floorSliceAbandoned();
            switchAtNs = nowNs + sliceNs;
            System.err.println("hotpath-bench: raw Aeron's slice " + k + " given up: " + ex);
        }
        finally
        {
            // however the slice ends, a failure included, the joiner is let go: it waits for both
            x.ended = k;
            x.drained = k;
        }
    }

    /** Raw round trips until {@code untilNs}, each recorded as the floor's. @return when the last ended. */
    private long roundTrips(final long untilNs)
    {
        final RawSide side = keeper;
        long nowNs;
        do
        {
            final long roundTripNs = side.roundTrip(++sequence, ECHO_TIMEOUT_NS);
            if (roundTripNs < 0)
            {
                throw new IllegalStateException("raw Aeron's echo of ping " + sequence + " did not arrive within " +
                    TimeUnit.NANOSECONDS.toMillis(ECHO_TIMEOUT_NS) + " ms");
            }
            probe.onFloorRoundTrip(roundTripNs);
            nowNs = side.pongEndNs();
        }
        while (nowNs - untilNs < 0);
        return nowNs;
    }

    /**
     * A blast's raw part: switch the joiner to blasting, count what arrives until {@code endNs}, end the slice and take
     * what is still in flight.
     */
    private long receiveBlast(final long k, final long endNs)
    {
        final RawSide side = keeper;
        x.blastFrom = k;
        final long fromNs = System.nanoTime();
        long counted = 0;
        long nowNs;
        do
        {
            counted += side.receiveRound(IGNORE);
            nowNs = System.nanoTime();
        }
        while (nowNs - endNs < 0);
        x.ended = k;
        final long drainByNs = nowNs + DRAIN_TIMEOUT_NS;
        long taken = counted;
        while (x.left < k || taken < x.blasted)
        {
            taken += side.receiveRound(IGNORE);
            if (System.nanoTime() - drainByNs > 0)
            {
                // the slice ends without a rate (run() lets the joiner go)
                throw new IllegalStateException("raw Aeron's blast lost messages in a slice: " + x.blasted +
                    " sent, " + taken + " taken a second after its end");
            }
        }
        x.drained = k;
        probe.onFloorMessages(counted, nowNs - fromNs);
        return nowNs;
    }

    /**
     * Joiner: between two steps of Hotpath's traffic, join the raw slice the keeper asked for, if any, and run the
     * joiner's side of it until the keeper ends it.
     *
     * @return true when a raw slice ran (or was given up).
     */
    boolean joinIfRequested()
    {
        final long k = x.requested;
        if (k == served)
        {
            return false;
        }
        served = k;
        x.joined = k;
        final RawSide side = joiner;
        if (!blast)
        {
            while (x.ended < k)
            {
                side.echoRound();
            }
            return true;
        }
        while (x.blastFrom < k && x.ended < k)
        {
            side.echoRound();
        }
        long sent = 0;
        while (x.ended < k)
        {
            sent += side.blastRound();
        }
        x.blasted = sent;
        x.left = k;
        // a UDP driver sends what was committed only when run: run it until the keeper has everything
        while (x.drained < k)
        {
            side.duty();
        }
        return true;
    }
}
