package io.hotpath.inbound;

/**
 * The inbound queue of one worker: a {@link FrameQueue} that any number of threads may offer to and close, with one
 * consumer thread at a time. A producer claims index {@code p} by CAS on the producer word (after checking it
 * against the cached limit, as JCTools' MpscArrayQueue does), then writes and publishes its frame.
 * <p>
 * {@link #close()} sets a flag in the producer word, so every offer that succeeded is ordered before it and every
 * later offer fails: what was accepted can be drained and counted, nothing slips in afterwards.
 */
public final class ManyToOneFrameQueue extends FrameQueue
{
    private static final long CLOSED_BIT = 1L;

    /**
     * @param capacity a power of two, at least 2.
     */
    public ManyToOneFrameQueue(final int capacity)
    {
        super(capacity);
    }

    /**
     * Offer a frame. Any thread.
     *
     * @param target  not null.
     * @param message not null.
     * @return {@link #OK}, {@link #FULL} or {@link #CLOSED}.
     */
    public int offer(final Object target, final Object message)
    {
        long limit = producerLimit;
        long word;
        long index;
        do
        {
            word = producerWord;
            if ((word & CLOSED_BIT) != 0)
            {
                return CLOSED;
            }
            index = word >>> 1;
            if (index >= limit && index >= (limit = refreshLimitSlowPath()))
            {
                return FULL;
            }
        }
        while (!PRODUCER_WORD.compareAndSet(this, word, word + 2));

        publish(index, target, message);
        return OK;
    }

    /**
     * Refuse every later offer; idempotent, any thread.
     *
     * @return true if this call closed the queue.
     */
    public boolean close()
    {
        while (true)
        {
            final long word = producerWord;
            if ((word & CLOSED_BIT) != 0)
            {
                return false;
            }
            if (PRODUCER_WORD.compareAndSet(this, word, word | CLOSED_BIT))
            {
                return true;
            }
        }
    }

    /**
     * @return true once {@link #close()} has run.
     */
    public boolean isClosed()
    {
        return (producerWord & CLOSED_BIT) != 0;
    }
}
