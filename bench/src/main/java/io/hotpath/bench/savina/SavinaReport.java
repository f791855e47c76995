package io.hotpath.bench.savina;

import io.hotpath.bench.report.Json;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Prints the results as a table, one row per benchmark under a line per family and one column per implementation,
 * and writes them as JSON. Stateless and thread safe.
 */
public final class SavinaReport
{
    /** The target: Hotpath's median time at most this share of Pekko classic's. */
    public static final double TARGET_RATIO = 0.5;

    private static final int CELL = 26;

    private SavinaReport()
    {
    }

    /**
     * @param results         every result, in run order.
     * @param implementations the columns, in order.
     * @return the table: median (min-max) ms per implementation, and the first implementation's median over each
     * other's; then how many ratios meet the target and the dead letters counted.
     */
    public static String table(final List<SavinaResult> results, final List<Implementation> implementations)
    {
        final Map<String, List<SavinaResult>> rows = rows(results);
        int width = "benchmark (sizes), ms: median (min-max)".length();
        for (final String label : rows.keySet())
        {
            width = Math.max(width, label.length());
        }
        final StringBuilder sb = new StringBuilder(4096);
        sb.append(pad("benchmark (sizes), ms: median (min-max)", width));
        for (final Implementation impl : implementations)
        {
            sb.append(' ').append(pad(impl.label(), CELL));
        }
        for (int i = 1; i < implementations.size(); i++)
        {
            sb.append(' ').append(implementations.getFirst().label()).append('/')
                .append(implementations.get(i).label());
        }
        sb.append('\n');
        Family family = null;
        int ratios = 0;
        int met = 0;
        for (final Map.Entry<String, List<SavinaResult>> row : rows.entrySet())
        {
            final Family rowFamily = row.getValue().getFirst().family();
            if (rowFamily != family)
            {
                family = rowFamily;
                sb.append("-- ").append(family.label()).append('\n');
            }
            sb.append(pad(row.getKey(), width));
            for (final Implementation impl : implementations)
            {
                sb.append(' ').append(pad(find(row.getValue(), impl).map(SavinaReport::cell).orElse("-"), CELL));
            }
            final Optional<SavinaResult> first = find(row.getValue(), implementations.getFirst());
            for (int i = 1; i < implementations.size(); i++)
            {
                final Optional<SavinaResult> other = find(row.getValue(), implementations.get(i));
                if (first.isPresent() && first.get().ok() && other.isPresent() && other.get().ok())
                {
                    final double ratio = first.get().medianMs() / other.get().medianMs();
                    sb.append(String.format(Locale.ROOT, " %.2f", ratio));
                    ratios++;
                    met += ratio <= TARGET_RATIO ? 1 : 0;
                }
                else
                {
                    sb.append(" -");
                }
            }
            sb.append('\n');
        }
        if (ratios > 0)
        {
            sb.append(String.format(Locale.ROOT, "ratio at most %.1f (the target): %d of %d%n", TARGET_RATIO, met,
                ratios));
        }
        sb.append("dead letters at the end of the runs:");
        for (final Implementation impl : implementations)
        {
            final long dead = results.stream().filter(r -> r.implementation() == impl)
                .mapToLong(SavinaResult::deadLetters).sum();
            sb.append(' ').append(impl.label()).append(' ').append(dead);
        }
        sb.append('\n');
        return sb.toString();
    }

    /**
     * Write {@code savina-<timestamp>.json} into a folder, creating it.
     *
     * @param dir     the folder.
     * @param options the options of the run.
     * @param results every result.
     * @param now     the time the file is named after.
     * @return the file written.
     * @throws IOException when it cannot be written.
     */
    public static Path writeJson(
        final Path dir, final SavinaOptions options, final List<SavinaResult> results, final ZonedDateTime now)
        throws IOException
    {
        Files.createDirectories(dir);
        final Path file = dir.resolve(fileName(now, "json"));
        final Map<String, Object> root = new LinkedHashMap<>();
        root.put("suite", "savina");
        root.put("timestamp", now.toOffsetDateTime().toString());
        root.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        root.put("cpus", Runtime.getRuntime().availableProcessors());
        root.put("workers", options.workers());
        root.put("hotpathIdle", options.idle());
        root.put("warmup", options.warmup());
        root.put("iterations", options.iterations());
        root.put("quick", options.quick());
        final List<Object> list = new ArrayList<>();
        for (final SavinaResult r : results)
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("benchmark", r.benchmark());
            m.put("family", r.family().label());
            m.put("parameters", r.parameters());
            m.put("implementation", r.implementation().label());
            m.put("ok", r.ok());
            m.put("failure", r.failure());
            m.put("deadLetters", r.deadLetters());
            m.put("medianMs", ms(r.medianMs()));
            m.put("minMs", ms(r.minMs()));
            m.put("maxMs", ms(r.maxMs()));
            final List<Object> runs = new ArrayList<>();
            for (final double run : r.runsMs())
            {
                runs.add(ms(run));
            }
            m.put("runsMs", runs);
            list.add(m);
        }
        root.put("results", list);
        Files.writeString(file, Json.write(root));
        return file;
    }

    /**
     * @param now       the run's time.
     * @param extension the file's kind, e.g. {@code png}.
     * @return {@code savina-<yyyyMMdd-HHmmss>.<extension>}.
     */
    static String fileName(final ZonedDateTime now, final String extension)
    {
        return String.format(Locale.ROOT, "savina-%1$tY%1$tm%1$td-%1$tH%1$tM%1$tS.%2$s", now, extension);
    }

    /** The results by row, a row per benchmark and sizes, in run order. */
    static Map<String, List<SavinaResult>> rows(final List<SavinaResult> results)
    {
        final Map<String, List<SavinaResult>> rows = new LinkedHashMap<>();
        for (final SavinaResult r : results)
        {
            rows.computeIfAbsent(r.benchmark() + "  " + r.parameters(), k -> new ArrayList<>()).add(r);
        }
        return rows;
    }

    /** The result of that implementation in a row. */
    static Optional<SavinaResult> find(final List<SavinaResult> row, final Implementation impl)
    {
        return row.stream().filter(r -> r.implementation() == impl).findFirst();
    }

    private static String pad(final String text, final int width)
    {
        return String.format(Locale.ROOT, "%-" + width + "s", text);
    }

    private static String cell(final SavinaResult r)
    {
        return r.ok() ? String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", r.medianMs(), r.minMs(), r.maxMs()) : "FAILED";
    }

    /** @return milliseconds with three decimals; null where a failed benchmark has none. */
    private static BigDecimal ms(final double v)
    {
        return Double.isFinite(v) ? BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP) : null;
    }
}
