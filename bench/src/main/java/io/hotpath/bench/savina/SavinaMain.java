package io.hotpath.bench.savina;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code savina} subcommand: every port on every implementation, then a table on stdout and a JSON file.
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
            benchmarks = select(options);
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
        System.out.printf(Locale.ROOT, "Savina: %d warm-up + %d measured runs each; hotpath %d workers, idle %s; " +
            "pekko-classic default dispatcher, parallelism %d%s%n", options.warmup(), options.iterations(),
            options.workers(), options.idle(), options.workers(), options.quick() ? "; QUICK sizes" : "");
        final SavinaRunner runner = new SavinaRunner(options, System.err::println);
        final List<SavinaResult> results = new ArrayList<>();
        for (final SavinaBenchmark benchmark : benchmarks)
        {
            for (final Implementation impl : options.implementations())
            {
                results.add(runner.run(benchmark, impl));
            }
        }
        System.out.println();
        System.out.print(SavinaReport.table(results, options.implementations()));
        int status = 0;
        for (final SavinaResult r : results)
        {
            if (!r.ok())
            {
                System.out.println("FAILED " + r.benchmark() + " on " + r.implementation().label() + ": " + r.failure());
                status = 1;
            }
        }
        try
        {
            final Path file = SavinaReport.writeJson(options.outputDir(), options, results);
            System.out.println("results: " + file);
        }
        catch (final IOException ex)
        {
            System.err.println("savina: cannot write results to " + options.outputDir() + ": " + ex);
            status = Math.max(status, 1);
        }
        return status;
    }

    /**
     * @param quick true for small sizes, false for Savina's defaults.
     * @return every port, in the suite's order.
     */
    public static List<SavinaBenchmark> all(final boolean quick)
    {
        if (quick)
        {
            return List.of(new PingPong(4_000), new Counting(100_000), new ThreadRing(100, 10_000),
                new Chameneos(100, 20_000), new ForkJoinThroughput(1_000, 60), new Big(2_000, 120));
        }
        return List.of(PingPong.DEFAULT, Counting.DEFAULT, ThreadRing.DEFAULT, Chameneos.DEFAULT,
            ForkJoinThroughput.DEFAULT, Big.DEFAULT);
    }

    private static List<SavinaBenchmark> select(final SavinaOptions options)
    {
        final List<SavinaBenchmark> all = all(options.quick());
        if (options.only().isEmpty())
        {
            return all;
        }
        final List<SavinaBenchmark> chosen = new ArrayList<>();
        for (final String name : options.only())
        {
            final String wanted = "fjthroughput".equals(name) ? "forkjointhroughput" : name;
            chosen.add(all.stream()
                .filter(b -> b.name().toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown benchmark '" + name + "' in --only: use " +
                    all.stream().map(b -> b.name().toLowerCase(Locale.ROOT)).toList())));
        }
        return chosen;
    }
}
