package io.hotpath.bench.savina;

import io.hotpath.EngineConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The options of the {@code savina} subcommand, parsed and checked once. Immutable.
 *
 * @param warmup          runs per benchmark and implementation before the measured ones.
 * @param iterations      measured runs per benchmark and implementation.
 * @param only            benchmark names to run (case-insensitive); empty for all.
 * @param families        the families to run; empty for all.
 * @param quick           small sizes, for a smoke run.
 * @param workers         Hotpath workers, and Pekko's dispatcher parallelism.
 * @param idle            Hotpath's idle strategy.
 * @param implementations the runtimes to run on, in column order.
 * @param timeoutSeconds  longest a single run may take.
 * @param outputDir       folder of the JSON file.
 * @param help            print the usage and stop.
 */
public record SavinaOptions(
    int warmup,
    int iterations,
    List<String> only,
    List<Family> families,
    boolean quick,
    int workers,
    String idle,
    List<Implementation> implementations,
    int timeoutSeconds,
    Path outputDir,
    boolean help)
{
    /** The usage text, with every benchmark by family. */
    public static final String USAGE = """
        usage: savina [options]
          --iterations N        measured runs per benchmark and implementation (default 5)
          --warmup N            runs before those, not reported (default 3)
          --family A,B          run only the benchmarks of these families: micro, concurrency, parallelism
          --only A,B            run only these benchmarks (below; with --family, those of them in its families)
          --quick               small sizes instead of Savina's defaults, for a smoke run
          --workers N           Hotpath workers and Pekko dispatcher threads (default 2)
          --idle NAME           Hotpath idle strategy: busy-spin, yield, backoff, park (default backoff)
          --impl A,B            implementations: hotpath, pekko-classic (default both)
          --timeout-s N         longest one run may take, in seconds (default 120)
          --out DIR             folder of the JSON results and the plot (default bench-results)
          --help                this text
        benchmarks, by family, with Savina's default sizes:
        """ + SavinaSuite.listing();

    /**
     * @param args the subcommand's arguments.
     * @return the options.
     * @throws IllegalArgumentException naming the bad option and what it takes.
     */
    public static SavinaOptions parse(final String[] args)
    {
        int warmup = 3;
        int iterations = 5;
        List<String> only = List.of();
        List<Family> families = List.of();
        boolean quick = false;
        int workers = 2;
        String idle = "backoff";
        List<Implementation> impls = List.of(Implementation.values());
        int timeout = 120;
        Path out = Path.of("bench-results");
        boolean help = false;
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            switch (arg)
            {
                case "--iterations" -> iterations = number(arg, value(args, ++i, arg), 1);
                case "--warmup" -> warmup = number(arg, value(args, ++i, arg), 0);
                case "--only" -> only = list(value(args, ++i, arg));
                case "--family" -> families = list(value(args, ++i, arg)).stream().map(Family::of).toList();
                case "--quick" -> quick = true;
                case "--workers" -> workers = number(arg, value(args, ++i, arg), 1);
                case "--idle" -> idle = idle(value(args, ++i, arg));
                case "--impl" -> impls = list(value(args, ++i, arg)).stream().map(Implementation::of).toList();
                case "--timeout-s" -> timeout = number(arg, value(args, ++i, arg), 1);
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        return new SavinaOptions(warmup, iterations, only, families, quick, workers, idle, impls, timeout, out, help);
    }

    private static String value(final String[] args, final int at, final String option)
    {
        if (at >= args.length)
        {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[at];
    }

    private static int number(final String option, final String value, final int min)
    {
        try
        {
            final int n = Integer.parseInt(value);
            if (n >= min)
            {
                return n;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below with the allowed range
        }
        throw new IllegalArgumentException("option " + option + " takes a whole number of at least " + min +
            ", not '" + value + "'");
    }

    private static String idle(final String value)
    {
        try
        {
            return io.hotpath.Idle.parse(value).configName();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("option --idle takes one of " + io.hotpath.Idle.names() + ", not '" +
                value + "'");
        }
    }

    private static List<String> list(final String value)
    {
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(","))
        {
            if (!item.isBlank())
            {
                items.add(item.trim().toLowerCase(Locale.ROOT));
            }
        }
        return List.copyOf(items);
    }
}
