package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lane: a {@link FrameQueue} from one worker to another, offered to by the sending worker's thread only and
 * drained by the receiving worker's. With one producer there is nothing to claim against: an offer checks its
 * cached limit, writes and publishes the frame, then moves the producer word with a release store. No CAS, and a
 * fence only after a lone frame ({@link #fenceLoneFrame}), so the stores of a stream of frames overlap in the
 * producer's store buffer instead of each waiting for the one before it. Its limit comes from the slots, not from
 * the consumer's index: when reached, the producer looks a step ahead for a cleared slot ({@link #lookAhead}), as
 * JCTools' single-producer queues do. It writes a frame's target only where the slot may hold another: a run of
 * frames for one target writes it during its first lap only.
 * <p>
 * A lane is not closed the way an inbound queue is (a flag set by another thread would race with the producer's
 * plain claim). At close each side finishes with it once ({@link #finishSide()}): the producer after its last offer,
 * the consumer after its last drain; the side that finishes second drains what is left, when nothing else can
 * touch the lane. So every frame accepted is taken exactly once, even when one side ends before the other.
 */
public final class OneToOneFrameQueue extends FrameQueue
{
    private static final VarHandle SIDES_DONE;

    static
    {
        try
        {
            SIDES_DONE = MethodHandles.lookup().findVarHandle(OneToOneFrameQueue.class, "sidesDone", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Most frames one look ahead frees ({@link #lookAhead}). */
    private static final int MAX_LOOK_AHEAD = 4096;

    /** Sides (producer, consumer) that have finished with the lane: 0 to 2; written once by each, at close. */
    private int sidesDone;
    /** Frames one look ahead frees: a quarter of the capacity, at least 1. */
    private final int lookAheadStep;

    /**
     * @param capacity a power of two, at least 2.
     */
    public OneToOneFrameQueue(final int capacity)
    {
        super(capacity);
        lookAheadStep = Math.max(1, Math.min(capacity / 4, MAX_LOOK_AHEAD));
    }

    /**
     * Offer a frame. The lane's one producer thread only.
     *
     * @param target  not null.
     * @param message not null.
     * @return {@link #OK} or {@link #FULL}.
     */
    public int offer(final Object target, final Object message)
    {
        final long word = producerWord;
        final long index = word >>> 1;
        if (index >= producerLimit && !lookAhead(index))
        {
            return FULL;
        }
        if (target != runTarget)
        {
            // a new run: its target reaches every slot only after a lap
            runTarget = target;
            runSlotsFrom = index + capacity();
        }
        if (index < runSlotsFrom)
        {
            writeTarget(index, target);
        }
        // else the frame a lap before carried this target, and no frame since has written this slot. One call site
        // of publishMessage for both cases, so that the JIT compiles it in: a second one, cold while a run's first
        // lap is compiled, stays a call for every later frame (docs/lab/2026-11-29-lane-offer-one-publish-call.md)
        publishMessage(index, message);
        // after the frame: a look at the word (the consumer before it parks, the closer) that counts the frame
        // finds it published
        PRODUCER_WORD.setRelease(this, word + 2);
        return OK;
    }

    /**
     * A full fence after a lone frame: the first the producer publishes in a duty cycle of its worker, when the last
     * cycle in which it published had one frame. A request or an answer is fenced right after its publication; a
     * stream, which publishes several frames per cycle, is not fenced at all. Kept because a round trip between two
     * workers came out no slower with it (docs/lab/2026-11-28-lane-fence-after-lone-frame.md); why the fence hastens
     * the frame is not established (x86 commits stores in order with or without it). The producer only, after offers
     * that returned {@link #OK}.
     *
     * @param cycle  the sending worker's duty cycle now.
     * @param frames the frames just published, at least 1.
     */
    public void fenceLoneFrame(final long cycle, final int frames)
    {
        if (cycle == publishedCycle)
        {
            publishedInCycle += frames;
            return;
        }
        final boolean lone = publishedInCycle <= 1 && frames == 1;
        publishedCycle = cycle;
        publishedInCycle = frames;
        if (lone)
        {
            VarHandle.fullFence();
        }
    }

    /**
     * The cached limit is reached: find room by the slots themselves, not by the consumer's index (a line the
     * consumer writes as it drains): a free slot a step ahead frees the whole step; else the next slot alone, if
     * free. The producer reads a slot the consumer cleared a lap ago once per step, where a read of the index would
     * pull the consumer's line each time the queue is full.
     *
     * @return true when the frame of {@code index} may be written.
     */
    private boolean lookAhead(final long index)
    {
        final long ahead = index + lookAheadStep - 1;
        if (isFree(ahead))
        {
            producerLimit(ahead + 1);
            return true;
        }
        if (ahead != index && isFree(index))
        {
            producerLimit(index + 1);
            return true;
        }
        return false;
    }

    /**
     * One side is done with the lane for good: the producer after its last offer, or the consumer after its last
     * drain. Each side calls it once.
     *
     * @return true for the side that finishes second: the other has ended (its last access happens before this
     * return), so the caller now owns the consumer's part and is to drain what is left.
     */
    public boolean finishSide()
    {
        return (int)SIDES_DONE.getAndAdd(this, 1) == 1;
    }
}
