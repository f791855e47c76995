package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Field layers of {@link FrameRing}: the consumer's indices on a cache line of their own.
 */
abstract class FrameRingPad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class FrameRingConsumerFields extends FrameRingPad0
{
    /**
     * Next index to consume, as far as the producers know: release-stored by the consumer once per batch of frames
     * and when a drain ends, after it has cleared their slots and after their handlers returned; producers acquire
     * it when they reach their cached limit.
     */
    long consumerIndex;
    /** Consumer only: its own next index, ahead of {@link #consumerIndex} within a batch. */
    long next;
    /** Consumer only: the frame at {@link #next} is in a handler's hands; cleared by a {@code takeIfNext}. */
    boolean inHand;
}

abstract class FrameRingPad1 extends FrameRingConsumerFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

/**
 * The ring of frames (target, message) and its consumer's side, shared by the inbound queue
 * ({@link ManyToOneFrameQueue}) and the lanes ({@link OneToOneFrameLane}), which add their producers' side. The
 * consumer's methods ({@link #drain}, {@link #takeIfNext}, {@link #inHandSentNs}) belong to ONE consumer thread;
 * {@link #stampFrames} and {@link #capacity} to any thread.
 * <p>
 * Frame i is slots 2i (target) and 2i + 1 (message), so eight frames share a cache line with compressed references.
 * The message slot is the frame's flag: a producer writes the target and then the message with a release store; the
 * consumer acquires the message, and a non-null message means the frame is complete. The consumer clears both slots
 * once the frame's handler has returned and publishes its index (release) every {@code publishEvery} frames and when
 * a drain ends: a lane publishes once per batch of {@value #PUBLISH_EVERY}, so the producer reading it (only when
 * it reaches its cached limit) and the consumer writing it rarely touch the same line; the inbound queue publishes
 * per frame, since the full-queue policies of threads outside the engine answer to its exact capacity.
 */
abstract class FrameRing extends FrameRingPad1
{
    /** Frames a lane's consumer takes between two publications of its index, a power of two. */
    static final int PUBLISH_EVERY = 64;
    static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle CONSUMER_INDEX;
    private static final VarHandle STAMPS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            CONSUMER_INDEX = lookup.findVarHandle(FrameRingConsumerFields.class, "consumerIndex", long.class);
            STAMPS = lookup.findVarHandle(FrameRing.class, "stamps", long[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final int capacity;
    final int mask;
    /** The consumer publishes its index after every {@code publishMask + 1} frames (a power of two). */
    private final int publishMask;
    /** Frame i is slots 2i (target) and 2i + 1 (message, null while the frame is free or not yet published). */
    final Object[] slots;
    /**
     * Send times of the frames ({@code System.nanoTime()}), one per frame; null until {@link #stampFrames()} (a CAS,
     * read by producers before they publish). A producer writes its frame's stamp before the release store that
     * publishes the frame, so the consumer that acquires the frame sees it.
     */
    private long[] stamps;
    /** Consumer only: the send time of the frame in the handler's hands, 0 when not stamped. */
    private long inHandSentNs;

    /**
     * @param capacity     frames, a power of two, at least 2.
     * @param publishEvery frames between two publications of the consumer's index, a power of two: 1 where the
     *                     capacity must be exact (a producer refused for room must find every handled frame's slot
     *                     free), {@link #PUBLISH_EVERY} where it need not.
     */
    FrameRing(final int capacity, final int publishEvery)
    {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two of at least 2: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slots = new Object[capacity * 2];
        this.publishMask = publishEvery - 1;
    }

    /**
     * @return how many frames the ring holds.
     */
    public final int capacity()
    {
        return capacity;
    }

    /**
     * From now on every offer stamps its frame with its send time, read by the consumer as {@link #inHandSentNs()}
     * (for latency histograms); costs a {@code System.nanoTime()} per offer. Idempotent, any thread.
     */
    public final void stampFrames()
    {
        if (STAMPS.getAcquire(this) == null)
        {
            STAMPS.compareAndSet(this, null, new long[capacity]);
        }
    }

    /** Producer: the stamps to write before publishing, or null. */
    final long[] stampsToWrite()
    {
        return (long[])STAMPS.getAcquire(this);
    }

    /**
     * @return the send time ({@code System.nanoTime()}) of the frame being handled in a {@link #drain}; 0 when
     * frames are not stamped. Consumer thread only, inside the drain's handler.
     */
    public final long inHandSentNs()
    {
        return inHandSentNs;
    }

    /** Producers: the consumer's index as last published. */
    final long publishedConsumerIndex()
    {
        return (long)CONSUMER_INDEX.getAcquire(this);
    }

    /** Consumer: let the producers reuse every frame below its own index. */
    final void publishConsumerIndex()
    {
        CONSUMER_INDEX.setRelease(this, next);
    }

    /**
     * Hand up to {@code limit} published frames to {@code handler}, in order. Consumer thread only.
     *
     * @param handler receives each frame; its slot goes back to the producers after the handler returns; returning
     *                false ends the drain (the frame counts as taken).
     * @param limit   most frames to take.
     * @return how many frames were taken.
     */
    public final int drain(final FrameHandler handler, final int limit)
    {
        final Object[] slots = this.slots;
        final int mask = this.mask;
        if (SLOT.getAcquire(slots, (((int)next & mask) << 1) + 1) == null)
        {
            // the common case of a worker polling its sources: nothing to set up, nothing to publish
            return 0;
        }
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
                        // else the handler's takeIfNext released this frame and took the ones after it
                        inHand = false;
                        free(slot);
                        next = index + 1;
                        if ((taken & publishMask) == 0)
                        {
                            publishConsumerIndex();
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
            // after the handlers: while a frame is being handled it still counts in size(), and what a handler
            // published before returning is seen by whoever sees the index move
            publishConsumerIndex();
        }
        return taken;
    }

    /**
     * Take the next frame only if it is published and carries exactly this target and message (by identity).
     * Called from within a drain's handler, it looks past the frame in hand, and taking releases both. Consumer
     * thread only.
     *
     * @param target  the frame's expected target.
     * @param message the frame's expected message.
     * @return {@link ManyToOneFrameQueue#TAKEN}, {@link ManyToOneFrameQueue#NOTHING_YET} or
     * {@link ManyToOneFrameQueue#OTHER_NEXT}.
     */
    public final int takeIfNext(final Object target, final Object message)
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
        publishConsumerIndex();
        return ManyToOneFrameQueue.TAKEN;
    }

    /**
     * The consumer is done with a frame: its slots are cleared (plain stores, ordered before the release store of
     * the consumer's index that lets a producer reuse them), so a message slot is non-null only while published.
     */
    final void free(final int slot)
    {
        slots[slot] = null;
        slots[slot + 1] = null;
    }
}
