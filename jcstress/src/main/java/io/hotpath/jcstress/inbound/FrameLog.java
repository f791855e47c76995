package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.FrameQueue;

/**
 * Takes every frame and writes down what it saw as a decimal number, one digit per frame in drain order: the
 * letter's id when the frame is whole, 9 when its target is not the one its letter was offered with, 8 when its
 * message is not a {@link Letter}. Ids are 1 to 7, so "12" reads "letter 1, then letter 2".
 * Not thread safe: one consumer thread, as the queue's drain requires.
 */
final class FrameLog implements FrameHandler
{
    static final int TORN = 9;
    static final int NOT_A_LETTER = 8;

    int order;
    int count;
    /** Bit {@code id} set for each letter seen; a letter seen twice sets {@link #duplicate}. */
    int seen;
    boolean duplicate;

    @Override
    public boolean onFrame(final Object target, final Object message)
    {
        final int digit;
        if (!(message instanceof Letter letter))
        {
            digit = NOT_A_LETTER;
        }
        else if (letter.to != target)
        {
            digit = TORN;
        }
        else
        {
            digit = letter.id;
            if ((seen & (1 << digit)) != 0)
            {
                duplicate = true;
            }
            seen |= 1 << digit;
        }
        order = order * 10 + digit;
        count++;
        return true;
    }

    /**
     * An arbiter's part, once the racing drain has ended: drain what is left and check the whole.
     *
     * @param queue    the queue raced on.
     * @param racing   what the racing drain took.
     * @param accepted the letters the queue accepted, as a mask of bits {@code 1 << id}.
     * @return the digits of the letters left, or -1 when a frame was torn or seen twice, or the queue's count of
     * frames was not what it held.
     */
    static int drainRest(final FrameQueue queue, final FrameLog racing, final int accepted)
    {
        final int sizeBefore = queue.size();
        final FrameLog rest = new FrameLog();
        queue.drain(rest, Integer.MAX_VALUE);
        final boolean broken = racing.duplicate || rest.duplicate || (racing.seen & rest.seen) != 0 ||
            sizeBefore != rest.count || !queue.isEmpty() || Integer.bitCount(accepted) != racing.count + rest.count;
        return broken ? -1 : rest.order;
    }
}
