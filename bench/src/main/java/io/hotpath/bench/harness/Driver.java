package io.hotpath.bench.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs every selected scenario on every implementation that supports it, one at a time: warm-up, histogram reset,
 * measurement, stop, drain, teardown. The driver thread only parks while a run is on, so the measured threads have
 * the CPUs to themselves. Owned by the driver thread.
 */
final class Driver
{
    /** Longest wait for in-flight messages after the stop with nothing arriving. */
    private static final long DRAIN_STALL_NS = TimeUnit.SECONDS.toNanos(1);
    /** Longest wait for in-flight messages after the stop. */
    private static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    /** Interval of the fixed-rate interval logs. */
    private static final long INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);

    private final HarnessOptions options;
    private final RunContext context;
    private final List<BenchImpl> impls;
    private final PrintStream err;
    private final Map<String, String> intervalLogs = new LinkedHashMap<>();

    Driver(final HarnessOptions options, final RunContext context, final List<BenchImpl> impls, final PrintStream err)
    {
        this.options = options;
        this.context = context;
        this.impls = impls;
        this.err = err;
    }

    /**
     * @return a result per scenario and supporting implementation, in run order.
     */
    List<Result> runAll()
    {
        int total = 0;
        for (final Scenario s : options.scenarios())
        {
            for (final BenchImpl impl : impls)
            {
                total += impl.supports(s, context) ? 1 : 0;
            }
        }
        final List<Result> results = new ArrayList<>();
        int n = 0;
        for (final Scenario s : options.scenarios())
        {
            for (final BenchImpl impl : impls)
            {
                if (impl.supports(s, context))
                {
                    n++;
                    results.add(runOne(s, impl, "[" + n + "/" + total + "] " + s.name() + " " + impl.name()));
                }
            }
        }
        return results;
    }

    /**
     * @return the fixed-rate interval logs by file stem ({@code scenario.impl}).
     */
    Map<String, String> intervalLogs()
    {
        return intervalLogs;
    }

    private Result runOne(final Scenario scenario, final BenchImpl impl, final String label)
    {
        err.print(label + " warmup...");
        err.flush();
        System.gc();
        final Probe probe = new Probe(scenario.kind() == ScenarioKind.FIXED_RATE);
        String error = null;
        Trial trial = null;
        try
        {
            trial = impl.start(scenario, context, probe);
            sleep(options.warmupNs());
            probe.intervalHistogram(null);
            err.print(" measure...");
            err.flush();
            probe.beginMeasure();
            if (scenario.kind() == ScenarioKind.FIXED_RATE)
            {
                measureWithIntervals(scenario, impl, probe);
            }
            else
            {
                sleep(options.durationNs());
            }
            probe.stop();
            if (!probe.awaitDrained(DRAIN_STALL_NS, DRAIN_TIMEOUT_NS) && !probe.allStopped() &&
                probe.sent() == probe.received())
            {
                error = "a sender did not stop within " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_TIMEOUT_NS) + " s";
            }
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
        final Result result = trial == null ? Result.failed(scenario.name(), impl.name(), error) :
            Result.of(scenario, impl.name(), probe, error);
        err.println(error == null ? " done" : " FAILED: " + error);
        return result;
    }

    private void measureWithIntervals(final Scenario scenario, final BenchImpl impl, final Probe probe)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream log = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        final HistogramLogWriter writer = new HistogramLogWriter(log);
        final long startMs = System.currentTimeMillis();
        writer.outputLogFormatVersion();
        writer.outputComment("[" + scenario.name() + " on " + impl.name() + ", target " + scenario.ratePerSec() +
            " msgs/s, latency from the intended send time, values in ns]");
        writer.outputStartTime(startMs);
        writer.setBaseTime(startMs);
        writer.outputLegend();
        final long endNs = System.nanoTime() + options.durationNs();
        Histogram interval = null;
        long leftNs;
        while ((leftNs = endNs - System.nanoTime()) > 0)
        {
            sleep(Math.min(leftNs, INTERVAL_NS));
            interval = probe.intervalHistogram(interval);
            writer.outputIntervalHistogram(interval);
        }
        log.flush();
        intervalLogs.put(scenario.name() + "." + impl.name(), bytes.toString(StandardCharsets.UTF_8));
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
