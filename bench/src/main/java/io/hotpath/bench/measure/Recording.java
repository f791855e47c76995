package io.hotpath.bench.measure;

import org.HdrHistogram.Histogram;

/** Padding before the recording thread's counts. */
abstract class RecordingPad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** The counts the recording thread writes with each message, on lines no other thread reads during the run. */
abstract class RecordingFields extends RecordingPad
{
    /** What {@link #seenPhase} holds before the recording thread's first event. */
    static final int NO_PHASE = -1;

    /** The phase the recording thread last saw; none before its first event. */
    int seenPhase = NO_PHASE;
    /** True from the first event until the run stops: what arrives is recorded. */
    boolean recording;
    long measured;
    long crossThread;
}

/**
 * What one row's recording thread records: the row's histogram, its counts, the latencies per interval and, for a
 * paired row, the slices. Written by the recording thread only, through the {@link Probe}; read by the driver after
 * the run has drained (the probe's received count publishes it). Its counts are padded: the probe it sits beside is
 * read by the senders with every batch, and a line both sides touch would slow a blast run by run, depending on where
 * the allocator happened to place the two objects.
 */
public final class Recording extends RecordingFields
{
    private final Histogram histogram = new Histogram(Probe.HIGHEST_TRACKABLE_NS, Probe.SIGNIFICANT_DIGITS);
    private final IntervalSeries series;
    private final SliceLog slices;
    private boolean slicesSummed;
    private boolean slicesFinished;
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;

    Recording(final IntervalSeries series, final SliceLog slices)
    {
        this.series = series;
        this.slices = slices;
    }

    void enterPhase(final int phase, final long measureStartNs, final long nowNs)
    {
        seenPhase = phase;
        recording = phase != Probe.STOPPING;
        if (recording)
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

    /** A paired row records into its slice, any other row into its histogram; both into an interval series if any. */
    void record(final long latencyNs, final long nowNs)
    {
        if (slices != null)
        {
            slices.recordImpl(latencyNs);
        }
        else
        {
            histogram.recordValue(latencyNs);
        }
        if (series != null)
        {
            series.record(latencyNs, nowNs);
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
        if (slices != null && recording)
        {
            slices.beginFloor(nowNs, measured);
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
            slices.endFloor(nowNs, measured);
        }
    }

    void floorMessages(final long count, final long durationNs)
    {
        if (slices != null && recording)
        {
            slices.floorMessages(count, durationNs);
        }
    }

    void floorLevels(final LevelBounds bounds)
    {
        if (slices != null)
        {
            slices.levels(bounds);
        }
    }

    void abandoned()
    {
        if (slices != null && recording)
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

    /** @return the slices of a paired row, or null; the driver, after the run (the last slice is closed now). */
    public SliceLog slices()
    {
        if (slices != null && !slicesFinished)
        {
            slicesFinished = true;
            slices.finish(measured);
        }
        return slices;
    }
}
