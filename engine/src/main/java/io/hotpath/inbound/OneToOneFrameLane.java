package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Field layers of {@link OneToOneFrameLane}: the producer's index and the consumer's index each on a cache line of
 * their own.
 */
abstract class OneToOneFrameLanePad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class OneToOneFrameLaneProducerFields extends OneToOneFrameLanePad0
{
    /**
     * Next index to publish. Written by the producer only, with a release store after the frame's own publication;
     * read by other threads (acquire) for {@link OneToOneFrameLane#size()} only.
     */
    long tail;
    /** Producer only: it may publish below this index without reading the consumer's (consumer's index + capacity). */
    long limit;
}

abstract class OneToOneFrameLanePad1 extends OneToOneFrameLaneProducerFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

abstract class OneToOneFrameLaneConsumerFields extends OneToOneFrameLanePad1
{
    /**
     * Next index to consume, as far as the producer knows: release-stored by the consumer once per batch of frames
     * (not per frame), after it has cleared their slots; the producer acquires it when it reaches its limit.
     */
    long head;
    /** Consumer only: its own next index, ahead of {@link #head} within a batch. */
    long next;
    /** Consumer only: the frame at {@link #next} is in a handler's hands; cleared by a {@code takeIfNext}. */
    boolean inHand;
}

abstract class OneToOneFrameLanePad2 extends OneToOneFrameLaneConsumerFields
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
}

/**
 * A bounded one-to-one lane of frames (target, message) from one worker to another: beside the destination's
 * {@link ManyToOneFrameQueue}, it carries every frame one worker sends to another without a CAS. {@link #offer} and
 * {@link #producerDone} belong to ONE producer thread, {@link #drain}, {@link #takeIfNext}, {@link #isEmpty} and
 * {@link #consumerDone} to ONE consumer thread; {@link #size} and {@link #stampFrames} are for any thread.
 * <p>
 * Frames are pairs of slots, target then message, as in the many-to-one queue; the message slot is the frame's
 * flag: the producer writes the target (plain) and publishes with a release store of the message, the consumer
 * acquires the message and clears both slots before it moves its index. The producer checks its index against a
 * cached limit (the consumer's index plus the capacity) and reads the consumer's index only when it reaches it; the
 * consumer publishes its index once per batch of {@value #PUBLISH_EVERY} frames and at the end of each drain, so
 * the producer's reads and the consumer's writes of that line are rare.
 * <p>
 * Unlike the many-to-one queue a lane has no closed state that each offer checks: an offer is never refused but for
 * room. Whatever is left in it when the two workers finish is counted by whichever of them finishes last
 * ({@link #producerDone}, {@link #consumerDone}: one CAS each on a word of their own, once per lane for life).
 * <p>
 * Waking a consumer that may park needs a StoreLoad barrier between the producer's publication (a release store
 * here, no CAS) and its read of the consumer's sleep flag: the producer issues a full fence after its offers when,
 * and only when, the consumer may park.
 */
public final class OneToOneFrameLane extends OneToOneFrameLanePad2
{
    /** Frames the consumer takes between two publications of its index. */
    static final int PUBLISH_EVERY = 64;
    private static final int PRODUCER_DONE = 1;
    private static final int CONSUMER_DONE = 2;
    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle ENDS;
    private static final VarHandle STAMPS;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(OneToOneFrameLaneProducerFields.class, "tail", long.class);
            HEAD = lookup.findVarHandle(OneToOneFrameLaneConsumerFields.class, "head", long.class);
            ENDS = lookup.findVarHandle(OneToOneFrameLane.class, "ends", int.class);
            STAMPS = lookup.findVarHandle(OneToOneFrameLane.class, "stamps", long[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final int capacity;
    private final int mask;
    /** Frame i is slots 2i (target) and 2i + 1 (message, null while the frame is free). */
    private final Object[] slots;
    /** Send times of the frames, as in {@link ManyToOneFrameQueue}; null until {@link #stampFrames()}. */
    private long[] stamps;
    /** Consumer only: the send time of the frame in the handler's hands, 0 when not stamped. */
    private long inHandSentNs;
    /** Which ends have finished: PRODUCER_DONE, CONSUMER_DONE; each set once by CAS. */
    private int ends;

    /**
     * @param capacity a power of two, at least 2.
     */
    public OneToOneFrameLane(final int capacity)
    {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two of at least 2: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slots = new Object[capacity * 2];
        this.limit = capacity;
    }

    /**
     * @return how many frames the lane holds.
     */
    public int capacity()
    {
        return capacity;
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
        final long[] sent = (long[])STAMPS.getOpaque(this);
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
        final long fresh = (long)HEAD.getAcquire(this) + capacity;
        limit = fresh;
        return fresh;
    }

    /**
     * From now on every offer stamps its frame with its send time, read by the consumer as {@link #inHandSentNs()}.
     * Idempotent, any thread; the producer sees it at a later offer.
     */
    public void stampFrames()
    {
        if (STAMPS.getAcquire(this) == null)
        {
            STAMPS.compareAndSet(this, null, new long[capacity]);
        }
    }

    /**
     * @return the send time of the frame being handled in a {@link #drain}; 0 when not stamped. Consumer only.
     */
    public long inHandSentNs()
    {
        return inHandSentNs;
    }

    /**
     * Hand up to {@code limit} published frames to {@code handler}, in order; the consumer's index is published every
     * {@value #PUBLISH_EVERY} frames and when the drain ends. Consumer thread only.
     *
     * @param handler receives each frame; returning false ends the drain (the frame counts as taken).
     * @param limit   most frames to take.
     * @return how many frames were taken.
     */
    public int drain(final FrameHandler handler, final int limit)
    {
        final Object[] slots = this.slots;
        final int mask = this.mask;
        final long[] sent = (long[])STAMPS.getAcquire(this);
        int taken = 0;
        try
        {
            while (taken < limit)
            {
                final long index = next;
                final int slot = ((int)index & mask) << 1;
                final Object message = SLOT.getAcquire(slots, slot + 1);
                if (message == null)
                {
                    break;
                }
                if (sent != null)
                {
                    inHandSentNs = sent[(int)index & mask];
                }
                inHand = true;
                boolean more = false;
                try
                {
                    more = handler.onFrame(slots[slot], message);
                }
                finally
                {
                    // also when the handler throws: the frame was handed over, and is never handed over twice
                    taken++;
                    if (inHand)
                    {
                        inHand = false;
                        free(slot);
                        next = index + 1;
                        if ((taken & (PUBLISH_EVERY - 1)) == 0)
                        {
                            HEAD.setRelease(this, index + 1);
                        }
                    }
                }
                if (!more)
                {
                    break;
                }
            }
        }
        finally
        {
            HEAD.setRelease(this, next);
        }
        return taken;
    }

    /**
     * Take the next frame only if it is published and carries exactly this target and message (by identity), as
     * {@link ManyToOneFrameQueue#takeIfNext} does. Consumer thread only.
     *
     * @param target  the frame's expected target.
     * @param message the frame's expected message.
     * @return {@link ManyToOneFrameQueue#TAKEN}, {@link ManyToOneFrameQueue#NOTHING_YET} or
     * {@link ManyToOneFrameQueue#OTHER_NEXT}.
     */
    public int takeIfNext(final Object target, final Object message)
    {
        final long index = inHand ? next + 1 : next;
        final int slot = ((int)index & mask) << 1;
        final Object found = SLOT.getAcquire(slots, slot + 1);
        if (found == null)
        {
            return ManyToOneFrameQueue.NOTHING_YET;
        }
        if (slots[slot] != target || found != message)
        {
            return ManyToOneFrameQueue.OTHER_NEXT;
        }
        if (inHand)
        {
            inHand = false;
            free(((int)next & mask) << 1);
        }
        free(slot);
        next = index + 1;
        HEAD.setRelease(this, index + 1);
        return ManyToOneFrameQueue.TAKEN;
    }

    private void free(final int slot)
    {
        slots[slot] = null;
        slots[slot + 1] = null;
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
        final long consumed = (long)HEAD.getAcquire(this);
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
        HEAD.setRelease(this, next);
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
        long index = (long)HEAD.getAcquire(this);
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
        HEAD.setRelease(this, index);
        return taken;
    }
}
