package io.hotpath.bench.harness;

import org.HdrHistogram.Histogram;

/**
 * What one row's recording thread records: the row's histogram, its counts, the latencies per interval and, for a
 * paired row, the slices. Written by the recording thread only, through the {@link Probe}; read by the driver after
 * the run has drained (the probe's received count publishes it).
 */
public final class Recording
{
    /** The phase the recording thread last saw. */
    int seenPhase = Probe.WARMUP;

    private final Histogram histogram = new Histogram(Probe.HIGHEST_TRACKABLE_NS, Probe.SIGNIFICANT_DIGITS);
    private final IntervalSeries series;
    private final SliceLog slices;
    private long measured;
    private long crossThread;
    private boolean slicesSummed;

    Recording(final IntervalSeries series, final SliceLog slices)
    {
        this.series = series;
        this.slices = slices;
    }

    void enterPhase(final int phase, final long measureStartNs, final long nowNs)
    {
        seenPhase = phase;
        if (phase == Probe.MEASURE)
        {
            histogram.reset();
            measured = 0;
            crossThread = 0;
            if (series != null)
            {
                series.begin(measureStartNs);
            }
            if (slices != null)
            {
                slices.begin(nowNs);
            }
        }
    }

    /** A paired row records into its slice; any other row into its histogram and its interval series. */
    void record(final long latencyNs, final long nowNs)
    {
        if (slices != null)
        {
            slices.recordImpl(latencyNs);
        }
        else
        {
            histogram.recordValue(latencyNs);
            if (series != null)
            {
                series.record(latencyNs, nowNs);
            }
        }
        measured++;
    }

    void crossThread(final boolean cross)
    {
        if (cross)
        {
            crossThread++;
        }
    }

    void count()
    {
        measured++;
    }

    void beginFloor(final long nowNs)
    {
        if (slices != null && seenPhase == Probe.MEASURE)
        {
            slices.beginFloor(nowNs);
        }
    }

    void recordFloor(final long latencyNs)
    {
        if (slices != null)
        {
            slices.recordFloor(latencyNs);
        }
    }

    void endFloor(final long nowNs)
    {
        if (slices != null)
        {
            slices.endFloor(nowNs);
        }
    }

    void abandoned()
    {
        if (slices != null && seenPhase == Probe.MEASURE)
        {
            slices.abandoned();
        }
    }

    /** @return events recorded while measuring. */
    public long measured()
    {
        return measured;
    }

    /** @return measured round trips whose halves ran on different threads. */
    public long crossThread()
    {
        return crossThread;
    }

    /**
     * @return the measured histogram; for a paired row the sum of the implementation's slices, made at the first
     * call (the driver's, after the run).
     */
    public Histogram histogram()
    {
        if (slices != null && !slicesSummed)
        {
            slicesSummed = true;
            histogram.reset();
            for (int i = 0; i < slices.implSlices(); i++)
            {
                histogram.add(slices.impl(i));
            }
        }
        return histogram;
    }

    /** @return the latencies per interval, or null. */
    public IntervalSeries series()
    {
        return series;
    }

    /** @return the slices of a paired row, or null. */
    public SliceLog slices()
    {
        return slices;
    }
}
