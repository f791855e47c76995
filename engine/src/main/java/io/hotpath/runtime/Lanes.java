package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.OneToOneFrameLane;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The lanes into one worker: one {@link OneToOneFrameLane} per sending worker, made by the sender on its first send
 * to this worker and registered here, so a worker-to-worker send needs no CAS (the many-to-one inbound queue stays
 * for threads outside the engine). Thread safe as stated per method: {@link #open} is the sending worker's,
 * {@link #active}, {@link #isEmpty} and {@link #finish} the destination's own thread's, {@link #size} and
 * {@link #stampFrames} any thread's.
 * <p>
 * Memory ordering: a lane is registered by a CAS of its slot (a release) and then counted by an atomic increment of
 * {@link #made}; the destination reads {@link #made} (volatile) before it reads the slots (acquire), once per duty
 * cycle and before it may park, so a lane's first frame is never missed: the sender counts the lane before it
 * publishes into it and reads the sleep flag after, the destination sets the sleep flag before it reads the count.
 */
final class Lanes
{
    /** Registered in place of a lane not made before the destination finished: a sender finds no lane there. */
    private static final OneToOneFrameLane SEALED = new OneToOneFrameLane(2);
    private static final VarHandle LANE = MethodHandles.arrayElementVarHandle(OneToOneFrameLane[].class);
    private static final VarHandle MADE;
    private static final VarHandle STAMPED;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            MADE = lookup.findVarHandle(Lanes.class, "made", int.class);
            STAMPED = lookup.findVarHandle(Lanes.class, "stamped", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final int capacity;
    /** Per sending worker index: its lane, null until made, {@link #SEALED} after finish. */
    private final OneToOneFrameLane[] bySender;
    /** Lanes registered so far; incremented after each registration. */
    private volatile int made;
    /** Frames carry their send time (latency histograms); set once, read by a sender after it makes a lane. */
    private volatile boolean stamped;
    /** The destination's own list of its lanes, in the order they were made. */
    private OneToOneFrameLane[] active = new OneToOneFrameLane[0];
    /** The count of {@link #made} that {@link #active} reflects. */
    private int seen;

    /**
     * @param workers  the engine's workers.
     * @param capacity frames per lane, a power of two.
     */
    Lanes(final int workers, final int capacity)
    {
        this.bySender = new OneToOneFrameLane[workers];
        this.capacity = capacity;
    }

    /**
     * The lane from {@code sender} into this worker, made and registered on first use. Sending worker's thread only.
     *
     * @param sender the sending worker's index.
     * @return the lane, or null when this worker has finished (the sender falls back to the inbound queue, closed by
     * then).
     */
    OneToOneFrameLane open(final int sender)
    {
        OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, sender);
        if (lane == null)
        {
            final OneToOneFrameLane fresh = new OneToOneFrameLane(capacity);
            if (LANE.compareAndSet(bySender, sender, (OneToOneFrameLane)null, fresh))
            {
                MADE.getAndAdd(this, 1);
                if (stamped)
                {
                    fresh.stampFrames();
                }
                return fresh;
            }
            lane = (OneToOneFrameLane)LANE.getAcquire(bySender, sender);
        }
        return lane == SEALED ? null : lane;
    }

    /**
     * @param sender a sending worker's index.
     * @return the lane from that worker, or null when it has made none; destination's thread only.
     */
    OneToOneFrameLane from(final int sender)
    {
        final OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, sender);
        return lane == SEALED ? null : lane;
    }

    /**
     * @return the lanes into this worker, in the order they were made; the destination's thread only. The array is
     * shared: read it, do not keep it across duty cycles.
     */
    OneToOneFrameLane[] active()
    {
        if (made != seen)
        {
            refresh();
        }
        return active;
    }

    private void refresh()
    {
        // read the count first: every lane it counts is registered by then (a lane registered but not yet counted may
        // be listed too, and is listed again at the next refresh)
        final int count = made;
        final OneToOneFrameLane[] lanes = new OneToOneFrameLane[bySender.length];
        int n = 0;
        for (int i = 0; i < bySender.length; i++)
        {
            final OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, i);
            if (lane != null && lane != SEALED)
            {
                lanes[n++] = lane;
            }
        }
        active = Arrays.copyOf(lanes, n);
        seen = count;
    }

    /**
     * @return true when no lane into this worker holds a frame; destination's thread only. After the worker's
     * volatile store of its sleep flag, the other half of the sleep handshake (see {@link Worker#prepareToPark}).
     */
    boolean isEmpty()
    {
        for (final OneToOneFrameLane lane : active())
        {
            if (!lane.isEmpty())
            {
                return false;
            }
        }
        return true;
    }

    /**
     * @return frames in the lanes into this worker; any thread, a snapshot.
     */
    int size()
    {
        int size = 0;
        for (int i = 0; i < bySender.length; i++)
        {
            final OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, i);
            if (lane != null)
            {
                size += lane.size();
            }
        }
        return size;
    }

    /** From now on frames into this worker carry their send time; idempotent, any thread. */
    void stampFrames()
    {
        STAMPED.setVolatile(this, true);
        for (int i = 0; i < bySender.length; i++)
        {
            final OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, i);
            if (lane != null && lane != SEALED)
            {
                lane.stampFrames();
            }
        }
    }

    /**
     * The destination finishes: no lane can be made from now on; what every lane holds goes to {@code leftover}, and
     * what a sender that has not finished yet publishes later is that sender's to count. Destination's thread only.
     */
    void finish(final FrameHandler leftover)
    {
        for (int i = 0; i < bySender.length; i++)
        {
            if (!LANE.compareAndSet(bySender, i, (OneToOneFrameLane)null, SEALED))
            {
                final OneToOneFrameLane lane = (OneToOneFrameLane)LANE.getAcquire(bySender, i);
                drainAll(lane, leftover);
                if (lane.consumerDone())
                {
                    // the sender had finished first: all it ever published is visible now
                    drainAll(lane, leftover);
                }
            }
        }
    }

    private static void drainAll(final OneToOneFrameLane lane, final FrameHandler leftover)
    {
        while (lane.drain(leftover, Integer.MAX_VALUE) != 0)
        {
            // until a drain finds nothing published
        }
    }

    /**
     * The sending worker finishes: it publishes nothing more into {@code lane}; if the destination has finished
     * already, what it left is counted here. Sending worker's thread only.
     *
     * @return frames counted here.
     */
    static int finishSending(final EngineRuntime runtime, final OneToOneFrameLane lane, final DeadLetterReason reason)
    {
        if (!lane.producerDone())
        {
            return 0;
        }
        return lane.takeLeftovers((target, message) ->
        {
            if (!(message instanceof EngineMessage engineMessage && engineMessage.isControl()))
            {
                runtime.deadLetters.record((ActorCell<?>)target, message, reason);
            }
            return true;
        });
    }
}
