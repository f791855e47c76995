package io.hotpath.bench.report;

import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a run's files: per scenario and implementation an HdrHistogram percentile file ({@code .ns.hgrm}), the
 * fixed-rate interval logs ({@code .hlog}), {@code summary.json} and {@code percentiles.png}. Stateless.
 */
public final class Reports
{
    private static final long PLOT_TIMEOUT_MS = 30_000;

    private Reports()
    {
    }

    /**
     * @param dir          output folder, created if missing.
     * @param meta         the summary's meta object: what the run was and where it ran.
     * @param scenarios    the rows run, in order.
     * @param results      the figures.
     * @param intervalLogs fixed-rate interval logs by file stem.
     * @param jsonCopy     where a second copy of the summary goes ({@code --json}), or null.
     * @param err          receives warnings.
     * @throws IOException when a file cannot be written; a plot that cannot be drawn is only a warning.
     */
    public static void write(
        final Path dir,
        final Map<String, Object> meta,
        final List<Scenario> scenarios,
        final List<Result> results,
        final Map<String, String> intervalLogs,
        final Path jsonCopy,
        final PrintStream err) throws IOException
    {
        Files.createDirectories(dir);
        for (final Result r : results)
        {
            if (r.histogram() != null)
            {
                try (PrintStream out = new PrintStream(
                    Files.newOutputStream(dir.resolve(stem(r) + ".ns.hgrm")), false,
                    StandardCharsets.UTF_8))
                {
                    r.histogram().outputPercentileDistribution(out, 1.0);
                }
            }
        }
        for (final Map.Entry<String, String> log : intervalLogs.entrySet())
        {
            Files.writeString(dir.resolve(log.getKey() + ".hlog"), log.getValue(), StandardCharsets.UTF_8);
        }
        final String json = summaryJson(meta, results);
        Files.writeString(dir.resolve("summary.json"), json, StandardCharsets.UTF_8);
        if (jsonCopy != null)
        {
            final Path parent = jsonCopy.toAbsolutePath().getParent();
            if (parent != null)
            {
                Files.createDirectories(parent);
            }
            Files.writeString(jsonCopy, json, StandardCharsets.UTF_8);
        }
        plot(scenarios, results, PercentilePlot.caption(meta), dir.resolve("percentiles.png"), err);
    }

    /**
     * @param r a result.
     * @return the stem of its files: {@code scenario.impl}, with {@code .runN} for a repeated row's later runs.
     */
    static String stem(final Result r)
    {
        return r.scenario() + "." + r.impl() + (r.run() > 1 ? ".run" + r.run() : "");
    }

    /**
     * Draw the plot on a thread of its own with a time limit: a plot is worth a warning at most, never a failed or
     * hung run (no fonts, no display libraries, a charting library stuck on odd data).
     */
    private static void plot(final List<Scenario> scenarios, final List<Result> results, final String caption,
        final Path file, final PrintStream err)
    {
        final Throwable[] failure = new Throwable[1];
        final Thread painter = new Thread(() ->
        {
            try
            {
                PercentilePlot.write(scenarios, results, caption, file);
            }
            catch (final Exception | Error ex)
            {
                failure[0] = ex;
            }
        }, "hp-bench-plot");
        painter.setDaemon(true);
        painter.start();
        try
        {
            painter.join(PLOT_TIMEOUT_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        if (painter.isAlive())
        {
            err.println("hotpath-bench: warning: percentiles.png not drawn within " + PLOT_TIMEOUT_MS / 1000 +
                " s; the other files are written");
        }
        else if (failure[0] != null)
        {
            err.println("hotpath-bench: warning: percentiles.png not drawn (" + failure[0] +
                "); the other files are written");
        }
    }

    /**
     * @param meta    the run's meta object.
     * @param results the figures.
     * @return {@code {"meta": {...}, "results": [...]}}, and {@code "spread": [...]} when rows were repeated (each
     * row's figures over its runs, as the {@code across runs} section prints them).
     */
    public static String summaryJson(final Map<String, Object> meta, final List<Result> results)
    {
        final Map<String, Object> root = new LinkedHashMap<>();
        root.put("meta", meta);
        final List<Object> list = new ArrayList<>();
        for (final Result r : results)
        {
            list.add(r.toJson());
        }
        root.put("results", list);
        final List<Object> spread = new ArrayList<>();
        for (final RunSpread.Row row : RunSpread.rows(results).values())
        {
            spread.add(row.toJson());
        }
        if (!spread.isEmpty())
        {
            root.put("spread", spread);
        }
        final List<Object> perLevel = new ArrayList<>();
        for (final RunSpread.LevelRow row : RunSpread.perLevel(results))
        {
            perLevel.add(row.toJson());
        }
        if (!perLevel.isEmpty())
        {
            root.put("spreadPerLevel", perLevel);
        }
        return Json.write(root);
    }
}
