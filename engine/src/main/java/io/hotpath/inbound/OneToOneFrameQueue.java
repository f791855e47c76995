package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lane: a {@link FrameQueue} from one worker to another, offered to by the sending worker's thread only and
 * drained by the receiving worker's. With one producer there is nothing to claim against: an offer checks its
 * cached limit, writes and publishes the frame, then moves the producer word with a release store. No CAS and no
 * fence, so the stores of a stream of frames overlap in the producer's store buffer instead of each waiting for the
 * one before it.
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

    /** Sides (producer, consumer) that have finished with the lane: 0 to 2; written once by each, at close. */
    private int sidesDone;

    /**
     * @param capacity a power of two, at least 2.
     */
    public OneToOneFrameQueue(final int capacity)
    {
        super(capacity);
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
        if (index >= producerLimit && index >= refreshLimitSlowPath())
        {
            return FULL;
        }
        publish(index, target, message);
        // after the frame: a look at the word (the consumer before it parks, the closer) that counts the frame
        // finds it published
        PRODUCER_WORD.setRelease(this, word + 2);
        return OK;
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
