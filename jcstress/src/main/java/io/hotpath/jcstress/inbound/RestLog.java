package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.FrameHandler;

/**
 * What an arbiter drains after a race on a queue that was full of letter 1 before it: those earlier frames first
 * ({@link #earlier} counts them), then the producer's letters as digits in drain order ({@link #letters}); a torn
 * frame, a letter seen twice, or a letter 1 after the producer's sets {@link #broken}.
 * Not thread safe: one consumer thread, as the queue's drain requires.
 */
final class RestLog implements FrameHandler
{
    private final Object target;
    int earlier;
    int letters;
    int seen;
    boolean broken;

    RestLog(final Object target)
    {
        this.target = target;
    }

    @Override
    public boolean onFrame(final Object to, final Object message)
    {
        if (!(message instanceof Letter letter) || to != target || letter.to != target)
        {
            broken = true;
        }
        else if (letter.id == 1)
        {
            broken |= letters != 0;
            earlier++;
        }
        else
        {
            broken |= (seen & (1 << letter.id)) != 0;
            seen |= 1 << letter.id;
            letters = letters * 10 + letter.id;
        }
        return true;
    }
}
