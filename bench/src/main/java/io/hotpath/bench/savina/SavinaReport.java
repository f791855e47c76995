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
 * Prints the results as a table, one row per benchmark and one column per implementation, and writes them as
 * JSON. Stateless and thread safe.
 */
public final class SavinaReport
{
    private SavinaReport()
    {
    }

    /**
     * @param results         every result, in run order.
     * @param implementations the columns, in order.
     * @return the table: median (min-max) ms per implementation, and the first implementation's median over each
     * other's.
     */
    public static String table(final List<SavinaResult> results, final List<Implementation> implementations)
    {
        final Map<String, List<SavinaResult>> rows = new LinkedHashMap<>();
        for (final SavinaResult r : results)
        {
            rows.computeIfAbsent(r.benchmark() + "  " + r.parameters(), k -> new ArrayList<>()).add(r);
        }
        final StringBuilder sb = new StringBuilder(1024);
        sb.append(String.format(Locale.ROOT, "%-34s", "benchmark (sizes), ms: median (min-max)"));
        for (final Implementation impl : implementations)
        {
            sb.append(String.format(Locale.ROOT, " %-26s", impl.label()));
        }
        for (int i = 1; i < implementations.size(); i++)
        {
            sb.append(String.format(Locale.ROOT, " %s/%s", implementations.getFirst().label(),
                implementations.get(i).label()));
        }
        sb.append('\n');
        for (final Map.Entry<String, List<SavinaResult>> row : rows.entrySet())
        {
            sb.append(String.format(Locale.ROOT, "%-34s", row.getKey()));
            for (final Implementation impl : implementations)
            {
                sb.append(String.format(Locale.ROOT, " %-26s", find(row.getValue(), impl)
                    .map(SavinaReport::cell).orElse("-")));
            }
            final Optional<SavinaResult> first = find(row.getValue(), implementations.getFirst());
            for (int i = 1; i < implementations.size(); i++)
            {
                final Optional<SavinaResult> other = find(row.getValue(), implementations.get(i));
                final boolean both = first.isPresent() && first.get().ok() && other.isPresent() && other.get().ok();
                sb.append(both ? String.format(Locale.ROOT, " %.2f", first.get().medianMs() / other.get().medianMs())
                    : " -");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Write {@code savina-<timestamp>.json} into a folder, creating it.
     *
     * @param dir     the folder.
     * @param options the options of the run.
     * @param results every result.
     * @return the file written.
     * @throws IOException when it cannot be written.
     */
    public static Path writeJson(final Path dir, final SavinaOptions options, final List<SavinaResult> results)
        throws IOException
    {
        Files.createDirectories(dir);
        final ZonedDateTime now = ZonedDateTime.now();
        final Path file = dir.resolve(String.format(Locale.ROOT, "savina-%1$tY%1$tm%1$td-%1$tH%1$tM%1$tS.json", now));
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
            m.put("parameters", r.parameters());
            m.put("implementation", r.implementation().label());
            m.put("ok", r.ok());
            m.put("failure", r.failure());
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

    private static Optional<SavinaResult> find(final List<SavinaResult> row, final Implementation impl)
    {
        return row.stream().filter(r -> r.implementation() == impl).findFirst();
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
