package io.hotpath.bench.savina;

import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code savina} subcommand: every port selected on every implementation, then a table on stdout, a JSON file
 * and a plot.
 * Exit status 0 when every check passed, 1 when one failed, 2 for bad options. Run from one thread.
 */
public final class SavinaMain
{
    private SavinaMain()
    {
    }

    /**
     * @param args the subcommand's arguments; see {@link SavinaOptions#USAGE}.
     * @return the exit status.
     */
    public static int run(final String[] args)
    {
        final SavinaOptions options;
        final List<SavinaBenchmark> benchmarks;
        try
        {
            options = SavinaOptions.parse(args);
            benchmarks = SavinaSuite.select(options.only(), options.families(), options.quick());
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("savina: " + ex.getMessage());
            System.err.print(SavinaOptions.USAGE);
            return 2;
        }
        if (options.help())
        {
            System.out.print(SavinaOptions.USAGE);
            return 0;
        }
        System.out.printf(Locale.ROOT, "Savina: %d benchmarks, %d warm-up + %d measured runs each, the " +
            "implementations taking turns; hotpath %d workers, idle %s; pekko-classic default dispatcher, " +
            "parallelism %d%s%n", benchmarks.size(), options.warmup(), options.iterations(), options.workers(),
            options.idle(), options.workers(), options.quick() ? "; QUICK sizes" : "");
        final SavinaRunner runner = new SavinaRunner(options, System.err::println);
        final List<SavinaResult> results = new ArrayList<>();
        for (final SavinaBenchmark benchmark : benchmarks)
        {
            results.addAll(runner.run(benchmark, options.implementations()));
        }
        System.out.println();
        System.out.print(SavinaReport.table(results, options.implementations()));
        int status = 0;
        for (final SavinaResult r : results)
        {
            if (!r.ok())
            {
                System.out.println("FAILED " + r.benchmark() + " on " + r.implementation().label() + ": " +
                    r.failure());
                status = 1;
            }
        }
        final ZonedDateTime now = ZonedDateTime.now();
        try
        {
            final Path file = SavinaReport.writeJson(options.outputDir(), options, results, now);
            System.out.println("results: " + file);
            final Path png = options.outputDir().resolve(SavinaReport.fileName(now, "png"));
            if (SavinaPlot.write(results, options.implementations(), caption(options, now), png))
            {
                System.out.println("plot: " + png);
            }
        }
        catch (final IOException ex)
        {
            System.err.println("savina: cannot write results to " + options.outputDir() + ": " + ex);
            status = Math.max(status, 1);
        }
        return status;
    }

    private static String caption(final SavinaOptions options, final ZonedDateTime now)
    {
        return String.format(Locale.ROOT, "Savina%s  |  JDK %s  |  %d CPUs  |  hotpath %d workers, %s idle; " +
            "pekko-classic parallelism %d  |  runs: %d warm-up + %d measured, alternated  |  %tF %tR",
            options.quick() ? " (QUICK sizes)" : "", System.getProperty("java.runtime.version"),
            Runtime.getRuntime().availableProcessors(), options.workers(), options.idle(), options.workers(),
            options.warmup(), options.iterations(), now, now);
    }
}
