package io.hotpath.bench.run;

import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.measure.EngineHistograms;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.report.EngineHistogramReport;
import io.hotpath.bench.report.Reports;
import io.hotpath.bench.report.ResultTable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latency harness's entry: parses the options, re-launches itself in a child JVM with the flags it needs, and
 * in the child runs every selected scenario on every implementation. Called from the main thread.
 */
public final class Harness
{
    /** Exit status of a run that went well. */
    public static final int OK = 0;
    /** Exit status when a message was lost or a run failed. */
    public static final int FAILED = 1;
    /** Exit status for bad options. */
    public static final int BAD_OPTIONS = 2;

    private Harness()
    {
    }

    /**
     * @param args the command line.
     * @return the exit status.
     */
    public static int main(final String[] args)
    {
        final HarnessOptions options;
        try
        {
            options = HarnessOptions.parse(args);
        }
        catch (final OptionException ex)
        {
            System.err.println("hotpath-bench: " + ex.getMessage());
            System.err.println("run with --help for the options");
            return BAD_OPTIONS;
        }
        if (options.help())
        {
            System.out.print(HelpText.text());
            return OK;
        }
        if (!ChildJvm.isChild())
        {
            try
            {
                return ChildJvm.run(options.gc(), args);
            }
            catch (final IOException ex)
            {
                System.err.println("hotpath-bench: cannot start the benchmark JVM: " + ex.getMessage());
                return FAILED;
            }
        }
        // a row measures its collector's barriers too: refuse to run under another than the one asked for
        final String otherGc = options.gc().mismatch(GcChoice.running());
        if (otherGc != null)
        {
            System.err.println("hotpath-bench: " + otherGc);
            return BAD_OPTIONS;
        }
        return run(options, Faults.NONE, Implementations.create(options.impls(), options.variants()), System.out,
            System.err);
    }

    /**
     * Run the benchmark in this JVM.
     *
     * @param options what to run.
     * @param faults  injected faults; {@link Faults#NONE} in real runs.
     * @param impls   the implementations, in the order of {@link HarnessOptions#impls()}.
     * @param out     receives the table.
     * @param err     receives progress and errors.
     * @return {@link #OK}, or {@link #FAILED} when a message was lost, a run failed or output could not be written.
     */
    public static int run(
        final HarnessOptions options,
        final Faults faults,
        final List<BenchImpl> impls,
        final PrintStream out,
        final PrintStream err)
    {
        final Instant startTime = Instant.now();
        final Path dir = options.out() != null ? options.out() : Path.of("bench-results",
            LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        final RunContext context = context(options, faults);
        final Driver driver = new Driver(options, context, impls, err);
        final List<Result> results = race(driver, impls);
        if (options.row() > 0)
        {
            return handBack(options, results, driver.intervalLogs(), err);
        }
        out.print(ResultTable.format(options.scenarios(), options.impls(), results,
            RunPlan.notExpressible(options, context, impls)));
        if (context.engineHistograms() != null)
        {
            out.print(EngineHistogramReport.format(context.engineHistograms()));
        }
        out.flush();
        boolean ok = true;
        try
        {
            final Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("hotpath", context.engineConfig().build().toString());
            for (final EngineVariant v : options.variants())
            {
                settings.put(v.implName(), v.applyTo(context.engineConfig()).build().toString());
            }
            settings.putAll(Implementations.settings(options.workers()));
            Reports.write(dir, RunMeta.collect(options, startTime, settings, driver.rowJvms().size()),
                options.scenarios(), results, driver.intervalLogs(), options.json(), err);
            if (context.engineHistograms() != null)
            {
                Files.writeString(dir.resolve("engine-histograms.json"),
                    EngineHistogramReport.toJson(context.engineHistograms()));
            }
            err.println("hotpath-bench: results in " + dir.toAbsolutePath().normalize());
        }
        catch (final IOException ex)
        {
            err.println("hotpath-bench: cannot write results to " + dir + ": " + ex);
            ok = false;
        }
        for (final Result r : results)
        {
            final boolean counts = !options.peersMayFail() || !HarnessOptions.isPeer(r.impl());
            final String note = counts ? "" : " (a peer's; not in the exit status: --peers-may-fail)";
            if (r.error() != null)
            {
                err.println("hotpath-bench: FAILED " + r.scenario() + " / " + r.impl() + ": " + r.error() + note);
                ok &= !counts;
            }
            if (r.lost() != null && r.lost() > 0)
            {
                err.println("hotpath-bench: LOST " + r.lost() + " message(s) in scenario " + r.scenario() +
                    " on impl " + r.impl() + note);
                ok &= !counts;
            }
        }
        return ok ? OK : FAILED;
    }

    /**
     * A row's JVM in a forking run hands its row's outcome back to the run that started it; the run judges it.
     *
     * @return {@link #OK} once written, {@link #FAILED} when there was no such row or the file cannot be written.
     */
    private static int handBack(
        final HarnessOptions options, final List<Result> results, final Map<String, String> intervalLogs,
        final PrintStream err)
    {
        if (results.size() != 1)
        {
            err.println("hotpath-bench: the run has no row " + options.row());
            return FAILED;
        }
        final Map.Entry<String, String> log = intervalLogs.isEmpty() ? null :
            intervalLogs.entrySet().iterator().next();
        try
        {
            new RowOutcome(results.get(0), log == null ? null : log.getKey(), log == null ? null : log.getValue(),
                ProcessHandle.current().pid()).write(options.rowOut());
            return OK;
        }
        catch (final IOException ex)
        {
            err.println("hotpath-bench: cannot hand the row's figures back through " + options.rowOut() + ": " + ex);
            return FAILED;
        }
    }

    /**
     * Run every selected scenario on every implementation and return the figures, writing nothing but progress.
     *
     * @param options what to run.
     * @param faults  injected faults.
     * @param impls   the implementations; closed on return.
     * @param err     receives progress.
     * @return a result per scenario and supporting implementation, in run order.
     */
    public static List<Result> race(
        final HarnessOptions options, final Faults faults, final List<BenchImpl> impls, final PrintStream err)
    {
        return race(new Driver(options, context(options, faults), impls, err), impls);
    }

    private static List<Result> race(final Driver driver, final List<BenchImpl> impls)
    {
        try
        {
            return driver.runAll();
        }
        finally
        {
            for (final BenchImpl impl : impls)
            {
                impl.close();
            }
        }
    }

    private static RunContext context(final HarnessOptions options, final Faults faults)
    {
        return new RunContext(options.workers(), options.affinity(), faults, options.sliceNs(),
            options.engineHistograms() ? new EngineHistograms() : null);
    }
}
