package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Field layers of {@link ManyToOneFrameQueue} above the ring's: the producers' index and limit on a cache line of
 * their own, apart from the ring's fields (read by all) and the consumer's.
 */
abstract class ManyToOneFrameQueuePad2 extends FrameRing
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;

    ManyToOneFrameQueuePad2(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

abstract class ManyToOneFrameQueueProducerFields extends ManyToOneFrameQueuePad2
{
    /**
     * Next index to claim, shifted left by one; the low bit is the CLOSED flag. Changed only by CAS (volatile
     * semantics), so a claim is ordered before the producer's later volatile read of the consumer's sleep flag.
     */
    volatile long producerWord;
    /** Producers may claim below this index without reading the consumer's: a cache of consumerIndex + capacity. */
    volatile long producerLimit;

    ManyToOneFrameQueueProducerFields(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

abstract class ManyToOneFrameQueuePad3 extends ManyToOneFrameQueueProducerFields
{
    byte p300, p301, p302, p303, p304, p305, p306, p307, p308, p309, p310, p311, p312, p313, p314, p315;
    byte p316, p317, p318, p319, p320, p321, p322, p323, p324, p325, p326, p327, p328, p329, p330, p331;
    byte p332, p333, p334, p335, p336, p337, p338, p339, p340, p341, p342, p343, p344, p345, p346, p347;
    byte p348, p349, p350, p351, p352, p353, p354, p355, p356, p357, p358, p359, p360, p361, p362, p363;

    ManyToOneFrameQueuePad3(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

/**
 * A bounded many-to-one queue of frames (target, message): the inbound queue of one worker. Thread safe for any
 * number of producers calling {@link #offer} and {@link #close}; {@link #drain} and {@link #isEmpty} belong to ONE
 * consumer thread at a time.
 * <p>
 * The frames are pairs of slots in one pre-allocated array, target then message, so eight frames share a cache line
 * (with compressed references): a stream of messages moves one line from producer to consumer per eight of them,
 * not one or two lines per message. A producer claims index {@code p} by CAS on the producer word, after checking
 * {@code p} against a cached limit (the consumer's index plus the capacity, re-read only when reached, as JCTools'
 * MpscArrayQueue does). It writes the target with a plain store and publishes the frame by a release store of the
 * message, which is the frame's flag: the consumer acquires the message slot, and a non-null message means the
 * frame is complete. The consumer then clears the frame's slots (before its index moves, so a producer of the next
 * lap never finds them cleared after writing them) and publishes its index with a release store after each frame's
 * handler has returned ({@link FrameRing}). Nothing is allocated per frame.
 * <p>
 * {@link #close()} sets a flag in the producer word, so every offer that succeeded is ordered before it and every
 * later offer fails: what was accepted can be drained and counted, nothing slips in afterwards.
 */
public final class ManyToOneFrameQueue extends ManyToOneFrameQueuePad3
{
    /** {@link #offer} accepted the frame. */
    public static final int OK = 0;
    /** {@link #offer} found the queue full. */
    public static final int FULL = 1;
    /** {@link #offer} found the queue closed. */
    public static final int CLOSED = 2;

    private static final long CLOSED_BIT = 1L;
    private static final VarHandle PRODUCER_WORD;
    private static final VarHandle PRODUCER_LIMIT;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_WORD = lookup.findVarHandle(ManyToOneFrameQueueProducerFields.class, "producerWord", long.class);
            PRODUCER_LIMIT = lookup.findVarHandle(
                ManyToOneFrameQueueProducerFields.class, "producerLimit", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * @param capacity a power of two, at least 2.
     */
    public ManyToOneFrameQueue(final int capacity)
    {
        super(capacity, 1);
        PRODUCER_LIMIT.setRelease(this, (long)capacity);
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

        final int slot = ((int)index & mask) << 1;
        slots[slot] = target;
        final long[] sent = stampsToWrite();
        if (sent != null)
        {
            sent[(int)index & mask] = System.nanoTime();
        }
        SLOT.setRelease(slots, slot + 1, message);
        return OK;
    }

    private long refreshLimitSlowPath()
    {
        final long limit = publishedConsumerIndex() + capacity;
        PRODUCER_LIMIT.setRelease(this, limit);
        return limit;
    }

    /** {@link #takeIfNext}: nothing is published at the head yet. */
    public static final int NOTHING_YET = 0;
    /** {@link #takeIfNext}: the frame was next and is taken. */
    public static final int TAKEN = 1;
    /** {@link #takeIfNext}: another frame is next. */
    public static final int OTHER_NEXT = 2;

    /**
     * True when no frame is claimed or published. A frame claimed but not yet published counts: the consumer
     * must not sleep or finish while a producer is between its claim and its publication. Consumer thread only.
     *
     * @return true when empty.
     */
    public boolean isEmpty()
    {
        return (producerWord >>> 1) == next;
    }

    /**
     * @return frames claimed and not yet drained; any thread, a snapshot that may be stale.
     */
    public int size()
    {
        final long consumed = publishedConsumerIndex();
        final long produced = producerWord >>> 1;
        return (int)Math.max(0, Math.min(capacity, produced - consumed));
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
