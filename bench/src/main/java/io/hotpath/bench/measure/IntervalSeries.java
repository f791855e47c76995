package io.hotpath.bench.measure;

import org.HdrHistogram.Histogram;

/**
 * A row's latencies cut into fixed intervals of its measurement, so that a shift of the host's speed level within
 * a row shows in the summary. One histogram per interval, allocated before the run with 2 significant digits (1%
 * is enough to see a level); the recording thread only moves to the next one when an event falls past the
 * interval's end, so cutting costs nothing at the boundary. Written by the recording thread; read by the driver
 * after the run drained.
 */
public final class IntervalSeries
{
    private static final int INTERVAL_DIGITS = 2;

    private final long intervalNs;
    private final Histogram[] intervals;
    private long startNs;
    private int current;
    private long currentEndNs;

    /**
     * @param intervalNs length of an interval.
     * @param capacity   most intervals recorded; later events are left out of the series (not of the row).
     */
    public IntervalSeries(final long intervalNs, final int capacity)
    {
        this.intervalNs = intervalNs;
        intervals = new Histogram[capacity];
        for (int i = 0; i < capacity; i++)
        {
            intervals[i] = new Histogram(Probe.HIGHEST_TRACKABLE_NS, INTERVAL_DIGITS);
        }
    }

    /**
     * The measurement began at {@code measureStartNs}; recording thread, before the first {@link #record}.
     *
     * @param measureStartNs when the driver began the measurement.
     */
    void begin(final long measureStartNs)
    {
        for (int i = 0; i <= current && i < intervals.length; i++)
        {
            intervals[i].reset();
        }
        startNs = measureStartNs;
        current = 0;
        currentEndNs = measureStartNs + intervalNs;
    }

    /**
     * @param latencyNs a latency, already clamped.
     * @param nowNs     when it was taken.
     */
    void record(final long latencyNs, final long nowNs)
    {
        if (nowNs - currentEndNs >= 0)
        {
            current = (int)Math.min(intervals.length, (nowNs - startNs) / intervalNs);
            currentEndNs = startNs + (current + 1L) * intervalNs;
        }
        if (current < intervals.length)
        {
            intervals[current].recordValue(latencyNs);
        }
    }

    /** @return the length of an interval. */
    public long intervalNs()
    {
        return intervalNs;
    }

    /** @return the number of intervals the series can hold. */
    public int capacity()
    {
        return intervals.length;
    }

    /** @param i index. @return what was recorded in interval i (empty when nothing fell in it). */
    public Histogram interval(final int i)
    {
        return intervals[i];
    }

    /**
     * @param measureNs measured time of the row.
     * @param intervalNs length of an interval.
     * @return intervals enough for the row, and one for a late event.
     */
    public static int capacityFor(final long measureNs, final long intervalNs)
    {
        return (int)Math.min(2_000, (measureNs + intervalNs - 1) / intervalNs + 1);
    }
}
