package io.hotpath.bench.measure;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The slices of a paired ping-pong row: the implementation's round trips and the floor's, alternating on the same
 * two threads, each slice in a histogram of its own. Every histogram is allocated before the run, so recording
 * allocates nothing. Written by the recording thread only (the ping-pong's initiator); read by the driver after
 * the run has drained, through the probe's release store of its received count.
 * <p>
 * The measurement begins with an implementation slice; then floor and implementation slices alternate: I0 F0 I1 F1
 * ... A slice beyond the capacity is not recorded (the capacity covers every slice a run of its length can hold).
 * <p>
 * The floor is the two-thread floor unless the row's implementation names another floor's levels
 * ({@link Probe#floorLevels(LevelBounds)}); a floor that also streams (the remote blast's raw Aeron) records how many
 * messages it passed in its slice and over how long ({@link Probe#onFloorMessages(long, long)}).
 */
public final class SliceLog
{
    private final AbstractHistogram[] impl;
    private final AbstractHistogram[] floor;
    private final long[] implStartNs;
    private final long[] implEndNs;
    private final long[] floorStartNs;
    private final long[] floorEndNs;
    private final long[] implCount;
    private final long[] floorCount;
    private final long[] floorCountNs;
    private LevelBounds levels = LevelBounds.LOCAL;
    private long implStartCount;
    private int implSlices;
    private int floorSlices;
    private boolean inFloor;
    private long abandoned;

    /**
     * @param capacity most floor slices (and one more implementation slice) recorded.
     */
    public SliceLog(final int capacity)
    {
        impl = new AbstractHistogram[capacity + 1];
        floor = new AbstractHistogram[capacity];
        for (int i = 0; i < impl.length; i++)
        {
            impl[i] = new IntCountsHistogram(Probe.HIGHEST_TRACKABLE_NS, Probe.SIGNIFICANT_DIGITS);
        }
        for (int i = 0; i < floor.length; i++)
        {
            floor[i] = new IntCountsHistogram(Probe.HIGHEST_TRACKABLE_NS, Probe.SIGNIFICANT_DIGITS);
        }
        implStartNs = new long[capacity + 1];
        implEndNs = new long[capacity + 1];
        floorStartNs = new long[capacity];
        floorEndNs = new long[capacity];
        implCount = new long[capacity + 1];
        floorCount = new long[capacity];
        floorCountNs = new long[capacity];
    }

    /**
     * The levels the floor slices are grouped by, when the floor is not the two-thread one; the driver thread, while
     * the row is set up.
     *
     * @param bounds the floor's levels.
     */
    void levels(final LevelBounds bounds)
    {
        levels = bounds;
    }

    /** @return the levels the floor slices are grouped by. */
    public LevelBounds levels()
    {
        return levels;
    }

    /**
     * The measurement (or a rehearsal of its start in the warm-up) begins: what was recorded is cleared and the first
     * implementation slice opens. Recording thread.
     *
     * @param nowNs System.nanoTime().
     */
    void begin(final long nowNs)
    {
        for (int i = 0; i < implSlices(); i++)
        {
            impl[i].reset();
            implCount[i] = 0;
        }
        for (int i = 0; i < floorSlices; i++)
        {
            floor[i].reset();
            floorCount[i] = 0;
            floorCountNs[i] = 0;
        }
        abandoned = 0;
        implStartCount = 0;
        implSlices = 1;
        floorSlices = 0;
        inFloor = false;
        implStartNs[0] = nowNs;
    }

    /** @param latencyNs a round trip of the implementation; recording thread. */
    void recordImpl(final long latencyNs)
    {
        if (!inFloor && implSlices > 0 && implSlices <= impl.length)
        {
            impl[implSlices - 1].recordValue(latencyNs);
        }
    }

    /**
     * The implementation's slice ends, a floor slice begins; recording thread.
     *
     * @param nowNs    System.nanoTime().
     * @param measured events the row has recorded so far: the slice's count is what it added.
     */
    void beginFloor(final long nowNs, final long measured)
    {
        if (inFloor || implSlices == 0 || floorSlices >= floor.length)
        {
            return;
        }
        implEndNs[implSlices - 1] = nowNs;
        implCount[implSlices - 1] = measured - implStartCount;
        floorStartNs[floorSlices++] = nowNs;
        inFloor = true;
    }

    /** @param latencyNs a round trip of the floor; recording thread. */
    void recordFloor(final long latencyNs)
    {
        if (inFloor)
        {
            floor[floorSlices - 1].recordValue(latencyNs);
        }
    }

    /**
     * A floor that streams passed {@code count} messages in its slice over {@code durationNs}; recording thread.
     *
     * @param count      messages the floor's receiver took.
     * @param durationNs over how long.
     */
    void floorMessages(final long count, final long durationNs)
    {
        if (inFloor)
        {
            floorCount[floorSlices - 1] = count;
            floorCountNs[floorSlices - 1] = durationNs;
        }
    }

    /**
     * The floor's slice ends, the implementation's next begins; recording thread.
     *
     * @param nowNs    System.nanoTime().
     * @param measured events the row has recorded so far.
     */
    void endFloor(final long nowNs, final long measured)
    {
        if (!inFloor)
        {
            return;
        }
        implStartCount = measured;
        floorEndNs[floorSlices - 1] = nowNs;
        inFloor = false;
        if (implSlices < impl.length)
        {
            implStartNs[implSlices++] = nowNs;
        }
        else
        {
            implSlices = impl.length + 1;
        }
    }

    /** A floor slice could not start: the responder did not join in time; recording thread. */
    void abandoned()
    {
        abandoned++;
    }

    /** @return implementation slices begun (the last may be unfinished). */
    public int implSlices()
    {
        return Math.min(implSlices, impl.length);
    }

    /** @return floor slices begun. */
    public int floorSlices()
    {
        return floorSlices;
    }

    /** @param i index. @return the implementation's slice i. */
    public AbstractHistogram impl(final int i)
    {
        return impl[i];
    }

    /** @param i index. @return the floor's slice i, which follows the implementation's slice i. */
    public AbstractHistogram floor(final int i)
    {
        return floor[i];
    }

    /**
     * Close the slice still open when the run ended; the driver, once, after the run.
     *
     * @param measured events the row recorded in all.
     */
    void finish(final long measured)
    {
        if (!inFloor && implSlices > 0 && implSlices <= impl.length)
        {
            implCount[implSlices - 1] = measured - implStartCount;
        }
    }

    /** @param i index. @return the events the implementation's slice i recorded (messages of a throughput row). */
    public long implCount(final int i)
    {
        return implCount[i];
    }

    /**
     * @param i index.
     * @return messages per second the floor's slice i passed, or 0 when its floor does not stream.
     */
    public double floorPerSec(final int i)
    {
        return floorCountNs[i] <= 0 ? 0 : floorCount[i] * 1e9 / floorCountNs[i];
    }

    /** @param i index. @return when the implementation's slice i began. */
    public long implStartNs(final int i)
    {
        return implStartNs[i];
    }

    /** @param i index. @return when the implementation's slice i ended, or 0 while open. */
    public long implEndNs(final int i)
    {
        return implEndNs[i];
    }

    /** @param i index. @return when the floor's slice i began. */
    public long floorStartNs(final int i)
    {
        return floorStartNs[i];
    }

    /** @param i index. @return when the floor's slice i ended, or 0 while open. */
    public long floorEndNs(final int i)
    {
        return floorEndNs[i];
    }

    /**
     * @param endNs when the measurement ended (closes a slice still open).
     * @return the time spent in the implementation's slices.
     */
    public long implTimeNs(final long endNs)
    {
        long sum = 0;
        for (int i = 0; i < implSlices(); i++)
        {
            final long sliceEndNs = implEndNs[i] != 0 ? implEndNs[i] : endNs;
            sum += Math.max(0, sliceEndNs - implStartNs[i]);
        }
        return sum;
    }

    /** @return floor slices that could not start because the responder did not join. */
    public long abandonedSlices()
    {
        return abandoned;
    }

    /**
     * @param measureNs  measured time of the row.
     * @param sliceNs    length of one slice.
     * @return the capacity a row of that length needs (slices last at least {@code sliceNs} each), at most 500.
     */
    public static int capacityFor(final long measureNs, final long sliceNs)
    {
        return (int)Math.min(500, measureNs / (2 * sliceNs) + 2);
    }
}
