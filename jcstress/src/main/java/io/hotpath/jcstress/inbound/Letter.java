package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameQueue;

/**
 * A message that knows the target it was offered with, so a consumer can tell a torn frame (the target of one
 * offer paired with the message of another) from a whole one. Immutable, thread safe.
 */
final class Letter
{
    final Object to;
    final int id;

    Letter(final Object to, final int id)
    {
        this.to = to;
        this.id = id;
    }

    /**
     * Offer each letter to a lane, with the target it knows, in order; the lane's one producer.
     *
     * @return the letters accepted, as a mask of bits {@code 1 << id}.
     */
    static int offerEach(final OneToOneFrameQueue lane, final Letter[] letters)
    {
        int accepted = 0;
        for (final Letter letter : letters)
        {
            if (lane.offer(letter.to, letter) == OneToOneFrameQueue.OK)
            {
                accepted |= 1 << letter.id;
            }
        }
        return accepted;
    }
}
