package io.hotpath.bench.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The measuring end of one run: what the ONE recording thread (the receiving actor's worker, or the consumer thread
 * of a peer) records, a phase written by the driver, and one {@link ProbeSender} per sending thread. Everything is
 * allocated before the run starts, so recording allocates nothing.
 * <p>
 * The recording thread notices a phase change at its next event: on entering the measurement it resets what it
 * records (warm-up then reset), and in {@link #STOPPING} it stops recording. Senders read {@link #sending()} before
 * each send and acknowledge the stop with {@link ProbeSender#stop()}, so once every sender has stopped and every
 * message sent has been received the run is drained; what is still missing after the timeout is lost.
 * <p>
 * A paired row (a ping-pong alternating with the floor on its own two threads) records into a {@link SliceLog}
 * instead of the row's histogram; the row's histogram is then the sum of the implementation's slices.
 */
public final class Probe extends ProbePad
{
    /** Warming up: recorded, then discarded at the reset. */
    public static final int WARMUP = 0;
    /** Measuring. */
    public static final int MEASURE = 1;
    /** Senders stop; what is in flight drains without being recorded. */
    public static final int STOPPING = 2;
    /**
     * Warming up after a rehearsed start: during the warm-up the driver alternates this phase with {@link #WARMUP},
     * and the recording thread resets what it records at each change exactly as it does when the measurement
     * begins. So the code of that reset runs, and is compiled, long before it matters: a branch a compiled method
     * never took until the measurement began would send the receiving loop back to the interpreter (an
     * "unstable if" deoptimisation) for the first tens of milliseconds measured.
     */
    public static final int REHEARSAL = 3;
    /** Longest latency tracked; longer ones are recorded as this. */
    public static final long HIGHEST_TRACKABLE_NS = TimeUnit.MINUTES.toNanos(1);
    /** HdrHistogram's precision: 3 significant digits. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /** Written by the driver, read by the recording thread per event and by senders per send; on its own line. */
    private final PhaseWord phaseWord = new PhaseWord();
    private final Recording recording;
    private final SingleWriterRecorder intervalLog;
    private final Counter received = new Counter();
    private final List<ProbeSender> senders = new ArrayList<>();

    // driver only; measureStartNs is published to the recording thread by the volatile write of the phase
    private long measureStartNs = System.nanoTime();
    private long measureEndNs;

    // every sender reads this object with each batch: no other object's hot field may share its lines
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;

    /**
     * A probe without interval series or slices, for a row's parts tested alone.
     *
     * @param withIntervalLog also record into an interval recorder the driver samples, for an interval log.
     */
    public Probe(final boolean withIntervalLog)
    {
        this(withIntervalLog, null, null);
    }

    /**
     * @param withIntervalLog also record into an interval recorder the driver samples, for an interval log.
     * @param series          latencies per interval of the measurement, or null.
     * @param slices          the slices of a paired row, or null for any other row.
     */
    public Probe(final boolean withIntervalLog, final IntervalSeries series, final SliceLog slices)
    {
        intervalLog = withIntervalLog ? new SingleWriterRecorder(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS) : null;
        recording = new Recording(series, slices);
    }

    /**
     * Register a sending thread; call while setting up, before traffic starts.
     *
     * @return its counter.
     */
    public synchronized ProbeSender newSender()
    {
        final ProbeSender sender = new ProbeSender();
        senders.add(sender);
        return sender;
    }

    /**
     * @return false once the driver has stopped the run; any thread.
     */
    public boolean sending()
    {
        return phaseWord.phase != STOPPING;
    }

    /**
     * @return true while the driver measures (not in the warm-up, its rehearsals or the stop); any thread.
     */
    public boolean measuring()
    {
        return phaseWord.phase == MEASURE;
    }

    /**
     * Record one latency; the recording thread only.
     *
     * @param stampNs when the message was sent (or was meant to be sent).
     * @param nowNs   when it arrived.
     */
    public void onLatency(final long stampNs, final long nowNs)
    {
        if (enter())
        {
            record(nowNs - stampNs, nowNs);
        }
        received.increment();
    }

    /**
     * Count a message of a latency row without recording its latency: in a paired fixed-rate row, one that waited in
     * the queue through a floor slice. The recording thread only.
     */
    public void onUnrecorded()
    {
        enter();
        received.increment();
    }

    /**
     * Record one round trip; the recording thread only.
     *
     * @param startNs        when the request left.
     * @param endNs          when the answer arrived.
     * @param remoteThreadId the thread that ran the other half.
     * @param localThreadId  the thread that runs this half.
     */
    public void onRoundTrip(final long startNs, final long endNs, final long remoteThreadId, final long localThreadId)
    {
        if (enter())
        {
            record(endNs - startNs, endNs);
            recording.crossThread(remoteThreadId != localThreadId);
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
            recording.count();
        }
        received.increment();
    }

    /**
     * A floor slice begins on the recording thread (the initiator's); nothing is sent or received for it.
     *
     * @param nowNs System.nanoTime().
     */
    public void beginFloorSlice(final long nowNs)
    {
        recording.beginFloor(nowNs);
    }

    /**
     * Record one round trip of the floor within a floor slice; the recording thread only.
     *
     * @param latencyNs the round trip.
     */
    public void onFloorRoundTrip(final long latencyNs)
    {
        recording.recordFloor(clamp(latencyNs));
    }

    /**
     * The floor slice ends and the implementation's next slice begins.
     *
     * @param nowNs System.nanoTime().
     */
    public void endFloorSlice(final long nowNs)
    {
        recording.endFloor(nowNs);
    }

    /**
     * A floor that streams (the remote blast's raw Aeron) passed {@code count} messages in this floor slice over
     * {@code durationNs}; the recording thread only, before {@link #endFloorSlice(long)}.
     *
     * @param count      messages its receiver took.
     * @param durationNs over how long.
     */
    public void onFloorMessages(final long count, final long durationNs)
    {
        recording.floorMessages(count, durationNs);
    }

    /**
     * The levels a paired row's pairs are grouped by when its floor slices run another floor than the two-thread one
     * (the remote rows' raw Aeron); the driver thread, while the row is set up, before traffic starts. A probe
     * without slices ignores it.
     *
     * @param bounds that floor's levels.
     */
    public void floorLevels(final LevelBounds bounds)
    {
        recording.floorLevels(bounds);
    }

    /** A floor slice could not start, its responder did not join in time; the recording thread only. */
    public void floorSliceAbandoned()
    {
        recording.abandoned();
    }

    /**
     * @return true while recording: in the warm-up as in the measurement, so that the recording thread runs the same
     * code in both and nothing compiled in the warm-up is thrown away when the measurement begins.
     */
    private boolean enter()
    {
        final int p = phaseWord.phase;
        if (p != recording.seenPhase)
        {
            recording.enterPhase(p, measureStartNs, System.nanoTime());
        }
        return p != STOPPING;
    }

    private void record(final long latencyNs, final long nowNs)
    {
        final long v = clamp(latencyNs);
        recording.record(v, nowNs);
        if (intervalLog != null)
        {
            intervalLog.recordValue(v);
        }
    }

    private static long clamp(final long latencyNs)
    {
        return Math.min(Math.max(latencyNs, 0), HIGHEST_TRACKABLE_NS);
    }

    // ---------------------------------------------------------------- driver

    /**
     * Rehearse the start of the measurement during the warm-up: the recording thread resets what it has recorded at
     * its next event, as {@link #beginMeasure()} will make it do.
     */
    public void rehearse()
    {
        measureStartNs = System.nanoTime();
        phaseWord.phase = phaseWord.phase == WARMUP ? REHEARSAL : WARMUP;
    }

    /** Start measuring: the recording thread resets at its next event. */
    public void beginMeasure()
    {
        measureStartNs = System.nanoTime();
        phaseWord.phase = MEASURE;
    }

    /** Stop measuring and sending. */
    public void stop()
    {
        phaseWord.phase = STOPPING;
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
        for (final ProbeSender s : senders)
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
        for (final ProbeSender s : senders)
        {
            sum += s.count();
        }
        return sum;
    }

    /** @return the most messages in flight any sender saw while measured ({@link ProbeSender#noteInFlight}). */
    public synchronized long mostInFlight()
    {
        long most = 0;
        for (final ProbeSender s : senders)
        {
            most = Math.max(most, s.mostInFlight());
        }
        return most;
    }

    /** @return offers refused by a full queue, summed over senders. */
    public synchronized long refused()
    {
        long sum = 0;
        for (final ProbeSender s : senders)
        {
            sum += s.refusedCount();
        }
        return sum;
    }

    /** @return messages received (all phases). */
    public long received()
    {
        return received.get();
    }

    /** @return what the recording thread recorded; read after the run drained. */
    public Recording recording()
    {
        received.get();
        return recording;
    }

    /** @return events recorded while measuring; read after the run drained. */
    public long measured()
    {
        return recording().measured();
    }

    /** @return measured round trips whose halves ran on different threads; read after the run drained. */
    public long crossThread()
    {
        return recording().crossThread();
    }

    /** @return the measured histogram; read after the run drained. */
    public Histogram histogram()
    {
        return recording().histogram();
    }

    /** @return when {@link #stop()} was called, System.nanoTime(). */
    public long measureEndNs()
    {
        return measureEndNs;
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
        return intervalLog == null ? null : intervalLog.getIntervalHistogram(recycle);
    }
}

/** Padding before the probe's fields. */
abstract class ProbePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}
