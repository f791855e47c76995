package io.hotpath.inbound;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Field layers of {@link FrameQueue}: the producers' index and the consumer's index each on a cache line
 * of their own, so producers claiming slots do not slow the consumer down and the other way round.
 */
abstract class FrameQueuePad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class FrameQueueProducerFields extends FrameQueuePad0
{
    /**
     * Next index to claim, shifted left by one; the low bit is the CLOSED flag of a {@link ManyToOneFrameQueue}.
     * There it changes only by CAS (volatile semantics), so a claim is ordered before the producer's later volatile
     * read of the consumer's sleep flag; a {@link OneToOneFrameQueue}'s one producer moves it with a release store
     * after it has published the frame.
     */
    volatile long producerWord;
    /** Producers may claim below this index without reading the consumer's: a cache of consumerIndex + capacity. */
    volatile long producerLimit;
    /** A lane's producer only: the target of its latest frame. */
    Object runTarget;
    /**
     * A lane's producer only: the frames below this index may find their slot holding another target than
     * {@link #runTarget}; from it on, every slot holds it (the frames of the lap before carried it too).
     */
    long runSlotsFrom;
    /** A lane's producer only: the duty cycle of its worker in which it last published ({@code fenceLoneFrame}). */
    long publishedCycle = -1;
    /** A lane's producer only: the frames it published in that cycle. */
    int publishedInCycle;
}

abstract class FrameQueuePad1 extends FrameQueueProducerFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

abstract class FrameQueueConsumerFields extends FrameQueuePad1
{
    /**
     * Consumer only: the next frame to take (plain stores, one per frame, on a line producers never read); published
     * to the producers as {@code consumerIndex} every few frames.
     */
    long head;
    /**
     * Consumer only: the frame at {@code head} is in a handler's hands (its slot still held); cleared by a
     * {@code takeIfNext} that releases it early.
     */
    boolean inHand;
}

abstract class FrameQueuePad2 extends FrameQueueConsumerFields
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
}

abstract class FrameQueuePublishedFields extends FrameQueuePad2
{
    /**
     * Every frame below it is taken and its message slot cleared: written by the consumer only, with a release store
     * every few frames of a drain and at its end (after the frames' message slots are cleared), read by producers with
     * an acquire load before they reuse a frame. A line of its own, so a producer that finds the queue full and reads
     * it again and again finds it in its own cache until the consumer has moved it, and does not slow the consumer
     * down frame by frame.
     */
    long consumerIndex;
}

abstract class FrameQueuePad3 extends FrameQueuePublishedFields
{
    byte p300, p301, p302, p303, p304, p305, p306, p307, p308, p309, p310, p311, p312, p313, p314, p315;
    byte p316, p317, p318, p319, p320, p321, p322, p323, p324, p325, p326, p327, p328, p329, p330, p331;
    byte p332, p333, p334, p335, p336, p337, p338, p339, p340, p341, p342, p343, p344, p345, p346, p347;
    byte p348, p349, p350, p351, p352, p353, p354, p355, p356, p357, p358, p359, p360, p361, p362, p363;
}

/**
 * A bounded queue of frames (target, message) with ONE consumer thread at a time: what a worker drains. Two kinds
 * share its layout, its drain and its rules of publication, and differ in who may offer: {@link ManyToOneFrameQueue},
 * a worker's inbound queue, which any thread may offer to (a CAS claims each index), and
 * {@link OneToOneFrameQueue}, a lane from one worker to another, which only its sending worker offers to (a plain
 * claim, no CAS).
 * <p>
 * The frames are pairs of slots in one pre-allocated array, target then message, so eight frames share a cache line
 * (with compressed references): a stream of messages moves one line from producer to consumer per eight of them,
 * not one or two lines per message. A producer checks its index against a cached limit (the consumer's index plus
 * the capacity, re-read only when reached, as JCTools' queues do). It writes the target with a plain store (a lane's
 * producer only where the slot may hold another, see below) and publishes the frame by a release store of the
 * message, which is the frame's flag: the consumer acquires the message slot, and a non-null message means the
 * frame is complete. The consumer then clears the message slot (before its index moves, so a producer of the next
 * lap never finds it cleared after writing it) and moves its own cursor; it publishes its index to the producers
 * with a release store every few frames ({@code publishEvery}) and at the end of each drain, on a line of its own,
 * so producers that find the queue full and read the index again do not pull a line the consumer writes per frame.
 * Nothing is allocated per frame.
 * <p>
 * The target slot keeps its target: only producers write it. A lane's one producer knows which slots hold the target
 * it sends to (it keeps where its current run of frames for one target began), so a stream to one actor stores its
 * target in each slot once, not once per frame, and reads no slot to know it. A reference stored into the queue's
 * array costs the collector's write barrier, and once the array is old (a queue lives as long as its worker) G1's
 * costs a fence for each store of a reference into another region: one per frame in such a stream, not two. What
 * the queue keeps reachable is at most a target per slot (an actor's cell; a stopped actor's cell drops its
 * instance), never a message once handled. Who clears a slot, and why the target slot is kept:
 * docs/lab/2026-11-28-target-slot-keeps-target.md and docs/lab/2026-11-27-lane-consumer-never-writes.md.
 */
public abstract sealed class FrameQueue extends FrameQueuePad3 permits ManyToOneFrameQueue, OneToOneFrameQueue
{
    /** An offer accepted the frame. */
    public static final int OK = 0;
    /** An offer found the queue full. */
    public static final int FULL = 1;
    /** An offer found the queue closed ({@link ManyToOneFrameQueue#close()}). */
    public static final int CLOSED = 2;

    static final VarHandle PRODUCER_WORD;
    private static final VarHandle PRODUCER_LIMIT;
    private static final VarHandle CONSUMER_INDEX;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle STAMPS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_WORD = lookup.findVarHandle(FrameQueueProducerFields.class, "producerWord", long.class);
            PRODUCER_LIMIT = lookup.findVarHandle(
                FrameQueueProducerFields.class, "producerLimit", long.class);
            CONSUMER_INDEX = lookup.findVarHandle(
                FrameQueuePublishedFields.class, "consumerIndex", long.class);
            STAMPS = lookup.findVarHandle(FrameQueue.class, "stamps", long[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final int capacity;
    private final int mask;
    /**
     * Frames a drain takes between two publications of {@link #consumerIndex}: a sixteenth of the capacity, at least
     * 1 and at most 32. The room a drain makes goes back to the producers in steps this long (and at the drain's
     * end), so a producer finding the queue full and reading the index again does not pull its line away from the
     * consumer frame by frame; what a drain holds back meanwhile is at most a sixteenth of the queue.
     */
    private final int publishEvery;
    /** Frame i is slots 2i (target) and 2i + 1 (message, null while the frame is free or not yet published). */
    private final Object[] slots;
    /**
     * Send times of the frames ({@code System.nanoTime()}, 0 for none), one per frame; null until
     * {@link #stampFrames()} (a CAS, read by producers with an acquire load). A producer writes its frame's stamp
     * before the release store that publishes the frame, so the consumer that acquires the frame sees it.
     */
    private long[] stamps;
    /** Consumer only: the send time of the frame in the handler's hands, 0 when not stamped. */
    private long inHandSentNs;

    /**
     * @param capacity a power of two, at least 2.
     */
    FrameQueue(final int capacity)
    {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two of at least 2: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.publishEvery = Math.max(1, Math.min(32, capacity >> 4));
        this.slots = new Object[capacity * 2];
        PRODUCER_LIMIT.setRelease(this, (long)capacity);
    }

    /**
     * @return how many frames the queue holds.
     */
    public int capacity()
    {
        return capacity;
    }

    /**
     * From now on every offer stamps its frame with its send time, read by the consumer as {@link #inHandSentNs()}
     * (for latency histograms); costs a {@code System.nanoTime()} per offer. Idempotent, any thread.
     */
    public void stampFrames()
    {
        if (STAMPS.getAcquire(this) == null)
        {
            STAMPS.compareAndSet(this, null, new long[capacity]);
        }
    }

    /** @return true once {@link #stampFrames()} has run; any thread. */
    public boolean isStamping()
    {
        return STAMPS.getAcquire(this) != null;
    }

    /**
     * @return the send time ({@code System.nanoTime()}) of the frame being handled in a {@link #drain}; 0 when
     * frames are not stamped. Consumer thread only, inside the drain's handler.
     */
    public long inHandSentNs()
    {
        return inHandSentNs;
    }

    /**
     * Write a claimed frame and publish it: the target with a plain store, then {@link #publishMessage}. The producer
     * that claimed {@code index} only.
     */
    final void publish(final long index, final Object target, final Object message)
    {
        writeTarget(index, target);
        publishMessage(index, message);
    }

    /** Write the target of a claimed frame, not yet published: a plain store. The producer that claimed it only. */
    final void writeTarget(final long index, final Object target)
    {
        slots[((int)index & mask) << 1] = target;
    }

    /**
     * Publish a claimed frame whose target slot holds its target already (a lane's producer knows when, see
     * {@link OneToOneFrameQueue}): the send time when frames are stamped, then the message with a release store (the
     * frame's flag). The producer that claimed {@code index} only.
     */
    final void publishMessage(final long index, final Object message)
    {
        final long[] sent = (long[])STAMPS.getAcquire(this);
        if (sent != null)
        {
            sent[(int)index & mask] = System.nanoTime();
        }
        SLOT.setRelease(slots, (((int)index & mask) << 1) + 1, message);
    }

    /**
     * Whether the frame of {@code index} may be written: its slot's message is cleared (or was never written), so
     * the consumer has taken the frame of the lap before it, and, taking them in order, every frame before that.
     * The acquire pairs with the consumer's release store of the cleared message.
     */
    final boolean isFree(final long index)
    {
        return SLOT.getAcquire(slots, (((int)index & mask) << 1) + 1) == null;
    }

    /** Set the cached limit; a {@link OneToOneFrameQueue}'s one producer, whose own field it then is. */
    final void producerLimit(final long limit)
    {
        PRODUCER_LIMIT.set(this, limit);
    }

    /** The cached limit is reached: read the consumer's index again. Producers only. */
    final long refreshLimitSlowPath()
    {
        final long limit = (long)CONSUMER_INDEX.getAcquire(this) + capacity;
        PRODUCER_LIMIT.setRelease(this, limit);
        return limit;
    }

    /**
     * Hand up to {@code limit} published frames to {@code handler}, in order. Consumer thread only.
     *
     * @param handler receives each frame; its slot goes back to the producers when the handler returns; returning
     *                false ends the drain (the frame counts as taken).
     * @param limit   most frames to take.
     * @return how many frames were taken.
     */
    public int drain(final FrameHandler handler, final int limit)
    {
        final Object[] slots = this.slots;
        final int mask = this.mask;
        if (!hasPublished())
        {
            // the common case of a worker polling its queue: nothing to set up
            return 0;
        }
        long index = head;
        long published = index;
        final long[] sent = (long[])STAMPS.getAcquire(this);
        int taken = 0;
        try
        {
            while (taken < limit)
            {
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
                        head = ++index;
                        if (index - published >= publishEvery)
                        {
                            CONSUMER_INDEX.setRelease(this, index);
                            published = index;
                        }
                    }
                    else
                    {
                        // the handler's takeIfNext released this frame and took the ones after it
                        index = head;
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
            // producers see the room the drain made (and whatever the handlers published before it) when they next
            // read the index
            if (index != published)
            {
                CONSUMER_INDEX.setRelease(this, index);
            }
        }
        return taken;
    }

    /**
     * Whether the frame after the one in hand (or, outside a drain, the next one) is published and carries this
     * target. Consumer thread only.
     *
     * @param target the target to look for.
     * @return true when the next frame is published and is for {@code target}.
     */
    public boolean nextIsFor(final Object target)
    {
        final long index = inHand ? head + 1 : head;
        final int slot = ((int)index & mask) << 1;
        return SLOT.getAcquire(slots, slot + 1) != null && slots[slot] == target;
    }

    /** {@link #takeIfNext}: nothing is published at the head yet. */
    public static final int NOTHING_YET = 0;
    /** {@link #takeIfNext}: the frame was next and is taken. */
    public static final int TAKEN = 1;
    /** {@link #takeIfNext}: another frame is next. */
    public static final int OTHER_NEXT = 2;

    /**
     * Take the next frame only if it is published and carries exactly this target and message (by identity).
     * Called from within a drain's handler, it looks past the frame in hand, and taking releases both. Consumer
     * thread only.
     *
     * @param target  the frame's expected target.
     * @param message the frame's expected message.
     * @return {@link #TAKEN}, {@link #NOTHING_YET} or {@link #OTHER_NEXT}.
     */
    public int takeIfNext(final Object target, final Object message)
    {
        final long index = inHand ? head + 1 : head;
        final int slot = ((int)index & mask) << 1;
        final Object next = SLOT.getAcquire(slots, slot + 1);
        if (next == null)
        {
            return NOTHING_YET;
        }
        if (slots[slot] != target || next != message)
        {
            return OTHER_NEXT;
        }
        if (inHand)
        {
            inHand = false;
            free(((int)head & mask) << 1);
        }
        free(slot);
        head = index + 1;
        // published at once: an await's spin may take its answer outside any drain
        CONSUMER_INDEX.setRelease(this, index + 1);
        return TAKEN;
    }

    /**
     * The consumer is done with a frame: its message slot is cleared with a release store (which a lane's producer
     * acquires, {@link #isFree}; the inbound queue's producers go by the consumer's index, published later), so a
     * message slot is non-null only while published. The target slot keeps its target for the next lap's producer.
     */
    private void free(final int slot)
    {
        SLOT.setRelease(slots, slot + 1, (Object)null);
    }

    /**
     * Whether {@link #drain} has a frame to take: the next frame's message slot, read as the drain reads it (the
     * producers' word is not touched, so an idle consumer asking does not pull the producers' cache line over).
     * Consumer thread only.
     *
     * @return true when the next frame is published.
     */
    public boolean hasPublished()
    {
        return SLOT.getAcquire(slots, ((((int)head) & mask) << 1) + 1) != null;
    }

    /**
     * True when no frame is claimed or published. A frame claimed but not yet published counts: the consumer
     * must not sleep or finish while a producer is between its claim and its publication. Consumer thread only.
     *
     * @return true when empty.
     */
    public boolean isEmpty()
    {
        return (producerWord >>> 1) == head;
    }

    /**
     * @return frames claimed and not yet drained; any thread, a snapshot that may be stale.
     */
    public int size()
    {
        final long consumed = (long)CONSUMER_INDEX.getAcquire(this);
        final long produced = producerWord >>> 1;
        return (int)Math.max(0, Math.min(capacity, produced - consumed));
    }
}
