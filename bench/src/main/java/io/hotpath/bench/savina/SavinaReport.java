package io.hotpath.bench.savina;

import java.io.IOException;
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
        final StringBuilder sb = new StringBuilder(2048);
        sb.append("{\n  \"suite\": \"savina\",\n");
        sb.append("  \"timestamp\": ").append(quote(now.toOffsetDateTime().toString())).append(",\n");
        sb.append("  \"jdk\": ").append(quote(System.getProperty("java.vm.name") + " " +
            System.getProperty("java.runtime.version"))).append(",\n");
        sb.append("  \"cpus\": ").append(Runtime.getRuntime().availableProcessors()).append(",\n");
        sb.append("  \"workers\": ").append(options.workers()).append(",\n");
        sb.append("  \"hotpathIdle\": ").append(quote(options.idle())).append(",\n");
        sb.append("  \"warmup\": ").append(options.warmup()).append(",\n");
        sb.append("  \"iterations\": ").append(options.iterations()).append(",\n");
        sb.append("  \"quick\": ").append(options.quick()).append(",\n");
        sb.append("  \"results\": [");
        for (int i = 0; i < results.size(); i++)
        {
            final SavinaResult r = results.get(i);
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"benchmark\": ").append(quote(r.benchmark()))
                .append(", \"parameters\": ").append(quote(r.parameters()))
                .append(", \"implementation\": ").append(quote(r.implementation().label()))
                .append(", \"ok\": ").append(r.ok())
                .append(", \"failure\": ").append(r.failure() == null ? "null" : quote(r.failure()))
                .append(", \"medianMs\": ").append(number(r.medianMs()))
                .append(", \"minMs\": ").append(number(r.minMs()))
                .append(", \"maxMs\": ").append(number(r.maxMs()))
                .append(", \"runsMs\": [");
            for (int j = 0; j < r.runsMs().length; j++)
            {
                sb.append(j == 0 ? "" : ", ").append(number(r.runsMs()[j]));
            }
            sb.append("]}");
        }
        sb.append("\n  ]\n}\n");
        Files.writeString(file, sb);
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

    private static String number(final double v)
    {
        return Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String quote(final String s)
    {
        final StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (final char c : s.toCharArray())
        {
            switch (c)
            {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
