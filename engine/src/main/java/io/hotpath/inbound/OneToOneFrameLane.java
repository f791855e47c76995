package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Field layers of {@link OneToOneFrameLane} above the ring's: the producer's index and limit on a cache line of their
 * own, apart from the ring's fields (read by both) and the consumer's.
 */
abstract class OneToOneFrameLanePad2 extends FrameRing
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;

    OneToOneFrameLanePad2(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

abstract class OneToOneFrameLaneProducerFields extends OneToOneFrameLanePad2
{
    /**
     * Next index to publish. Written by the producer only, with a release store after the frame's own publication;
     * read by other threads (acquire) for {@link OneToOneFrameLane#size()} only.
     */
    long tail;
    /** Producer only: it may publish below this index without reading the consumer's (consumer's index + capacity). */
    long limit;

    OneToOneFrameLaneProducerFields(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

abstract class OneToOneFrameLanePad3 extends OneToOneFrameLaneProducerFields
{
    byte p300, p301, p302, p303, p304, p305, p306, p307, p308, p309, p310, p311, p312, p313, p314, p315;
    byte p316, p317, p318, p319, p320, p321, p322, p323, p324, p325, p326, p327, p328, p329, p330, p331;
    byte p332, p333, p334, p335, p336, p337, p338, p339, p340, p341, p342, p343, p344, p345, p346, p347;
    byte p348, p349, p350, p351, p352, p353, p354, p355, p356, p357, p358, p359, p360, p361, p362, p363;

    OneToOneFrameLanePad3(final int capacity, final int publishEvery)
    {
        super(capacity, publishEvery);
    }
}

/**
 * A bounded one-to-one lane of frames (target, message) from one worker to another: beside the destination's
 * {@link ManyToOneFrameQueue}, it carries every frame one worker sends to another without a CAS. {@link #offer},
 * {@link #producerDone} and {@link #takeLeftovers} belong to ONE producer thread; {@link #drain},
 * {@link #takeIfNext}, {@link #isEmpty} and {@link #consumerDone} to ONE consumer thread; {@link #size},
 * {@link #isConsumerDone} and {@link #stampFrames} are for any thread.
 * <p>
 * The ring and the consumer's side are the inbound queue's ({@link FrameRing}): the message slot is the frame's
 * flag, published by a release store; the consumer publishes its index once per batch. The producer checks its index
 * against a cached limit (the consumer's index plus the capacity) and reads the consumer's index only when it reaches
 * it; it claims nothing, so no CAS.
 * <p>
 * Unlike the inbound queue a lane has no closed state that each offer checks: an offer is never refused but for
 * room. Whatever is left in it when the two workers finish is counted by whichever of them finishes last
 * ({@link #producerDone}, {@link #consumerDone}: one atomic OR each on a word of their own, once per lane for life).
 * <p>
 * Waking a consumer that may park needs a StoreLoad barrier between the producer's publication (a release store
 * here, no CAS) and its read of the consumer's sleep flag: the producer issues a full fence after its offers when,
 * and only when, the consumer may park.
 */
public final class OneToOneFrameLane extends OneToOneFrameLanePad3
{
    private static final int PRODUCER_DONE = 1;
    private static final int CONSUMER_DONE = 2;
    private static final VarHandle TAIL;
    private static final VarHandle ENDS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(OneToOneFrameLaneProducerFields.class, "tail", long.class);
            ENDS = lookup.findVarHandle(OneToOneFrameLane.class, "ends", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Which ends have finished: PRODUCER_DONE, CONSUMER_DONE; each set once by an atomic OR. */
    private int ends;

    /**
     * @param capacity a power of two, at least 2.
     */
    public OneToOneFrameLane(final int capacity)
    {
        super(capacity, PUBLISH_EVERY);
        this.limit = capacity;
    }

    /**
     * Publish a frame. Producer thread only.
     *
     * @param target  not null.
     * @param message not null.
     * @return false when the lane is full.
     */
    public boolean offer(final Object target, final Object message)
    {
        final long index = tail;
        if (index >= limit && index >= refreshLimitSlowPath())
        {
            return false;
        }
        final int slot = ((int)index & mask) << 1;
        final Object[] slots = this.slots;
        slots[slot] = target;
        final long[] sent = stampsToWrite();
        if (sent != null)
        {
            sent[(int)index & mask] = System.nanoTime();
        }
        SLOT.setRelease(slots, slot + 1, message);
        TAIL.setRelease(this, index + 1);
        return true;
    }

    private long refreshLimitSlowPath()
    {
        final long fresh = publishedConsumerIndex() + capacity;
        limit = fresh;
        return fresh;
    }

    /**
     * True when nothing is published at the consumer's index. A volatile load of the frame's flag, so that after the
     * consumer's volatile store of its sleep flag it pairs with the producer's fence (see the class comment).
     * Consumer thread only.
     *
     * @return true when empty.
     */
    public boolean isEmpty()
    {
        return SLOT.getVolatile(slots, (((int)next & mask) << 1) + 1) == null;
    }

    /**
     * @return frames published and not yet released by the consumer; any thread, a snapshot that may be stale (a frame
     * the consumer has taken counts until it publishes its index).
     */
    public int size()
    {
        final long consumed = publishedConsumerIndex();
        final long produced = (long)TAIL.getAcquire(this);
        return (int)Math.max(0, Math.min(capacity, produced - consumed));
    }

    /**
     * The producer will publish nothing more (its worker is finishing). Producer thread only, once.
     *
     * @return true when the consumer had finished already: the frames still in the lane are the producer's to count
     * ({@link #takeLeftovers}); false when the consumer will drain them when it finishes.
     */
    public boolean producerDone()
    {
        return ((int)ENDS.getAndBitwiseOr(this, PRODUCER_DONE) & CONSUMER_DONE) != 0;
    }

    /**
     * The consumer will take nothing more after what it drains next (its worker is finishing); call it after a drain
     * that emptied the lane. Consumer thread only, once.
     *
     * @return true when the producer had finished already: drain once more, every frame it published is visible now;
     * false when the producer will count what it publishes from now on ({@link #takeLeftovers}).
     */
    public boolean consumerDone()
    {
        publishConsumerIndex();
        return ((int)ENDS.getAndBitwiseOr(this, CONSUMER_DONE) & PRODUCER_DONE) != 0;
    }

    /**
     * @return true once the consumer has finished ({@link #consumerDone}); any thread.
     */
    public boolean isConsumerDone()
    {
        return ((int)ENDS.getAcquire(this) & CONSUMER_DONE) != 0;
    }

    /**
     * Hand every frame the consumer left behind to {@code handler}: for the producer, after {@link #producerDone}
     * returned true (the consumer has gone for good, its last index is published). Producer thread only.
     *
     * @param handler receives each frame; its return value is ignored.
     * @return frames handed over.
     */
    public int takeLeftovers(final FrameHandler handler)
    {
        long index = publishedConsumerIndex();
        final long end = tail;
        int taken = 0;
        while (index < end)
        {
            final int slot = ((int)index & mask) << 1;
            final Object target = slots[slot];
            final Object message = slots[slot + 1];
            free(slot);
            index++;
            taken++;
            handler.onFrame(target, message);
        }
        next = index;
        publishConsumerIndex();
        return taken;
    }
}
