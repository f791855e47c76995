package io.hotpath.bench.run;

import io.hotpath.Idle;
import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.Scenarios;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.hotpath.bench.run.HarnessOptions.DURATION_NS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.FIXED_RATE_WARMUP_NS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.FLAGS;
import static io.hotpath.bench.run.HarnessOptions.FORK;
import static io.hotpath.bench.run.HarnessOptions.GC;
import static io.hotpath.bench.run.HarnessOptions.IDLE_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.IMPLS;
import static io.hotpath.bench.run.HarnessOptions.ONE_JVM;
import static io.hotpath.bench.run.HarnessOptions.PAIRED_WARMUP_NS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.PAIRS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.QUICK_DURATION_NS;
import static io.hotpath.bench.run.HarnessOptions.QUICK_PAIRS;
import static io.hotpath.bench.run.HarnessOptions.QUICK_SLICE_NS;
import static io.hotpath.bench.run.HarnessOptions.QUICK_WARMUP_NS;
import static io.hotpath.bench.run.HarnessOptions.RATES_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.ROW;
import static io.hotpath.bench.run.HarnessOptions.ROW_OUT;
import static io.hotpath.bench.run.HarnessOptions.SLICE_NS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.VARIANT;
import static io.hotpath.bench.run.HarnessOptions.WARMUP_NS_DEFAULT;
import static io.hotpath.bench.run.HarnessOptions.WORKERS_DEFAULT;

/**
 * Reads the harness's command line into {@link HarnessOptions}: each option's value is checked here, once, and an
 * option the harness cannot use is named in an {@link OptionException}. Stateless.
 */
final class OptionParser
{
    private OptionParser()
    {
    }

    /**
     * @param args the command line.
     * @return the validated options.
     * @throws OptionException naming the first option that is unknown, lacks a value or has a malformed one.
     */
    static HarnessOptions parse(final String[] args) throws OptionException
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
        final List<EngineVariant> variants = variants(idleVariant(given.get("--idle"), impls), variantSpecs, impls);
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
            fixedRateWarmupNs, pairedWarmupNs, repeat, pairs, sliceNs, workers, affinity, out, json, quick,
            given.containsKey("--help"), Map.copyOf(given));
    }

    /**
     * {@code --idle}: the engine's rows run with the engine's defaults, its idle strategy among them, unless their name
     * says otherwise. Another strategy races the engine idling that way as the variant {@code hotpath:STRATEGY}, in
     * the place of {@code hotpath}.
     *
     * @return that variant, or null when the option is not given or names the engine's default.
     */
    private static EngineVariant idleVariant(final String given, final List<String> impls) throws OptionException
    {
        if (given == null)
        {
            return null;
        }
        final String idle;
        try
        {
            idle = Idle.parse(given).configName();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new OptionException("--idle: " + ex.getMessage());
        }
        if (idle.equals(IDLE_DEFAULT))
        {
            return null;
        }
        if (!impls.contains("hotpath"))
        {
            throw new OptionException("--idle " + idle + " changes the hotpath rows, and --impls leaves them out; " +
                "add hotpath to --impls, or give a variant its own idle strategy: --variant NAME:idle=" + idle);
        }
        return EngineVariant.parse(idle + ":idle=" + idle);
    }

    /**
     * Parse the variants and put each one's implementation right after the engine's (at the front when the engine
     * itself is not raced), so their rows follow each other closely; the engine idling otherwise than by default
     * takes the engine's own place.
     */
    private static List<EngineVariant> variants(final EngineVariant idle, final List<String> specs,
        final List<String> impls) throws OptionException
    {
        final List<EngineVariant> variants = new ArrayList<>();
        int at = impls.indexOf("hotpath") + 1;
        if (idle != null)
        {
            variants.add(idle);
            impls.set(at - 1, idle.implName());
        }
        for (final String spec : specs)
        {
            final EngineVariant variant;
            try
            {
                variant = EngineVariant.parse(spec);
            }
            catch (final IllegalArgumentException ex)
            {
                // the variant names the option and what is wrong with it
                throw new OptionException(ex.getMessage());
            }
            if (impls.contains(variant.implName()))
            {
                throw new OptionException("--variant: the name '" + variant.name() + "' is given twice" +
                    (idle != null && idle.name().equals(variant.name()) ? " (--idle " + idle.name() + " races as " +
                        idle.implName() + ")" : ""));
            }
            variants.add(variant);
            impls.add(at++, variant.implName());
        }
        return List.copyOf(variants);
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
