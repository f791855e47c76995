package io.hotpath.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Formats results as the text table the run prints: the figures, then the ratios of {@code hotpath} to the floor
 * and each peer ({@code hotpath-remote} in the remote rows). Stateless.
 */
public final class ResultTable
{
    private static final String DASH = "-";
    private static final String[] HEADER = {
        "scenario", "impl", "p50", "p90", "p99", "p99.9", "p99.99", "max", "mean", "throughput/s", "lost", "cross"};
    private static final String[] RATIO_HEADER = {"scenario", "hotpath vs", "p50", "p99.9", "throughput"};

    private ResultTable()
    {
    }

    /**
     * @param scenarios the rows run, in order.
     * @param impls     the implementations raced, in order.
     * @param results   what was measured; a pair with no result prints as dashes.
     * @return the table, latencies in ns.
     */
    public static String format(final List<Scenario> scenarios, final List<String> impls, final List<Result> results)
    {
        final List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (final Scenario s : scenarios)
        {
            for (final String impl : impls)
            {
                final Result r = find(results, s.name(), impl);
                if (r == null)
                {
                    rows.add(new String[]{s.name(), impl, DASH, DASH, DASH, DASH, DASH, DASH, DASH, DASH, DASH, DASH});
                    continue;
                }
                rows.add(new String[]{s.name(), impl, ns(r.p50Ns()), ns(r.p90Ns()), ns(r.p99Ns()), ns(r.p999Ns()),
                    ns(r.p9999Ns()), ns(r.maxNs()), r.meanNs() == null ? DASH : String.format(Locale.ROOT, "%,.0f",
                    r.meanNs()), rate(r.throughputPerSec()), r.lost() == null ? "?" : Long.toString(r.lost()),
                    r.crossThreadShare() == null ? DASH : String.format(Locale.ROOT, "%.1f%%",
                    100 * r.crossThreadShare())});
            }
        }
        final StringBuilder sb = new StringBuilder();
        sb.append("latency in ns (round trip for pingpong/burst, gateway to publisher for pipeline, from the ")
            .append("intended send time for fixed-rate); cross = share of round trips whose halves ran on ")
            .append("different threads\n");
        render(sb, rows, scenarios.size() > 1 ? impls.size() : 0);
        final List<String[]> ratios = ratios(scenarios, impls, results);
        if (ratios.size() > 1)
        {
            sb.append("\nratios hotpath / other, same run (latency: below 1 means hotpath is faster; ")
                .append("throughput: above 1 means hotpath is faster)\n");
            render(sb, ratios, 0);
        }
        return sb.toString();
    }

    private static List<String[]> ratios(
        final List<Scenario> scenarios, final List<String> impls, final List<Result> results)
    {
        final List<String[]> rows = new ArrayList<>();
        rows.add(RATIO_HEADER);
        for (final Scenario s : scenarios)
        {
            final String reference = s.kind() == ScenarioKind.REMOTE_ROUND_TRIP || s.kind() == ScenarioKind.REMOTE_BLAST ?
                "hotpath-remote" : "hotpath";
            final Result hp = find(results, s.name(), reference);
            if (hp == null || hp.error() != null)
            {
                continue;
            }
            for (final String impl : impls)
            {
                final Result other = find(results, s.name(), impl);
                if (impl.equals(reference) || other == null || other.error() != null)
                {
                    continue;
                }
                rows.add(new String[]{s.name(), impl, ratio(hp.p50Ns(), other.p50Ns()),
                    ratio(hp.p999Ns(), other.p999Ns()), ratio(hp.throughputPerSec(), other.throughputPerSec())});
            }
        }
        return rows;
    }

    private static void render(final StringBuilder sb, final List<String[]> rows, final int groupSize)
    {
        final int[] width = new int[rows.get(0).length];
        for (final String[] row : rows)
        {
            for (int c = 0; c < row.length; c++)
            {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++)
        {
            final String[] row = rows.get(i);
            if (groupSize > 0 && i > 1 && (i - 1) % groupSize == 0)
            {
                sb.append('\n');
            }
            for (int c = 0; c < row.length; c++)
            {
                final String pad = " ".repeat(width[c] - row[c].length());
                sb.append(c < 2 ? row[c] + pad : pad + row[c]);
                sb.append(c + 1 < row.length ? "  " : "\n");
            }
        }
    }

    private static Result find(final List<Result> results, final String scenario, final String impl)
    {
        for (final Result r : results)
        {
            if (r.scenario().equals(scenario) && r.impl().equals(impl))
            {
                return r;
            }
        }
        return null;
    }

    private static String ns(final Long v)
    {
        return v == null ? DASH : String.format(Locale.ROOT, "%,d", v);
    }

    private static String rate(final Double v)
    {
        return v == null ? DASH : String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String ratio(final Number hotpath, final Number other)
    {
        if (hotpath == null || other == null || other.doubleValue() == 0)
        {
            return DASH;
        }
        return String.format(Locale.ROOT, "%.2f", hotpath.doubleValue() / other.doubleValue());
    }
}
