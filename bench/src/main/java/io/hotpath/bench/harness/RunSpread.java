package io.hotpath.bench.harness;

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

    /** One row's figures over its runs: its rates and p50s, one per run that measured them. */
    record Row(String scenario, String impl, int runs, List<Double> rates, List<Double> p50s)
    {
        /** @return the row for {@code summary.json}: the runs, and per figure its low, median, high and spread. */
        Map<String, Object> toJson()
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", scenario);
            m.put("impl", impl);
            m.put("runs", runs);
            m.put("perSec", figures(rates));
            m.put("p50Ns", figures(p50s));
            return m;
        }

        private static Map<String, Object> figures(final List<Double> values)
        {
            if (values.isEmpty())
            {
                return null;
            }
            final List<Double> sorted = values.stream().sorted().toList();
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("low", sorted.get(0));
            m.put("median", median(sorted));
            m.put("high", sorted.get(sorted.size() - 1));
            m.put("spread", sorted.get(sorted.size() - 1) / sorted.get(0));
            return m;
        }
    }

    /**
     * @param results what was measured, in any order.
     * @return a row per scenario and implementation that ran successfully at least twice, in order of first
     * appearance; empty for a run that was not repeated.
     */
    static List<Row> rows(final List<Result> results)
    {
        final Map<String, List<Result>> byRow = new LinkedHashMap<>();
        for (final Result r : results)
        {
            if (r.error() == null)
            {
                byRow.computeIfAbsent(r.scenario() + "\n" + r.impl(), (k) -> new ArrayList<>()).add(r);
            }
        }
        final List<Row> rows = new ArrayList<>();
        for (final List<Result> runs : byRow.values())
        {
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
            rows.add(new Row(runs.get(0).scenario(), runs.get(0).impl(), runs.size(), rates, p50s));
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
        final List<Row> rows = rows(results);
        final TextTable table = new TextTable("scenario", "impl", "runs", "per s low / median / high", "spread",
            "p50 low / median / high", "spread");
        for (final Scenario s : scenarios)
        {
            table.group();
            for (final String impl : impls)
            {
                for (final Row row : rows)
                {
                    if (row.scenario().equals(s.name()) && row.impl().equals(impl))
                    {
                        table.row(s.name(), impl, Integer.toString(row.runs()),
                            lowMedianHigh(row.rates(), TextTable::count), spread(row.rates()),
                            lowMedianHigh(row.p50s(), (v) -> TextTable.ns(Math.round(v))), spread(row.p50s()));
                    }
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
    }

    private static String lowMedianHigh(final List<Double> values, final Function<Double, String> format)
    {
        if (values.isEmpty())
        {
            return TextTable.DASH;
        }
        final List<Double> sorted = values.stream().sorted().toList();
        return format.apply(sorted.get(0)) + " / " + format.apply(median(sorted)) + " / " +
            format.apply(sorted.get(sorted.size() - 1));
    }

    private static String spread(final List<Double> values)
    {
        if (values.size() < 2)
        {
            return TextTable.DASH;
        }
        final double low = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        final double high = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return String.format(Locale.ROOT, "%.2f", high / low);
    }

    /** @param sorted ascending, not empty. @return the middle value, or the mean of the two middle ones. */
    static double median(final List<Double> sorted)
    {
        final int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
