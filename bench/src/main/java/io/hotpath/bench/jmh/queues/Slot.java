package io.hotpath.bench.jmh.queues;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * A Disruptor ring entry carrying one message reference. NOT thread safe: the ring's sequences order its writes
 * and reads.
 */
final class Slot
{
    Object message;

    /**
     * @param size a power of two.
     * @return a single-producer ring of {@code size} pre-allocated slots; the wait strategy is never used, since
     * readers poll.
     */
    static RingBuffer<Slot> ring(final int size)
    {
        return RingBuffer.createSingleProducer(Slot::new, size, new YieldingWaitStrategy());
    }
}
