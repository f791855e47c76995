package io.hotpath.bench.run;

import io.hotpath.EngineConfig;
import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The harness's command line, parsed and validated once. Immutable and thread safe.
 *
 * @param scenarios  rows to run, in order.
 * @param impls      implementations to race, in order; each engine variant's ({@code hotpath:NAME}) right after
 *                   {@code hotpath}.
 * @param variants   the engine with some settings changed, raced beside it ({@code --variant}).
 * @param durationNs measured time of each row.
 * @param warmupNs   warm-up of each row, before the histogram is reset.
 * @param rates      target rates of the fixed-rate rows, messages per second.
 * @param fixedRateWarmupNs warm-up of each fixed-rate row.
 * @param pairedWarmupNs warm-up of each paired row (alternating with the floor).
 * @param repeat     times each row runs, the implementations taking turns.
 * @param pairs      fewest pairs of slices a paired row measures (0: --duration alone decides).
 * @param sliceNs    length of one slice of a paired row.
 * @param workers    engine workers, and the thread count of the peers' pools.
 * @param affinity   an affinity profile, or null.
 * @param out        output folder, or null for {@code ./bench-results/<timestamp>}.
 * @param json       a second copy of the JSON summary, or null.
 * @param quick      short durations, for smoke checks.
 * @param help       print the options and exit.
 * @param given      the options as given, for the run's metadata.
 */
public record HarnessOptions(
    List<Scenario> scenarios,
    List<String> impls,
    List<EngineVariant> variants,
    long durationNs,
    long warmupNs,
    long[] rates,
    long fixedRateWarmupNs,
    long pairedWarmupNs,
    int repeat,
    int pairs,
    long sliceNs,
    int workers,
    Path affinity,
    Path out,
    Path json,
    boolean quick,
    boolean help,
    Map<String, String> given)
{
    /**
     * {@return true when the engine's own latency histograms are on for the hotpath rows ({@code
     * --engine-histograms}), printed after the tables and written to {@code engine-histograms.json}}
     */
    public boolean engineHistograms()
    {
        return given.containsKey("--engine-histograms");
    }

    /**
     * {@return true when a peer's failed row or lost messages are reported but leave the exit status alone ({@code
     * --peers-may-fail}): for a smoke check on a shared host, where a peer library's own fault is not the engine's}
     */
    public boolean peersMayFail()
    {
        return given.containsKey(PEERS_MAY_FAIL);
    }

    /** {@return the collector of the run's JVMs ({@code --gc}, default G1)} */
    public GcChoice gc()
    {
        // parse checked the name and stored it as the collector's own option name
        return given.containsKey(GC) ? GcChoice.named(given.get(GC)) : GcChoice.G1;
    }

    /**
     * {@return true when each row collects its JVM's heap fully in the middle of its warm-up ({@code --old-gen}): what
     * the row set up and first used (queues, lanes, actors, the messages it sends again and again) is then in the old
     * generation, as in a service that has run for a while, and the measurement pays the collector's barriers for it}
     */
    public boolean oldGen()
    {
        return given.containsKey(OLD_GEN);
    }

    /**
     * {@return true when each row runs in a JVM of its own, started for it and ended after it, so no row runs on code
     * the JIT compiled for another or after another engine closed: the default, or {@code --fork}; not with {@code
     * --one-jvm}, {@code --quick} or {@code --engine-histograms}, nor in a row's own JVM}
     */
    public boolean fork()
    {
        return given.containsKey(FORK) || !given.containsKey(ONE_JVM) && !given.containsKey("--quick") &&
            !given.containsKey("--engine-histograms") && !given.containsKey(ROW);
    }

    /** {@return the one row, 1-based in the run's order, that this JVM runs for a forking run; 0 in any other} */
    public int row()
    {
        return given.containsKey(ROW) ? Integer.parseInt(given.get(ROW).trim()) : 0;
    }

    /** {@return where this JVM writes the outcome of its {@link #row()}, or null} */
    public Path rowOut()
    {
        return given.containsKey(ROW_OUT) ? Path.of(given.get(ROW_OUT)) : null;
    }

    /**
     * @return the command line that gives these options again, but for {@code --help} and a row's own options: what
     * a forking run passes on to each row's JVM.
     */
    public List<String> toArgs()
    {
        final List<String> args = new ArrayList<>();
        for (final Map.Entry<String, String> option : new TreeMap<>(given).entrySet())
        {
            final String name = option.getKey();
            if (name.equals("--help") || name.equals(ROW) || name.equals(ROW_OUT) || name.equals(VARIANT))
            {
                continue;
            }
            if (FLAGS.contains(name))
            {
                args.add(name);
            }
            else
            {
                args.add(name);
                args.add(option.getValue());
            }
        }
        // from the parsed variants, in their order (the given map holds them joined in one string)
        for (final EngineVariant variant : variants)
        {
            args.add(VARIANT);
            args.add(variant.spec());
        }
        return args;
    }

    /**
     * @param impl an implementation's name.
     * @return true for a peer library's row: not the engine's (hotpath, its variants, hotpath-remote), nor the floor.
     */
    public static boolean isPeer(final String impl)
    {
        return !impl.startsWith("hotpath") && !impl.equals("floor");
    }

    /** The option that keeps a peer's failure out of the exit status. */
    static final String PEERS_MAY_FAIL = "--peers-may-fail";
    /** Each row in a JVM of its own: the default, but with --quick (which it overrides) and --engine-histograms. */
    static final String FORK = "--fork";
    /** Every row in this one JVM, as --quick runs them. */
    static final String ONE_JVM = "--one-jvm";
    /** A forking run's own option for a row's JVM: which row to run. */
    static final String ROW = "--row";
    /** A forking run's own option for a row's JVM: where to write the row's outcome. */
    static final String ROW_OUT = "--row-out";
    /** The collector of the run's JVMs. */
    static final String GC = "--gc";
    /** Each row's heap collected in the middle of its warm-up. */
    static final String OLD_GEN = "--old-gen";
    /** The options that take no value. */
    static final List<String> FLAGS = List.of(
        "--quick", "--engine-histograms", PEERS_MAY_FAIL, FORK, ONE_JVM, OLD_GEN, "--help");

    /** Implementations the harness knows, in the order they run within a scenario. */
    public static final List<String> IMPLS = List.of(
        "hotpath", "floor", "jctools", "disruptor", "disruptor-ref", "pekko-classic", "pekko-classic-sized",
        "pekko-typed", "pekko-affinity",
        "hotpath-remote", "aeron-raw", "pekko-artery", "hotpath-cluster");
    /** Default measured time per row ({@code --help} prints how long a run takes). */
    public static final long DURATION_NS_DEFAULT = TimeUnit.MILLISECONDS.toNanos(800);
    /** Default warm-up per row. */
    public static final long WARMUP_NS_DEFAULT = TimeUnit.MILLISECONDS.toNanos(400);
    /** Measured time per row with --quick. */
    public static final long QUICK_DURATION_NS = TimeUnit.MILLISECONDS.toNanos(200);
    /** Warm-up per row with --quick. */
    public static final long QUICK_WARMUP_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Default warm-up of a fixed-rate row: long enough for the JIT to finish, so the row starts without a backlog. */
    public static final long FIXED_RATE_WARMUP_NS_DEFAULT = TimeUnit.SECONDS.toNanos(2);
    /**
     * Default warm-up of a paired row: it alternates with the floor, so only half of it warms the implementation,
     * which must have reached its steady state (its code compiled for a full queue, a drain cut short, a floor
     * slice) before the first slice is measured.
     */
    public static final long PAIRED_WARMUP_NS_DEFAULT = TimeUnit.SECONDS.toNanos(1);
    /**
     * Least warm-up of the first row of an implementation and a scenario in a JVM: the first time a path runs, its
     * code is compiled then, and on a host whose CPUs the two busy threads of a row take, the compiler threads get
     * little time, and a row that was its JVM's first ran far slower after a short warm-up
     * (docs/lab/2026-11-28-first-row-warm-up.md).
     */
    public static final long FIRST_ROW_WARMUP_NS = TimeUnit.SECONDS.toNanos(2);
    /** Default length of one slice of a paired row. */
    public static final long SLICE_NS_DEFAULT = TimeUnit.MILLISECONDS.toNanos(100);
    /** Slice length with --quick. */
    public static final long QUICK_SLICE_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Default fewest pairs of a paired row: 15 pairs of 100 ms slices measure 3 s. */
    public static final int PAIRS_DEFAULT = 15;
    /** Fewest pairs with --quick. */
    public static final int QUICK_PAIRS = 2;
    /** Default target rates of the fixed-rate rows. */
    public static final long[] RATES_DEFAULT = {1_000_000};
    /** Default worker count: one per CPU of the reference machine. */
    public static final int WORKERS_DEFAULT = 2;
    /**
     * The idle strategy of the engine's rows: the engine's own default. {@code --idle} with another races the engine
     * idling that way as the variant {@code hotpath:STRATEGY}, in place of {@code hotpath}.
     */
    public static final String IDLE_DEFAULT = EngineConfig.IDLE_DEFAULT.configName();

    /**
     * @param args the command line.
     * @return the validated options.
     * @throws OptionException naming the first option that is unknown, lacks a value or has a malformed one.
     */
    public static HarnessOptions parse(final String[] args) throws OptionException
    {
        return OptionParser.parse(args);
    }

    /** The option that adds an engine variant; the only one that may be given more than once. */
    static final String VARIANT = "--variant";

    /**
     * @return how long the floor runs on its own before and after a row that is not paired, to read the host's
     * speed level.
     */
    public long levelProbeNs()
    {
        return TimeUnit.MILLISECONDS.toNanos(quick ? 10 : 30);
    }

    /**
     * @param scenario a row.
     * @param first    the row is the first of its implementation and scenario in this JVM.
     * @return its warm-up ({@link #warmupNs(Scenario)}), at least {@link #firstRowWarmupNs()} for a first row.
     */
    public long warmupNs(final Scenario scenario, final boolean first)
    {
        final long ns = warmupNs(scenario);
        return first ? Math.max(ns, firstRowWarmupNs()) : ns;
    }

    /**
     * @return the least warm-up of a first row ({@link #FIRST_ROW_WARMUP_NS}); 0 when --warmup or --quick was given,
     * which every row keeps.
     */
    public long firstRowWarmupNs()
    {
        return quick || given.containsKey("--warmup") ? 0 : FIRST_ROW_WARMUP_NS;
    }

    /**
     * @param scenario a row.
     * @return its warm-up: longer for a fixed-rate or a paired row, unless --warmup was given.
     */
    public long warmupNs(final Scenario scenario)
    {
        if (scenario.kind() == ScenarioKind.FIXED_RATE)
        {
            return fixedRateWarmupNs;
        }
        return scenario.paired() ? pairedWarmupNs : warmupNs;
    }

    /**
     * @param scenario a row.
     * @return its measured time: a paired row measures at least {@link #pairs()} pairs of slices.
     */
    public long durationNs(final Scenario scenario)
    {
        return scenario.paired() ? Math.max(durationNs, 2L * pairs * sliceNs) : durationNs;
    }
}
