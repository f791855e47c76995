package io.hotpath.bench.run;

import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.impl.FloorProbe;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.IntervalSeries;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.measure.SliceLog;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs every step of the {@link RunPlan}, one at a time: warm-up, histogram reset, measurement, stop, drain,
 * teardown. The driver thread only parks while a run is on (waking at each interval boundary to read one counter),
 * so the measured threads have the CPUs to themselves; it reads the host's load before and after each
 * measurement. Owned by the driver thread.
 */
final class Driver
{
    /** Longest wait for in-flight messages after the stop with nothing arriving. */
    private static final long DRAIN_STALL_NS = TimeUnit.SECONDS.toNanos(1);
    /** Longest wait for in-flight messages after the stop. */
    private static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    /** Interval of the fixed-rate interval logs. */
    private static final long LOG_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Interval of the per-interval figures in the summary. */
    static final long SERIES_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(500);
    /** How often the warm-up rehearses the start of the measurement ({@link Probe#rehearse()}). */
    private static final long REHEARSAL_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Longest extension of a fixed-rate warm-up while it drains a backlog. */
    private static final long BACKLOG_WAIT_NS = TimeUnit.SECONDS.toNanos(2);
    /** A fixed-rate row starts measuring once at most this long of its traffic is in flight. */
    private static final long BACKLOG_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private final HarnessOptions options;
    private final RunContext context;
    private final List<BenchImpl> impls;
    private final PrintStream err;
    private final Map<String, String> intervalLogs = new LinkedHashMap<>();
    /** The processes the rows ran in, when each ran in a JVM of its own ({@code --fork}). */
    private final Set<Long> rowJvms = new LinkedHashSet<>();
    /** The kinds of row ({@link RunPlan.Step#kind()}) that have run in this JVM. */
    private final Set<String> warmed = new HashSet<>();

    Driver(final HarnessOptions options, final RunContext context, final List<BenchImpl> impls, final PrintStream err)
    {
        this.options = options;
        this.context = context;
        this.impls = impls;
        this.err = err;
    }

    /**
     * @return a result per step, in run order.
     */
    List<Result> runAll()
    {
        if (options.fork() && options.row() == 0 && !Faults.NONE.equals(context.faults()))
        {
            throw new IllegalArgumentException("faults are injected into the rows this JVM runs, and a forking run " +
                "runs none: give --one-jvm with injected faults");
        }
        final List<RunPlan.Step> steps = RunPlan.steps(options, context, impls);
        final List<Result> results = new ArrayList<>();
        int n = 0;
        for (final RunPlan.Step step : steps)
        {
            n++;
            if (options.row() > 0 && n != options.row())
            {
                // a row's JVM in a forking run: the one row it was started for
                continue;
            }
            if (options.fork() && options.row() == 0)
            {
                results.add(runForked(step, n));
                continue;
            }
            final String run = options.repeat() > 1 ? " #" + step.run() : "";
            results.add(runOne(step, "[" + n + "/" + steps.size() + "] " + step.scenario().name() + run + " " +
                step.impl().name()));
        }
        return results;
    }

    /** @return the processes the rows ran in besides this one ({@code --fork}); empty otherwise. */
    Set<Long> rowJvms()
    {
        return rowJvms;
    }

    /**
     * Run one row in a JVM of its own: the same options, told which row, which writes the row's outcome to a file
     * this JVM reads back. A JVM that fails or writes nothing makes the row a failed one, saying why.
     */
    private Result runForked(final RunPlan.Step step, final int n)
    {
        final String scenario = step.scenario().name();
        final String impl = step.impl().name();
        Path file = null;
        try
        {
            file = Files.createTempFile("hotpath-row-" + n + "-", ".bin");
            final List<String> args = new ArrayList<>(options.toArgs());
            args.addAll(List.of(HarnessOptions.ROW, Integer.toString(n), HarnessOptions.ROW_OUT, file.toString()));
            final int status = ChildJvm.run(options.gc(), args.toArray(String[]::new));
            if (status != Harness.OK || Files.size(file) == 0)
            {
                return Result.failed(scenario, impl, step.run(), status != Harness.OK ?
                    "the row's JVM ended with status " + status : "the row's JVM wrote no figures");
            }
            final RowOutcome outcome = RowOutcome.read(file);
            if (outcome.logStem() != null)
            {
                intervalLogs.put(outcome.logStem(), outcome.log());
            }
            rowJvms.add(outcome.pid());
            return outcome.result();
        }
        catch (final IOException ex)
        {
            return Result.failed(scenario, impl, step.run(), "the row's JVM: " + ex);
        }
        finally
        {
            if (file != null)
            {
                try
                {
                    Files.deleteIfExists(file);
                }
                catch (final IOException ignored)
                {
                    // a temporary file left behind: nothing to report for the row
                }
            }
        }
    }

    /**
     * @return the fixed-rate interval logs by file stem ({@code scenario.impl}, with {@code .runN} for later runs).
     */
    Map<String, String> intervalLogs()
    {
        return intervalLogs;
    }

    private Result runOne(final RunPlan.Step step, final String label)
    {
        final Scenario scenario = step.scenario();
        final BenchImpl impl = step.impl();
        final long warmupNs = options.warmupNs(scenario, warmed.add(step.kind()));
        err.print(label + (warmupNs > options.warmupNs(scenario) ?
            " warmup (" + TimeUnit.NANOSECONDS.toMillis(warmupNs) + " ms, its first row in this JVM)..." : " warmup..."));
        err.flush();
        System.gc();
        final long measureNs = options.durationNs(scenario);
        // a paired ping-pong's slices give its figures over time; a paired fixed-rate row keeps its series too, as
        // its latencies per interval are what shows a backlog building, and so does a remote row run without its
        // floor's slices (raw Aeron's own row, Pekko's)
        final boolean withSeries = scenario.hasLatency() && (!scenario.paired() ||
            scenario.kind() == ScenarioKind.FIXED_RATE || scenario.remote() && !impl.alternatesWithFloor(scenario));
        final IntervalSeries series = withSeries ? new IntervalSeries(SERIES_INTERVAL_NS,
            IntervalSeries.capacityFor(measureNs, SERIES_INTERVAL_NS)) : null;
        final SliceLog slices = scenario.paired() ? new SliceLog(SliceLog.capacityFor(measureNs, options.sliceNs())) :
            null;
        final Probe probe = new Probe(scenario.kind() == ScenarioKind.FIXED_RATE, series, slices);
        final RowMeasurement m = new RowMeasurement();
        // a paired row reads the host's level on its own threads all along; any other (or a paired row whose
        // implementation cannot host the floor) reads it before and after
        final boolean readLevel = !impl.alternatesWithFloor(scenario) && options.levelProbeNs() > 0;
        m.levelBefore = readLevel ? FloorProbe.p50Ns(options.levelProbeNs()) : -1;
        String error = null;
        Trial trial = null;
        try
        {
            trial = impl.start(scenario, context, probe);
            if (options.oldGen())
            {
                // halfway, once the row has made and used what it keeps (an engine makes its lanes on first use)
                warmUp(probe, warmupNs / 2);
                collectToOldGen();
                warmUp(probe, warmupNs - warmupNs / 2);
            }
            else
            {
                warmUp(probe, warmupNs);
            }
            probe.intervalHistogram(null);
            err.print(" measure...");
            err.flush();
            // the driver's own work (the print, reading /proc) before the wait for the backlog: on a host with as
            // many CPUs as busy threads, a woken driver takes a CPU from the sender or the receiver while it works,
            // and a fixed-rate row would start with the messages that fell behind meanwhile
            m.sampleHost();
            drainBacklog(scenario, probe);
            probe.beginMeasure();
            m.begin(probe);
            trial.measuring();
            measure(scenario, step, probe, measureNs, m);
            probe.stop();
            m.end(probe);
            final long stopNs = System.nanoTime();
            if (!probe.awaitDrained(DRAIN_STALL_NS, DRAIN_TIMEOUT_NS) && !probe.allStopped() &&
                probe.sent() == probe.received())
            {
                error = "a sender did not stop within " +
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopNs) + " ms of the run's end";
            }
            m.inbound = trial.inboundFill();
        }
        catch (final Exception | LinkageError ex)
        {
            probe.stop();
            error = ex.toString();
        }
        finally
        {
            if (trial != null)
            {
                try
                {
                    trial.close();
                }
                catch (final RuntimeException ex)
                {
                    error = error == null ? "teardown failed: " + ex : error;
                }
            }
        }
        m.levelAfter = readLevel ? FloorProbe.p50Ns(options.levelProbeNs()) : -1;
        final Result result = trial == null ? Result.failed(scenario.name(), impl.name(), step.run(), error) :
            Result.of(scenario, impl.name(), probe, m.facts(scenario, step.run(), probe, options.sliceNs()), error);
        err.println(error == null ? " done" : " FAILED: " + error);
        return result;
    }

    /**
     * {@code --old-gen}: collect the whole heap while the row runs, twice, so that what survives is in the old
     * generation (G1 and Parallel move every survivor of a full collection there; ZGC's major collection promotes
     * what it finds old enough).
     */
    private void collectToOldGen()
    {
        err.print(" old-gen...");
        err.flush();
        System.gc();
        System.gc();
    }

    /**
     * The warm-up, rehearsing the start of the measurement as it goes; longer for the first row of an implementation
     * and a scenario in this JVM ({@link HarnessOptions#warmupNs(Scenario, boolean)}).
     */
    private void warmUp(final Probe probe, final long warmupNs)
    {
        final long endNs = System.nanoTime() + warmupNs;
        Histogram recycled = null;
        long leftNs;
        while ((leftNs = endNs - System.nanoTime()) > 0)
        {
            sleep(Math.min(leftNs, REHEARSAL_NS));
            probe.rehearse();
            // the interval log's recorder takes a branch of its own when its reader swaps: swap it here too
            recycled = probe.intervalHistogram(recycled);
        }
    }

    /**
     * A fixed-rate row waits (a bounded time) until what the warm-up left in flight has drained, so that its
     * measurement starts on schedule and not with a backlog; any other row goes on at once.
     */
    private static void drainBacklog(final Scenario scenario, final Probe probe)
    {
        if (scenario.kind() != ScenarioKind.FIXED_RATE)
        {
            return;
        }
        final long allowed = Math.max(64, scenario.ratePerSec() * BACKLOG_NS / TimeUnit.SECONDS.toNanos(1));
        final long giveUpNs = System.nanoTime() + BACKLOG_WAIT_NS;
        while (probe.sent() - probe.received() > allowed && System.nanoTime() - giveUpNs < 0)
        {
            sleep(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /**
     * Park through the measurement, waking at each interval boundary to read the received count (and, for a
     * fixed-rate row, to write its interval log).
     */
    private void measure(final Scenario scenario, final RunPlan.Step step, final Probe probe, final long measureNs,
        final RowMeasurement m)
    {
        final boolean logged = scenario.kind() == ScenarioKind.FIXED_RATE;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream log = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        final HistogramLogWriter writer = new HistogramLogWriter(log);
        if (logged)
        {
            final long startMs = System.currentTimeMillis();
            writer.outputLogFormatVersion();
            writer.outputComment("[" + scenario.name() + " on " + step.impl().name() + ", target " +
                scenario.ratePerSec() + " msgs/s, latency from the intended send time, values in ns]");
            writer.outputStartTime(startMs);
            writer.setBaseTime(startMs);
            writer.outputLegend();
        }
        final long startNs = m.startNs();
        final long endNs = startNs + measureNs;
        long nextLogNs = startNs + LOG_INTERVAL_NS;
        long nextBoundaryNs = startNs + SERIES_INTERVAL_NS;
        Histogram interval = null;
        long nowNs;
        while ((nowNs = System.nanoTime()) - endNs < 0)
        {
            long wakeNs = Math.min(endNs, nextBoundaryNs);
            if (logged)
            {
                wakeNs = Math.min(wakeNs, nextLogNs);
            }
            sleep(wakeNs - nowNs);
            nowNs = System.nanoTime();
            if (logged && nowNs - nextLogNs >= 0)
            {
                interval = probe.intervalHistogram(interval);
                writer.outputIntervalHistogram(interval);
                nextLogNs += LOG_INTERVAL_NS;
            }
            if (nowNs - nextBoundaryNs >= 0 && nowNs - endNs < 0)
            {
                m.boundary(probe.received(), nowNs);
                nextBoundaryNs += SERIES_INTERVAL_NS;
            }
        }
        if (logged)
        {
            log.flush();
            final String stem = scenario.name() + "." + step.impl().name() +
                (step.run() > 1 ? ".run" + step.run() : "");
            intervalLogs.put(stem, bytes.toString(StandardCharsets.UTF_8));
        }
    }

    private static void sleep(final long ns)
    {
        final long endNs = System.nanoTime() + ns;
        long leftNs;
        while ((leftNs = endNs - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(leftNs);
        }
    }
}
