package io.hotpath.runtime;

import io.hotpath.metrics.LatencyStats;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;

/**
 * The latency histograms of one worker or one actor: how long messages waited (a frame from another thread, from
 * its send to its take by the worker) and how long their handlers ran. Recording is single-writer, the worker's
 * thread, into HdrHistogram {@link SingleWriterRecorder}s (3 significant digits, 1 ns to 60 s, longer values
 * counted as 60 s): nothing is allocated per value. Reading ({@link #waitStats}, {@link #handlerStats}) takes the
 * recorders' interval histograms into recycled ones and adds them to totals since the start; any thread, under
 * this object's lock (never taken by the worker).
 */
final class Latency
{
    /** Longest value told apart; longer ones count as this. */
    static final long HIGHEST_NS = TimeUnit.SECONDS.toNanos(60);
    private static final int DIGITS = 3;

    private final SingleWriterRecorder wait = new SingleWriterRecorder(1, HIGHEST_NS, DIGITS);
    private final SingleWriterRecorder handler = new SingleWriterRecorder(1, HIGHEST_NS, DIGITS);
    private final Histogram waitTotal = new Histogram(1, HIGHEST_NS, DIGITS);
    private final Histogram handlerTotal = new Histogram(1, HIGHEST_NS, DIGITS);
    /** The interval histograms last taken, handed back to their recorders to recycle. */
    private Histogram waitInterval;
    private Histogram handlerInterval;

    /** A message waited this long before its worker took it. Worker's thread only. */
    void recordWait(final long ns)
    {
        wait.recordValue(clamp(ns));
    }

    /** A handler ran this long. Worker's thread only. */
    void recordHandler(final long ns)
    {
        handler.recordValue(clamp(ns));
    }

    private static long clamp(final long ns)
    {
        return ns < 0 ? 0 : Math.min(ns, HIGHEST_NS);
    }

    /** @return waits recorded since the start (or the last {@link #reset}); any thread. */
    synchronized LatencyStats waitStats()
    {
        waitInterval = wait.getIntervalHistogram(waitInterval);
        return stats(waitInterval, waitTotal);
    }

    /** @return handler times recorded since the start (or the last {@link #reset}); any thread. */
    synchronized LatencyStats handlerStats()
    {
        handlerInterval = handler.getIntervalHistogram(handlerInterval);
        return stats(handlerInterval, handlerTotal);
    }

    /** Forget what was recorded so far (after a warm-up, say); any thread. */
    synchronized void reset()
    {
        waitInterval = wait.getIntervalHistogram(waitInterval);
        handlerInterval = handler.getIntervalHistogram(handlerInterval);
        waitTotal.reset();
        handlerTotal.reset();
    }

    private static LatencyStats stats(final Histogram interval, final Histogram total)
    {
        total.add(interval);
        if (total.getTotalCount() == 0)
        {
            return new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencyStats(total.getTotalCount(), total.getValueAtPercentile(50),
            total.getValueAtPercentile(90), total.getValueAtPercentile(99), total.getValueAtPercentile(99.9),
            total.getValueAtPercentile(99.99), total.getMaxValue(), total.getMean());
    }
}
