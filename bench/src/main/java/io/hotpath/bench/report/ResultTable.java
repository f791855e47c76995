package io.hotpath.bench.report;

import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Formats results as the text the run prints: the figures (latencies in ns, throughput per second, the host's
 * steal and other load while measured), the rows an implementation cannot express (named once, left out of the
 * table), the ratios of {@code hotpath} ({@code hotpath-remote} in the remote rows) to each peer in the same run,
 * then the paired ping-pong figures and the fixed-rate figures ({@link ResultSections}), the remote rows paired with
 * raw Aeron ({@link RemoteSections}), and for a repeated run
 * each row's spread over its runs ({@link RunSpread}). Stateless.
 */
public final class ResultTable
{
    /** The engine's implementation, as the run names it when it races the engine on its defaults. */
    private static final String ENGINE = "hotpath";
    private static final String[] HEADER = {"scenario", "impl", "p50", "p90", "p99", "p99.9", "p99.99", "max",
        "mean", "per s", "lost", "cross", "steal%", "other%", "level"};

    private ResultTable()
    {
    }

    /**
     * @param scenarios the rows run, in order.
     * @param impls     the implementations raced, in order.
     * @param runOrder  what was measured, in run order; a pair with no result is left out.
     * @param notRun    per implementation, the rows it cannot express.
     * @return the tables, latencies in ns.
     */
    public static String format(final List<Scenario> scenarios, final List<String> impls, final List<Result> runOrder,
        final Map<String, List<String>> notRun)
    {
        // a repetition may begin with any implementation (RunPlan); the tables list each one's rows in --impls order
        final List<Result> results = runOrder.stream()
            .sorted(Comparator.comparingInt(Result::run).thenComparingInt((r) -> impls.indexOf(r.impl())))
            .toList();
        final TextTable table = new TextTable(HEADER);
        final boolean repeated = results.stream().anyMatch((r) -> r.run() > 1);
        for (final Scenario s : scenarios)
        {
            table.group();
            for (final Result r : results)
            {
                if (!r.scenario().equals(s.name()))
                {
                    continue;
                }
                table.row(rowName(r, repeated), r.impl(), TextTable.ns(r.p50Ns()),
                    TextTable.ns(r.p90Ns()), TextTable.ns(r.p99Ns()), TextTable.ns(r.p999Ns()),
                    TextTable.ns(r.p9999Ns()), TextTable.ns(r.maxNs()), TextTable.count(r.meanNs()),
                    TextTable.count(r.throughputPerSec()), r.lost() == null ? "?" : Long.toString(r.lost()),
                    r.crossThreadShare() == null ? TextTable.DASH :
                        String.format(Locale.ROOT, "%.1f%%", 100 * r.crossThreadShare()),
                    TextTable.pct(r.host() == null ? null : r.host().stealPct()),
                    TextTable.pct(r.host() == null ? null : r.host().otherPct()), level(r));
            }
        }
        final StringBuilder sb = new StringBuilder();
        sb.append("latency in ns (round trip for pingpong/burst, gateway to publisher for pipeline, from the ")
            .append("intended send time for fixed-rate); per s = round trips, passes or messages per second; ")
            .append("cross = share of round trips whose halves ran on different threads; steal% / other% = share ")
            .append("of all CPUs' time stolen by the hypervisor / used by other processes while measured; level = ")
            .append("the host's speed level (").append(Pairing.BOUNDS).append("; shared: one CPU for two threads) ")
            .append("before>after the row, ")
            .append("or of a paired row's kept pairs").append(RemoteSections.levelNote(results)).append('\n');
        table.render(sb);
        notRun(sb, impls, notRun);
        ratios(sb, scenarios, impls, results, repeated);
        ResultSections.paired(sb, scenarios, results, repeated);
        ResultSections.pairedRates(sb, scenarios, results, repeated);
        ResultSections.fixedRate(sb, scenarios, results, repeated);
        ResultSections.pairedFixedRate(sb, scenarios, results, repeated);
        RemoteSections.roundTrips(sb, scenarios, results, repeated);
        RemoteSections.rates(sb, scenarios, results, repeated);
        if (repeated)
        {
            RunSpread.format(sb, scenarios, impls, results);
        }
        return sb.toString();
    }

    private static String level(final Result r)
    {
        if (r.pairing() != null)
        {
            final List<String> levels = r.pairing().levels().stream().map(Pairing.Level::name).toList();
            return levels.isEmpty() ? TextTable.DASH : String.join(",", levels);
        }
        return r.hostLevel() == null ? TextTable.DASH : r.hostLevel().label();
    }

    /** @return the level both rows ran at, or hotpath's and the other's when they differ. */
    private static String levels(final Result hotpath, final Result other)
    {
        final String mine = level(hotpath);
        final String theirs = level(other);
        return mine.equals(theirs) ? mine : mine + " / " + theirs;
    }

    private static void notRun(final StringBuilder sb, final List<String> impls, final Map<String, List<String>> notRun)
    {
        if (notRun.isEmpty())
        {
            return;
        }
        sb.append("not in the table, as the implementation cannot express the row:");
        for (final String impl : impls)
        {
            final List<String> rows = notRun.get(impl);
            if (rows != null)
            {
                sb.append(' ').append(impl).append(" (").append(String.join(", ", rows)).append(");");
            }
        }
        sb.setLength(sb.length() - 1);
        sb.append('\n');
    }

    /**
     * Ratios of the rows that are not paired ping-pongs, whose ratios are taken pair by pair in their own section, as
     * a median of one row over a median of another moves with the host's levels; a paired blast's or fixed-rate row's
     * ratios per level follow in theirs.
     */
    private static void ratios(final StringBuilder sb, final List<Scenario> scenarios, final List<String> impls,
        final List<Result> results, final boolean repeated)
    {
        final TextTable table = new TextTable("scenario", "hotpath vs", "p50", "p99.9", "per s", "levels");
        final String engine = engineReference(results);
        for (final Scenario s : scenarios)
        {
            if (s.pairedRoundTrip())
            {
                continue;
            }
            final String reference = s.remote() ? "hotpath-remote" : engine;
            for (final Result hp : results)
            {
                if (!hp.scenario().equals(s.name()) || !hp.impl().equals(reference) || hp.error() != null)
                {
                    continue;
                }
                for (final String impl : impls)
                {
                    final Result other = find(results, s.name(), impl, hp.run());
                    if (impl.equals(reference) || other == null || other.error() != null)
                    {
                        continue;
                    }
                    table.row(rowName(hp, repeated), impl,
                        ratio(hp.p50Ns(), other.p50Ns()), ratio(hp.p999Ns(), other.p999Ns()),
                        ratio(hp.throughputPerSec(), other.throughputPerSec()), levels(hp, other));
                }
            }
        }
        if (!table.isEmpty())
        {
            sb.append("\nratios hotpath / other, same run (latency: below 1 means hotpath is faster; ")
                .append("per s: above 1 means hotpath is faster; levels: the two rows' levels, hotpath's first where ")
                .append("they differ, and then the ratio mixes the host's speed with the implementations')\n");
            table.render(sb);
        }
    }

    /**
     * @param r        a result.
     * @param repeated true when the run repeats its rows.
     * @return the row's name, with its run number when rows are repeated.
     */
    static String rowName(final Result r, final boolean repeated)
    {
        return r.scenario() + (repeated ? " #" + r.run() : "");
    }

    /**
     * @param results the run's results.
     * @return the engine's row the others are compared with: {@code hotpath}, or, where the run raced the engine only
     * as variants ({@code --idle} puts {@code hotpath:STRATEGY} in its place), the first of them.
     */
    static String engineReference(final List<Result> results)
    {
        String firstVariant = null;
        for (final Result r : results)
        {
            if (r.impl().equals(ENGINE))
            {
                return ENGINE;
            }
            if (firstVariant == null && r.impl().startsWith(EngineVariant.PREFIX))
            {
                firstVariant = r.impl();
            }
        }
        return firstVariant != null ? firstVariant : ENGINE;
    }

    static Result find(final List<Result> results, final String scenario, final String impl, final int run)
    {
        for (final Result r : results)
        {
            if (r.scenario().equals(scenario) && r.impl().equals(impl) && r.run() == run)
            {
                return r;
            }
        }
        return null;
    }

    private static String ratio(final Number hotpath, final Number other)
    {
        if (hotpath == null || other == null || other.doubleValue() == 0)
        {
            return TextTable.DASH;
        }
        return TextTable.ratio(hotpath.doubleValue() / other.doubleValue());
    }
}
