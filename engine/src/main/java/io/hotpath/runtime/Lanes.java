package io.hotpath.runtime;

import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.OneToOneFrameQueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The lanes of one worker ({@code inbound.laneCapacity}): a single-producer queue to each worker it sends to, made
 * on its first send there, and the lanes of the others to it, which it drains beside its inbound queue. A send from
 * one worker to another then claims its frame without a CAS; threads outside the engine, and workers driven by a
 * service's thread (whose thread is known only once it calls), use the inbound queue.
 * <p>
 * Order: a worker sends to another through one path only, its lane (or, while the lane is full, its outbound backlog,
 * published to the lane in order), so per-pair order holds as on the inbound queue.
 * <p>
 * Thread safety: {@link #to} and {@link #finish} are the owner's thread's; {@link #attach} is called by the worker
 * that made a lane (under this object's lock, once per lane); {@link #drain}, {@link #isEmpty} and {@link #from}
 * are the owner's; {@link #size} and {@link #stampFrames} any thread's.
 */
final class Lanes
{
    private static final OneToOneFrameQueue[] NONE = new OneToOneFrameQueue[0];
    private static final VarHandle BY_SOURCE = MethodHandles.arrayElementVarHandle(OneToOneFrameQueue[].class);

    private final Worker worker;
    /** Frames per lane this worker makes; 0 when its sends to other workers take their inbound queues. */
    private final int capacity;
    /** Owner's thread only: the lane to each worker, by index; null until the first send there. */
    private final OneToOneFrameQueue[] out;
    /** Owner's thread only: the lane to that worker could not be made; its sends take its inbound queue. */
    private final boolean[] unmade;
    /** The lane from each worker, by index: stored (release) when made, read by the owner (acquire). */
    private final OneToOneFrameQueue[] bySource;
    /** The lanes to this worker, in the order they were made; replaced, not changed, under this object's lock. */
    private volatile OneToOneFrameQueue[] in = NONE;
    /** Under this object's lock: the owner has finished, and a lane made from now on is finished on its side. */
    private boolean finished;

    /**
     * @param capacity frames per lane this worker makes, or 0 for none (its sends take the inbound queues).
     */
    Lanes(final Worker worker, final int workers, final int capacity)
    {
        this.worker = worker;
        this.capacity = capacity;
        this.out = new OneToOneFrameQueue[workers];
        this.unmade = new boolean[workers];
        this.bySource = new OneToOneFrameQueue[workers];
    }

    /**
     * @return the lane from this worker to {@code dest}, made on the first call; null when this worker has none
     * (its sends take the destination's inbound queue). Owner's thread only.
     */
    OneToOneFrameQueue to(final Worker dest)
    {
        final OneToOneFrameQueue lane = out[dest.index];
        return lane != null || capacity == 0 || unmade[dest.index] ? lane : open(dest);
    }

    /**
     * Make the lane to {@code dest}, on the first send there. When the heap has no room for it, the sends to
     * {@code dest} take its inbound queue instead, for good (so their order holds), and the worker says so once.
     */
    private OneToOneFrameQueue open(final Worker dest)
    {
        final OneToOneFrameQueue lane;
        try
        {
            lane = new OneToOneFrameQueue(capacity);
        }
        catch (final OutOfMemoryError ex)
        {
            unmade[dest.index] = true;
            Logs.WORKERS.log(System.Logger.Level.WARNING, () -> "worker " + worker.name + " could not make its lane " +
                "to worker " + dest.name + " (inbound.laneCapacity " + capacity + " frames: " + ex.getMessage() +
                "); its sends there take that worker's inbound queue; lower inbound.laneCapacity or give the heap " +
                "more room");
            return null;
        }
        dest.lanes.attach(worker.index, lane);
        out[dest.index] = lane;
        return lane;
    }

    /** Another worker made its lane to this one; on its thread, before its first offer there. */
    synchronized void attach(final int source, final OneToOneFrameQueue lane)
    {
        if (worker.inbound.isStamping())
        {
            lane.stampFrames();
        }
        BY_SOURCE.setRelease(bySource, source, lane);
        if (finished)
        {
            // this worker will not drain again: its side is done, so the producer drains what it sends, at its end
            lane.finishSide();
            return;
        }
        final OneToOneFrameQueue[] lanes = Arrays.copyOf(in, in.length + 1);
        lanes[lanes.length - 1] = lane;
        in = lanes;
    }

    /**
     * Take what the lanes to this worker hold, each as the inbound queue's frames are taken. Owner's thread only.
     *
     * @return frames taken.
     */
    int drain(final InboundDrain drain, final boolean closing)
    {
        int taken = 0;
        for (final OneToOneFrameQueue lane : in)
        {
            if (lane.hasPublished())
            {
                taken += drain.drain(lane, closing);
            }
        }
        return taken;
    }

    /**
     * @return true when no lane to this worker holds a frame; a volatile read of each producer word, so the owner
     * that set its sleep flag before asking sees a frame whose sender may have missed the flag. Owner's thread only.
     */
    boolean isEmpty()
    {
        for (final OneToOneFrameQueue lane : in)
        {
            if (!lane.isEmpty())
            {
                return false;
            }
        }
        return true;
    }

    /** @return frames in the lanes to this worker; any thread, a snapshot. */
    int size()
    {
        int frames = 0;
        for (final OneToOneFrameQueue lane : in)
        {
            frames += lane.size();
        }
        return frames;
    }

    /** @return the lane from {@code source} to this worker, or null while there is none. Owner's thread only. */
    OneToOneFrameQueue from(final Worker source)
    {
        return (OneToOneFrameQueue)BY_SOURCE.getAcquire(bySource, source.index);
    }

    /** Stamp the frames of every lane to this worker (a lane made later is stamped when made). Any thread. */
    void stampFrames()
    {
        for (final OneToOneFrameQueue lane : in)
        {
            lane.stampFrames();
        }
    }

    /**
     * The owner finishes, at close: it drains the lanes to it for the last time, and each lane, to it or from it,
     * whose other side has finished already is drained of what is left. Owner's thread only, once.
     *
     * @param leftover what is done with each frame left (counted as a dead letter).
     */
    void finish(final FrameHandler leftover)
    {
        final OneToOneFrameQueue[] lanes;
        synchronized (this)
        {
            finished = true;
            lanes = in;
        }
        for (final OneToOneFrameQueue lane : lanes)
        {
            drainAll(lane, leftover);
            if (lane.finishSide())
            {
                drainAll(lane, leftover);
            }
        }
        for (final OneToOneFrameQueue lane : out)
        {
            if (lane != null && lane.finishSide())
            {
                drainAll(lane, leftover);
            }
        }
    }

    private static void drainAll(final OneToOneFrameQueue lane, final FrameHandler handler)
    {
        while (lane.drain(handler, Integer.MAX_VALUE) != 0)
        {
            // until nothing published is left
        }
    }
}
