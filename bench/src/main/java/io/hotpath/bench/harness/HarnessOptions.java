package io.hotpath.bench.harness;

import io.hotpath.Idle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
 * @param idle       idle strategy of the engine's workers.
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
    String idle,
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
    private static final List<String> FLAGS = List.of(
        "--quick", "--engine-histograms", PEERS_MAY_FAIL, FORK, ONE_JVM, OLD_GEN, "--help");

    /** Implementations the harness knows, in the order they run within a scenario. */
    public static final List<String> IMPLS = List.of(
        "hotpath", "floor", "jctools", "disruptor", "disruptor-ref", "pekko-classic", "pekko-typed", "pekko-affinity",
        "hotpath-remote", "aeron-raw", "pekko-artery");
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
     * little time. A burst-1000 row that was the JVM's first ran at 1.7-5.1 M round trips/s after 400 ms of warm-up
     * against 6.6-7.6 M after 2 s.
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
    /** Default idle strategy of the engine's workers. */
    public static final String IDLE_DEFAULT = Idle.BUSY_SPIN.configName();

    /**
     * @param args the command line.
     * @return the validated options.
     * @throws OptionException naming the first option that is unknown, lacks a value or has a malformed one.
     */
    public static HarnessOptions parse(final String[] args) throws OptionException
    {
        final Map<String, String> given = new LinkedHashMap<>();
        final List<String> variants = new ArrayList<>();
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            if (!arg.startsWith("--") && !arg.equals("-h"))
            {
                throw new OptionException("unexpected argument '" + arg + "': options start with --");
            }
            final int eq = arg.indexOf('=');
            final String name = eq < 0 ? arg : arg.substring(0, eq);
            if (FLAGS.contains(name) || name.equals("-h"))
            {
                if (eq >= 0)
                {
                    throw new OptionException(name + " takes no value");
                }
                given.put(name.equals("-h") ? "--help" : name, "true");
                continue;
            }
            if (!VALUED.contains(name))
            {
                throw new OptionException("unknown option '" + name + "'");
            }
            final String value;
            if (eq >= 0)
            {
                value = arg.substring(eq + 1);
            }
            else if (i + 1 < args.length && !args[i + 1].startsWith("--"))
            {
                value = args[++i];
            }
            else
            {
                throw new OptionException(name + " needs a value");
            }
            if (value.isBlank())
            {
                throw new OptionException(name + " needs a value");
            }
            if (name.equals(VARIANT))
            {
                // the one option that may be given again: one variant each time
                variants.add(value);
                given.merge(name, value, (a, b) -> a + " " + b);
                continue;
            }
            if (given.put(name, value) != null)
            {
                throw new OptionException(name + " is given twice");
            }
        }
        return build(given, variants);
    }

    /** The option that adds an engine variant; the only one that may be given more than once. */
    static final String VARIANT = "--variant";

    private static final List<String> VALUED = List.of(
        "--scenarios", "--impls", "--duration", "--warmup", "--rate", "--workers", "--affinity", "--idle", "--out",
        "--json", "--repeat", "--pairs", "--slice", GC, VARIANT, ROW, ROW_OUT);

    private static HarnessOptions build(final Map<String, String> given, final List<String> variantSpecs)
        throws OptionException
    {
        final boolean quick = given.containsKey("--quick");
        final long[] rates = given.containsKey("--rate") ? rates(given.get("--rate")) : RATES_DEFAULT.clone();
        final List<Scenario> scenarios;
        try
        {
            scenarios = Scenarios.select(list("--scenarios", given.getOrDefault("--scenarios", "all")), rates);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new OptionException("--scenarios: " + ex.getMessage());
        }
        final List<String> impls = new ArrayList<>();
        for (final String impl : list("--impls", given.getOrDefault("--impls", String.join(",", IMPLS))))
        {
            final String name = impl.toLowerCase(Locale.ROOT);
            if (!IMPLS.contains(name))
            {
                throw new OptionException("--impls: unknown implementation '" + impl + "'; known: " +
                    String.join(", ", IMPLS));
            }
            if (!impls.contains(name))
            {
                impls.add(name);
            }
        }
        final List<EngineVariant> variants = variants(variantSpecs, impls);
        final long durationNs = given.containsKey("--duration") ? duration("--duration", given.get("--duration")) :
            quick ? QUICK_DURATION_NS : DURATION_NS_DEFAULT;
        final long warmupNs = given.containsKey("--warmup") ? duration("--warmup", given.get("--warmup")) :
            quick ? QUICK_WARMUP_NS : WARMUP_NS_DEFAULT;
        if (durationNs <= 0)
        {
            throw new OptionException("--duration: must be more than 0");
        }
        final long fixedRateWarmupNs = given.containsKey("--warmup") ? warmupNs :
            quick ? QUICK_WARMUP_NS : FIXED_RATE_WARMUP_NS_DEFAULT;
        final long pairedWarmupNs = given.containsKey("--warmup") ? warmupNs :
            quick ? QUICK_WARMUP_NS : PAIRED_WARMUP_NS_DEFAULT;
        final int repeat = given.containsKey("--repeat") ? count("--repeat", given.get("--repeat"), 100) : 1;
        final int pairs = given.containsKey("--pairs") ? count("--pairs", given.get("--pairs"), 0, 1_000) :
            quick ? QUICK_PAIRS : PAIRS_DEFAULT;
        final long sliceNs = given.containsKey("--slice") ? duration("--slice", given.get("--slice")) :
            quick ? QUICK_SLICE_NS : SLICE_NS_DEFAULT;
        if (sliceNs < TimeUnit.MILLISECONDS.toNanos(1) || sliceNs > TimeUnit.SECONDS.toNanos(10))
        {
            throw new OptionException("--slice: '" + given.get("--slice") + "' is out of range; use 1ms to 10s");
        }
        final int workers = given.containsKey("--workers") ? workers(given.get("--workers")) : WORKERS_DEFAULT;
        final String idle;
        try
        {
            idle = Idle.parse(given.getOrDefault("--idle", IDLE_DEFAULT)).configName();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new OptionException("--idle: " + ex.getMessage());
        }
        Path affinity = null;
        if (given.containsKey("--affinity"))
        {
            affinity = Path.of(given.get("--affinity"));
            if (!Files.isRegularFile(affinity) || !Files.isReadable(affinity))
            {
                throw new OptionException("--affinity: no readable profile file at '" + affinity + "'");
            }
        }
        if (given.containsKey(GC))
        {
            given.put(GC, GcChoice.parse(given.get(GC)).optionName());
        }
        if (given.containsKey(FORK) && given.containsKey(ONE_JVM))
        {
            throw new OptionException("--fork and --one-jvm contradict each other: a run forks a JVM per row by " +
                "default, --one-jvm runs every row in one; give one of them");
        }
        if (given.containsKey(FORK) && given.containsKey("--engine-histograms"))
        {
            throw new OptionException("--fork and --engine-histograms cannot be combined: the engine's histograms " +
                "are kept by the JVM that runs the rows; drop one of them");
        }
        if (given.containsKey(ROW) != given.containsKey(ROW_OUT))
        {
            throw new OptionException(ROW + " and " + ROW_OUT + " go together: a forking run gives both to each " +
                "row's JVM; use --fork instead");
        }
        if (given.containsKey(ROW))
        {
            count(ROW, given.get(ROW), 1_000_000);
        }
        final Path out = given.containsKey("--out") ? Path.of(given.get("--out")) : null;
        final Path json = given.containsKey("--json") ? Path.of(given.get("--json")) : null;
        return new HarnessOptions(scenarios, List.copyOf(impls), variants, durationNs, warmupNs, rates,
            fixedRateWarmupNs, pairedWarmupNs, repeat, pairs, sliceNs, workers, affinity, idle, out, json, quick,
            given.containsKey("--help"), Map.copyOf(given));
    }

    /**
     * Parse the variants and put each one's implementation right after the engine's (at the front when the engine
     * itself is not raced), so their rows follow each other closely.
     */
    private static List<EngineVariant> variants(final List<String> specs, final List<String> impls)
        throws OptionException
    {
        final List<EngineVariant> variants = new ArrayList<>();
        int at = impls.indexOf("hotpath") + 1;
        for (final String spec : specs)
        {
            final EngineVariant variant = EngineVariant.parse(spec);
            if (impls.contains(variant.implName()))
            {
                throw new OptionException("--variant: the name '" + variant.name() + "' is given twice");
            }
            variants.add(variant);
            impls.add(at++, variant.implName());
        }
        return List.copyOf(variants);
    }

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

    private static List<String> list(final String option, final String value) throws OptionException
    {
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(",", -1))
        {
            if (item.isBlank())
            {
                throw new OptionException(option + ": empty name in '" + value + "'");
            }
            items.add(item.trim());
        }
        return items;
    }

    /**
     * @param option named in the error.
     * @param value  e.g. {@code 500ms}, {@code 5s}, {@code 250us}, {@code 1m}.
     * @return nanoseconds.
     * @throws OptionException when malformed.
     */
    static long duration(final String option, final String value) throws OptionException
    {
        final String v = value.trim().toLowerCase(Locale.ROOT);
        int split = 0;
        while (split < v.length() && Character.isDigit(v.charAt(split)))
        {
            split++;
        }
        final TimeUnit unit = switch (v.substring(split))
        {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "s" -> TimeUnit.SECONDS;
            case "m" -> TimeUnit.MINUTES;
            default -> null;
        };
        if (split == 0 || split > 12 || unit == null)
        {
            throw new OptionException(option + ": '" + value + "' is not a duration; use a whole number with a " +
                "unit: ns, us, ms, s or m (e.g. 500ms, 5s)");
        }
        return unit.toNanos(Long.parseLong(v.substring(0, split)));
    }

    private static long[] rates(final String value) throws OptionException
    {
        final List<String> items = list("--rate", value);
        final long[] rates = new long[items.size()];
        for (int i = 0; i < rates.length; i++)
        {
            final String item = items.get(i).toLowerCase(Locale.ROOT);
            final long scale = item.endsWith("k") ? 1_000 : item.endsWith("m") ? 1_000_000 : 1;
            final String digits = scale == 1 ? item : item.substring(0, item.length() - 1);
            long rate = -1;
            if (!digits.isEmpty() && digits.length() <= 9 && digits.chars().allMatch(Character::isDigit))
            {
                rate = Long.parseLong(digits) * scale;
            }
            if (rate < 1 || rate > 100_000_000)
            {
                throw new OptionException("--rate: '" + items.get(i) + "' is not a rate; use messages per second " +
                    "from 1 to 100000000, e.g. 100000, 250k or 1m");
            }
            rates[i] = rate;
        }
        return Arrays.stream(rates).distinct().sorted().toArray();
    }

    private static int workers(final String value) throws OptionException
    {
        return count("--workers", value, 64);
    }

    private static int count(final String option, final String value, final int max) throws OptionException
    {
        return count(option, value, 1, max);
    }

    /** --pairs takes 0 (no fewest pairs: --duration alone decides); every other count starts at 1. */
    private static int count(final String option, final String value, final int min, final int max)
        throws OptionException
    {
        try
        {
            final int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max)
            {
                return n;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below with the allowed range
        }
        throw new OptionException(option + ": '" + value + "' is not a count; use a whole number from " + min +
            " to " + max);
    }
}
