package io.hotpath.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /**
     * @param sb        receives the section, if a row ran successfully at least twice.
     * @param scenarios the rows run, in order.
     * @param impls     the implementations raced, in order.
     * @param results   what was measured.
     */
    static void format(final StringBuilder sb, final List<Scenario> scenarios, final List<String> impls,
        final List<Result> results)
    {
        final TextTable table = new TextTable("scenario", "impl", "runs", "per s low / median / high", "spread",
            "p50 low / median / high", "spread");
        for (final Scenario s : scenarios)
        {
            table.group();
            for (final String impl : impls)
            {
                final List<Double> rates = new ArrayList<>();
                final List<Double> p50s = new ArrayList<>();
                int runs = 0;
                for (final Result r : results)
                {
                    if (!r.scenario().equals(s.name()) || !r.impl().equals(impl) || r.error() != null)
                    {
                        continue;
                    }
                    runs++;
                    if (r.throughputPerSec() != null && r.throughputPerSec() > 0)
                    {
                        rates.add(r.throughputPerSec());
                    }
                    if (r.p50Ns() != null && r.p50Ns() > 0)
                    {
                        p50s.add(r.p50Ns().doubleValue());
                    }
                }
                if (runs < 2)
                {
                    continue;
                }
                table.row(s.name(), impl, Integer.toString(runs), lowMedianHigh(rates, TextTable::count),
                    spread(rates), lowMedianHigh(p50s, (v) -> TextTable.ns(Math.round(v))), spread(p50s));
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
