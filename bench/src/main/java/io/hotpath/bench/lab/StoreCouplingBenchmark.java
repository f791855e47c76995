package io.hotpath.bench.lab;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Experiment (docs/lab/2026-11-28-store-coupling.md): does each store a stream's producer makes per message, even to a
 * line no other thread touches, cost more once a consumer holds the lines of the ring it writes? Asked while weighing
 * how many stores a lane's producer makes per frame. Measured here: a stream of messages from one thread to another
 * through a ring of frames, and what it costs the producer to store anything else meanwhile. A frame is a pair of
 * references, target then message, so one 64-byte cache line holds 8 frames (with compressed oops). Per message the
 * producer stores the frame's target, then {@code extraStores} plain stores to a padded array of its own, each to a
 * different line that only the producer ever touches, then publishes the message. Those stores still make every message
 * dearer once a consumer is there: x86 commits stores to memory in program order, so a store to a ring line the
 * consumer holds (it has just cleared a frame there) waits until the producer owns the line again, and every store
 * after it, to the ring or not, waits behind it. The more stores per message, the sooner the store buffer is full and
 * the producer stalls.
 * <ul>
 *   <li>{@code stream}: a producer thread ({@code produce}) and a consumer thread ({@code consume}), {@value #BATCH}
 *   messages per call each; read the producer's figure, per message.</li>
 *   <li>{@code alone}: the same producer ({@code producerAlone}) with no consumer, a group of one thread. It
 *   overwrites frames without waiting for them to be free, so no other core ever takes the ring's lines: what the
 *   extra stores cost with nothing to wait for.</li>
 * </ul>
 * The stores are written out once per {@code extraStores} value, one loop each, so no inner loop adds costs of its
 * own. The consumer checks every frame's target, so the benchmark verifies what it moves. Both spin loops leave on
 * {@code Control.stopMeasurement}, mid-batch if need be, and each iteration ends by emptying the ring. State shared
 * by a group's threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class StoreCouplingBenchmark
{
    /** Messages per call of each benchmark method. */
    static final int BATCH = 1024;
    /** Frames in the ring, a power of two. */
    static final int FRAMES = 16_384;
    private static final int MASK = FRAMES - 1;
    /** Longs per cache line: the producer's own stores go this far apart. */
    private static final int LINE = 8;
    /** The most extra stores per message, the highest {@code extraStores}. */
    private static final int MAX_EXTRA_STORES = 12;
    private static final Object TARGET = new Object();
    private static final Object MESSAGE = new Object();
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    /** The ring, each side's position in it, and the producer's own lines. */
    @State(Scope.Group)
    public static class Ring
    {
        /** Plain stores the producer executes per message besides its frame, each to a line of its own. */
        @Param({"0", "3", "6", "9", "12"})
        public int extraStores;

        /**
         * Frame {@code i} is slots {@code 2i} (the target, a plain store) and {@code 2i + 1} (the message, a release
         * store); a null message marks a free frame.
         */
        Object[] slots;
        /** The producer's own lines: it stores to longs 8, 16, 24 and so on, with a line to spare at each end. */
        long[] own;
        Position producer;
        Position consumer;

        @Setup
        public void setUp()
        {
            slots = new Object[2 * FRAMES];
            own = new long[LINE * (MAX_EXTRA_STORES + 2)];
            producer = new Position();
            consumer = new Position();
        }

        /**
         * Empties the ring and puts both sides back at its start: a side that left mid-batch may have left frames
         * in it. JMH runs this once both threads of the group have left the iteration, so neither is touching the
         * ring.
         */
        @TearDown(Level.Iteration)
        public void reset()
        {
            Arrays.fill(slots, null);
            producer.index = 0;
            consumer.index = 0;
        }
    }

    /**
     * Writes {@value #BATCH} frames, each followed by {@code extraStores} stores to the producer's own lines, waiting
     * while the next frame still holds the message of the previous lap.
     *
     * @return messages produced since the ring was last reset.
     */
    @Benchmark
    @Group("stream")
    @GroupThreads(1)
    @OperationsPerInvocation(BATCH)
    public long produce(final Ring s, final Control ctl)
    {
        return produceWith(s, ctl);
    }

    /**
     * Takes {@value #BATCH} messages, checking each frame's target, and frees their frames.
     *
     * @return messages consumed since the ring was last reset.
     */
    @Benchmark
    @Group("stream")
    @GroupThreads(1)
    @OperationsPerInvocation(BATCH)
    public long consume(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final Position consumer = s.consumer;
        long index = consumer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            while (SLOTS.getAcquire(slots, frame + 1) == null)
            {
                if (ctl.stopMeasurement)
                {
                    consumer.index = index;
                    return index;
                }
                Thread.onSpinWait();
            }
            if (slots[frame] != TARGET)
            {
                throw new IllegalStateException("frame " + (frame >> 1) + " carries the wrong target");
            }
            slots[frame] = null;
            SLOTS.setRelease(slots, frame + 1, null);
            index++;
        }
        consumer.index = index;
        return index;
    }

    /**
     * The producer of {@link #produce} with no consumer: writes {@value #BATCH} frames and their extra stores,
     * overwriting frames without checking that they are free.
     *
     * @return messages produced since the ring was last reset.
     */
    @Benchmark
    @Group("alone")
    @GroupThreads(1)
    @OperationsPerInvocation(BATCH)
    public long producerAlone(final Ring s)
    {
        return produceWith(s, null);
    }

    /**
     * The producer's loop for {@code extraStores}.
     *
     * @param ctl JMH's control, or null when no consumer frees frames (the producer then overwrites them).
     */
    private static long produceWith(final Ring s, final Control ctl)
    {
        return switch (s.extraStores)
        {
            case 0 -> produce0(s, ctl);
            case 3 -> produce3(s, ctl);
            case 6 -> produce6(s, ctl);
            case 9 -> produce9(s, ctl);
            case 12 -> produce12(s, ctl);
            default -> throw new IllegalArgumentException("extraStores " + s.extraStores);
        };
    }

    /** {@link #produce} with no store besides the frame. */
    private static long produce0(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final Position producer = s.producer;
        long index = producer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            if (ctl != null && !free(slots, frame, ctl))
            {
                break;
            }
            slots[frame] = TARGET;
            SLOTS.setRelease(slots, frame + 1, MESSAGE);
            index++;
        }
        producer.index = index;
        return index;
    }

    /** {@link #produce} with 3 stores to the producer's own lines per message. */
    private static long produce3(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final long[] own = s.own;
        final Position producer = s.producer;
        long index = producer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            if (ctl != null && !free(slots, frame, ctl))
            {
                break;
            }
            slots[frame] = TARGET;
            own[8] = index;
            own[16] = index;
            own[24] = index;
            SLOTS.setRelease(slots, frame + 1, MESSAGE);
            index++;
        }
        producer.index = index;
        return index;
    }

    /** {@link #produce} with 6 stores to the producer's own lines per message. */
    private static long produce6(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final long[] own = s.own;
        final Position producer = s.producer;
        long index = producer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            if (ctl != null && !free(slots, frame, ctl))
            {
                break;
            }
            slots[frame] = TARGET;
            own[8] = index;
            own[16] = index;
            own[24] = index;
            own[32] = index;
            own[40] = index;
            own[48] = index;
            SLOTS.setRelease(slots, frame + 1, MESSAGE);
            index++;
        }
        producer.index = index;
        return index;
    }

    /** {@link #produce} with 9 stores to the producer's own lines per message. */
    private static long produce9(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final long[] own = s.own;
        final Position producer = s.producer;
        long index = producer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            if (ctl != null && !free(slots, frame, ctl))
            {
                break;
            }
            slots[frame] = TARGET;
            own[8] = index;
            own[16] = index;
            own[24] = index;
            own[32] = index;
            own[40] = index;
            own[48] = index;
            own[56] = index;
            own[64] = index;
            own[72] = index;
            SLOTS.setRelease(slots, frame + 1, MESSAGE);
            index++;
        }
        producer.index = index;
        return index;
    }

    /** {@link #produce} with 12 stores to the producer's own lines per message. */
    private static long produce12(final Ring s, final Control ctl)
    {
        final Object[] slots = s.slots;
        final long[] own = s.own;
        final Position producer = s.producer;
        long index = producer.index;
        for (int n = 0; n < BATCH; n++)
        {
            final int frame = (int)(index & MASK) << 1;
            if (ctl != null && !free(slots, frame, ctl))
            {
                break;
            }
            slots[frame] = TARGET;
            own[8] = index;
            own[16] = index;
            own[24] = index;
            own[32] = index;
            own[40] = index;
            own[48] = index;
            own[56] = index;
            own[64] = index;
            own[72] = index;
            own[80] = index;
            own[88] = index;
            own[96] = index;
            SLOTS.setRelease(slots, frame + 1, MESSAGE);
            index++;
        }
        producer.index = index;
        return index;
    }

    /**
     * Spins while a frame still holds a message.
     *
     * @param slots the ring.
     * @param frame the frame's first slot.
     * @param ctl   JMH's control, read only while waiting.
     * @return true once the frame is free, false if the measurement stopped first.
     */
    private static boolean free(final Object[] slots, final int frame, final Control ctl)
    {
        while (SLOTS.getAcquire(slots, frame + 1) != null)
        {
            if (ctl.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }






    /** Padding before a side's position. */
    abstract static class PositionPad
    {
        byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
        byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
        byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
        byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    }

    /** A side's position, written by that side only (and by the reset between iterations). */
    abstract static class PositionField extends PositionPad
    {
        /** Messages this side has handled since the ring was last reset; the frame is this modulo the ring. */
        long index;
    }

    /** A side's position, padded at both ends so the producer's and the consumer's never share a line. */
    static final class Position extends PositionField
    {
        byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
        byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
        byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
        byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
    }
}
