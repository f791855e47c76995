package io.hotpath.bench.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The measuring end of one run: a histogram and counters written by ONE recording thread (the receiving actor's
 * worker, or the consumer thread of a peer), a phase written by the driver, and one {@link Sender} per sending
 * thread. Everything is allocated before the run starts, so recording allocates nothing.
 * <p>
 * The recording thread notices a phase change at its next event: on entering the measurement it resets the
 * histogram (warm-up then reset), and in {@link #STOPPING} it stops recording. Senders read {@link #sending()} before
 * each send and acknowledge the stop with {@link Sender#stop()}, so once every sender has stopped and every message
 * sent has been received the run is drained; what is still missing after the timeout is lost.
 */
public final class Probe
{
    /** Warming up: recorded, then discarded at the reset. */
    public static final int WARMUP = 0;
    /** Measuring. */
    public static final int MEASURE = 1;
    /** Senders stop; what is in flight drains without being recorded. */
    public static final int STOPPING = 2;
    /** Longest latency tracked; longer ones are recorded as this. */
    public static final long HIGHEST_TRACKABLE_NS = TimeUnit.MINUTES.toNanos(1);
    /** HdrHistogram's precision: 3 significant digits. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /** Written by the driver, read by the recording thread per event and by senders per send. */
    private volatile int phase = WARMUP;
    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    private final SingleWriterRecorder intervals;
    private final Counter received = new Counter();
    private final List<Sender> senders = new ArrayList<>();

    // recording thread only; published to the driver by the release store of received
    private int seenPhase = WARMUP;
    private long measured;
    private long crossThread;

    // driver only
    private long measureStartNs;
    private long measureEndNs;

    /**
     * @param withIntervals also record into an interval recorder the driver samples, for an interval log.
     */
    public Probe(final boolean withIntervals)
    {
        intervals = withIntervals ? new SingleWriterRecorder(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS) : null;
    }

    /**
     * One sending thread's count and stop acknowledgement. The count has that thread as its only writer.
     */
    public static final class Sender
    {
        private final Counter sent = new Counter();
        private volatile boolean stopped;

        /** Count one message sent; the sending thread only. */
        public void sent()
        {
            sent.increment();
        }

        /** Count several messages sent; the sending thread only. @param n how many. */
        public void sent(final int n)
        {
            sent.add(n);
        }

        /** Acknowledge the stop: this sender sends nothing more. */
        public void stop()
        {
            stopped = true;
        }

        /** @return messages sent so far; any thread. */
        public long count()
        {
            return sent.get();
        }

        /** @return true once acknowledged. */
        public boolean isStopped()
        {
            return stopped;
        }
    }

    /**
     * Register a sending thread; call while setting up, before traffic starts.
     *
     * @return its counter.
     */
    public synchronized Sender newSender()
    {
        final Sender sender = new Sender();
        senders.add(sender);
        return sender;
    }

    /**
     * @return false once the driver has stopped the run; any thread.
     */
    public boolean sending()
    {
        return phase != STOPPING;
    }

    /**
     * Record one latency; the recording thread only.
     *
     * @param latencyNs from the stamp to now.
     */
    public void onLatency(final long latencyNs)
    {
        if (enter())
        {
            record(latencyNs);
        }
        received.increment();
    }

    /**
     * Record one round trip; the recording thread only.
     *
     * @param latencyNs      round-trip time.
     * @param remoteThreadId the thread that ran the other half.
     * @param localThreadId  the thread that runs this half.
     */
    public void onRoundTrip(final long latencyNs, final long remoteThreadId, final long localThreadId)
    {
        if (enter())
        {
            record(latencyNs);
            if (remoteThreadId != localThreadId)
            {
                crossThread++;
            }
        }
        received.increment();
    }

    /**
     * Count one message of a throughput-only run; the recording thread only.
     */
    public void onMessage()
    {
        if (enter())
        {
            measured++;
        }
        received.increment();
    }

    private boolean enter()
    {
        final int p = phase;
        if (p != seenPhase)
        {
            seenPhase = p;
            if (p == MEASURE)
            {
                histogram.reset();
                measured = 0;
                crossThread = 0;
            }
        }
        return p == MEASURE;
    }

    private void record(final long latencyNs)
    {
        final long v = Math.min(Math.max(latencyNs, 0), HIGHEST_TRACKABLE_NS);
        histogram.recordValue(v);
        if (intervals != null)
        {
            intervals.recordValue(v);
        }
        measured++;
    }

    // ---------------------------------------------------------------- driver

    /** Start measuring: the recording thread resets at its next event. */
    public void beginMeasure()
    {
        measureStartNs = System.nanoTime();
        phase = MEASURE;
    }

    /** Stop measuring and sending. */
    public void stop()
    {
        phase = STOPPING;
        measureEndNs = System.nanoTime();
    }

    /**
     * Wait, parked, until every sender has stopped and every message sent has been received, or until nothing has
     * arrived for {@code stallNs} (a lost message, or a sender that cannot stop), or until {@code timeoutNs}.
     *
     * @param stallNs   longest wait without progress.
     * @param timeoutNs longest wait.
     * @return true when drained.
     */
    public boolean awaitDrained(final long stallNs, final long timeoutNs)
    {
        final long startNs = System.nanoTime();
        long progressNs = startNs;
        long lastReceived = received.get();
        while (!isDrained())
        {
            final long nowNs = System.nanoTime();
            final long r = received.get();
            if (r != lastReceived)
            {
                lastReceived = r;
                progressNs = nowNs;
            }
            if (nowNs - startNs >= timeoutNs || nowNs - progressNs >= stallNs)
            {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return true;
    }

    private synchronized boolean isDrained()
    {
        return allStopped() && sent() == received.get();
    }

    /** @return true when every sender has acknowledged the stop. */
    public synchronized boolean allStopped()
    {
        for (final Sender s : senders)
        {
            if (!s.isStopped())
            {
                return false;
            }
        }
        return true;
    }

    /** @return messages sent, summed over senders. */
    public synchronized long sent()
    {
        long sum = 0;
        for (final Sender s : senders)
        {
            sum += s.count();
        }
        return sum;
    }

    /** @return messages received (all phases). */
    public long received()
    {
        return received.get();
    }

    /** @return events recorded while measuring; read after the run drained. */
    public long measured()
    {
        received.get();
        return measured;
    }

    /** @return measured round trips whose halves ran on different threads; read after the run drained. */
    public long crossThread()
    {
        received.get();
        return crossThread;
    }

    /** @return the measured histogram; read after the run drained. */
    public Histogram histogram()
    {
        received.get();
        return histogram;
    }

    /** @return ns between {@link #beginMeasure()} and {@link #stop()}. */
    public long measuredNs()
    {
        return measureEndNs - measureStartNs;
    }

    /**
     * @param recycle the histogram of the last call, or null.
     * @return what was recorded since the last call, or null without an interval recorder; the driver only.
     */
    public Histogram intervalHistogram(final Histogram recycle)
    {
        return intervals == null ? null : intervals.getIntervalHistogram(recycle);
    }
}
