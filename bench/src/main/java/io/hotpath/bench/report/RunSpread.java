package io.hotpath.bench.report;

import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The section a repeated run ({@code --repeat}) prints last: each row's own figures over its runs, lowest, median
 * and highest, and their spread (highest / lowest). It answers whether a row is stable on this host, for the
 * engine and for each peer alike: a peer whose rate spreads as widely as the engine's shows that the host, not the
 * engine, moves the row. Rows are not divided by one another here (the ratios sections do that within one run).
 * Stateless.
 */
final class RunSpread
{
    private RunSpread()
    {
    }

    /** A figure over a row's runs: lowest, median, highest. */
    record Figures(double low, double median, double high)
    {
        /** @param values one per run, not empty. @return their lowest, median and highest. */
        static Figures of(final List<Double> values)
        {
            final List<Double> sorted = values.stream().sorted().toList();
            final int n = sorted.size();
            final double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            return new Figures(sorted.get(0), median, sorted.get(n - 1));
        }

        /** @return highest / lowest: 1.20 means the runs differ by 20%. */
        double spread()
        {
            return high / low;
        }

        String text(final Function<Double, String> format)
        {
            return format.apply(low) + " / " + format.apply(median) + " / " + format.apply(high);
        }

        Map<String, Object> toJson()
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("low", low);
            m.put("median", median);
            m.put("high", high);
            m.put("spread", spread());
            return m;
        }
    }

    /** One row over its runs; a figure is null when no run measured it (a blast has no p50). */
    record Row(String scenario, String impl, int runs, Figures perSec, Figures p50Ns)
    {
        /** @return the row for {@code summary.json}. */
        Map<String, Object> toJson()
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", scenario);
            m.put("impl", impl);
            m.put("runs", runs);
            m.put("perSec", perSec == null ? null : perSec.toJson());
            m.put("p50Ns", p50Ns == null ? null : p50Ns.toJson());
            return m;
        }
    }

    /**
     * One paired row's figure at one level over the runs that kept pairs at that level: a throughput row's median
     * rate, a latency row's median p50. At one level the host's speed is the same in every run, so this spread is the
     * row's own (or that of a host state the floor does not show).
     */
    record LevelRow(String scenario, String impl, String level, int runs, String figure, Figures values)
    {
        /** @return the row for {@code summary.json}. */
        Map<String, Object> toJson()
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", scenario);
            m.put("impl", impl);
            m.put("level", level);
            m.put("runs", runs);
            m.put(figure, values.toJson());
            return m;
        }
    }

    /**
     * @param results what was measured, in any order.
     * @return per paired row and level, the level's figure over the runs that kept pairs there, for the levels kept
     * in at least two runs; in order of first appearance, levels fastest first.
     */
    static List<LevelRow> perLevel(final List<Result> results)
    {
        // per row (scenario and implementation, in order of first appearance): its first result (a throughput row has
        // no p50), and per level the level's figure in each run that kept it
        final Map<String, Result> firstRun = new LinkedHashMap<>();
        final Map<String, Map<String, List<Double>>> byRow = new LinkedHashMap<>();
        for (final Result r : results)
        {
            if (r.error() != null || r.pairing() == null)
            {
                continue;
            }
            final String key = key(r.scenario(), r.impl());
            firstRun.putIfAbsent(key, r);
            for (final Pairing.Level l : r.pairing().levels())
            {
                final double value = figure(l);
                if (value > 0)
                {
                    byRow.computeIfAbsent(key, (k) -> new LinkedHashMap<>())
                        .computeIfAbsent(l.name(), (k) -> new ArrayList<>()).add(value);
                }
            }
        }
        final List<LevelRow> rows = new ArrayList<>();
        for (final Map.Entry<String, Map<String, List<Double>>> row : byRow.entrySet())
        {
            final Result r = firstRun.get(row.getKey());
            for (final String level : Pairing.LEVELS)
            {
                final List<Double> values = row.getValue().get(level);
                if (values != null && values.size() >= 2)
                {
                    rows.add(new LevelRow(r.scenario(), r.impl(), level, values.size(),
                        r.p50Ns() == null ? "perSec" : "p50Ns", Figures.of(values)));
                }
            }
        }
        return rows;
    }

    /** @return a paired level's figure: a throughput row's rate, a latency row's p50; 0 when it has none. */
    private static double figure(final Pairing.Level l)
    {
        return l.perSec() != null ? l.perSec() : l.implP50Ns() == null ? 0 : l.implP50Ns();
    }

    /**
     * @param results what was measured, in any order.
     * @return a row per scenario and implementation that ran successfully at least twice, keyed by scenario and
     * implementation, in order of first appearance; empty for a run that was not repeated.
     */
    static Map<String, Row> rows(final List<Result> results)
    {
        final Map<String, List<Result>> byRow = new LinkedHashMap<>();
        for (final Result r : results)
        {
            if (r.error() == null)
            {
                byRow.computeIfAbsent(key(r.scenario(), r.impl()), (k) -> new ArrayList<>()).add(r);
            }
        }
        final Map<String, Row> rows = new LinkedHashMap<>();
        for (final Map.Entry<String, List<Result>> e : byRow.entrySet())
        {
            final List<Result> runs = e.getValue();
            if (runs.size() < 2)
            {
                continue;
            }
            final List<Double> rates = new ArrayList<>();
            final List<Double> p50s = new ArrayList<>();
            for (final Result r : runs)
            {
                if (r.throughputPerSec() != null && r.throughputPerSec() > 0)
                {
                    rates.add(r.throughputPerSec());
                }
                if (r.p50Ns() != null && r.p50Ns() > 0)
                {
                    p50s.add(r.p50Ns().doubleValue());
                }
            }
            rows.put(e.getKey(), new Row(runs.get(0).scenario(), runs.get(0).impl(), runs.size(),
                rates.isEmpty() ? null : Figures.of(rates), p50s.isEmpty() ? null : Figures.of(p50s)));
        }
        return rows;
    }

    /**
     * @param sb        receives the section, if a row ran successfully at least twice.
     * @param scenarios the rows run, in order.
     * @param impls     the implementations raced, in order.
     * @param results   what was measured.
     */
    static void format(final StringBuilder sb, final List<Scenario> scenarios, final List<String> impls,
        final List<Result> results)
    {
        final Map<String, Row> rows = rows(results);
        final TextTable table = new TextTable("scenario", "impl", "runs", "per s low / median / high", "spread",
            "p50 low / median / high", "spread");
        for (final Scenario s : scenarios)
        {
            table.group();
            for (final String impl : impls)
            {
                final Row row = rows.get(key(s.name(), impl));
                if (row != null)
                {
                    table.row(s.name(), impl, Integer.toString(row.runs()),
                        text(row.perSec(), TextTable::count), spread(row.perSec()),
                        text(row.p50Ns(), (v) -> TextTable.ns(Math.round(v))), spread(row.p50Ns()));
                }
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        sb.append("\nacross runs: each row's figures from the main table over its runs (lowest / median / highest); ")
            .append("spread = highest / lowest, so 1.20 means the runs differ by 20%; a peer's spread beside the ")
            .append("engine's shows how far the host alone moves a row\n");
        table.render(sb);
        final TextTable levels = new TextTable("scenario", "impl", "level", "runs", "low / median / high", "spread");
        final List<LevelRow> byLevel = perLevel(results);
        for (final Scenario s : scenarios)
        {
            levels.group();
            for (final String impl : impls)
            {
                for (final LevelRow row : byLevel)
                {
                    if (row.scenario().equals(s.name()) && row.impl().equals(impl))
                    {
                        levels.row(s.name(), impl, row.level(), Integer.toString(row.runs()),
                            row.figure().equals("perSec") ? row.values().text(TextTable::count) :
                                row.values().text((v) -> TextTable.ns(Math.round(v))), spread(row.values()));
                    }
                }
            }
        }
        if (!levels.isEmpty())
        {
            sb.append("\nacross runs at one level: a paired row's figure at each level it kept pairs at in two runs ")
                .append("or more (a blast's median rate, a latency row's median p50), lowest / median / highest over ")
                .append("those runs, and its spread: the host's level is the same in every one of them\n");
            levels.render(sb);
        }
    }

    private static String key(final String scenario, final String impl)
    {
        return scenario + '\n' + impl;
    }

    private static String text(final Figures f, final Function<Double, String> format)
    {
        return f == null ? TextTable.DASH : f.text(format);
    }

    private static String spread(final Figures f)
    {
        return f == null ? TextTable.DASH : String.format(Locale.ROOT, "%.2f", f.spread());
    }
}
