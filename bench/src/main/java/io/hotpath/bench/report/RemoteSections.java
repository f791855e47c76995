package io.hotpath.bench.report;

import io.hotpath.bench.measure.LevelBounds;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sections of the remote rows paired with raw Aeron: Hotpath's remote path and raw Aeron alternate in slices on
 * the nodes' worker threads, and each pair compares the two at one moment of the host, grouped by the level of raw
 * Aeron's round trip (the bounds each row was grouped by are printed under its section). The cluster row, paired with
 * raw Aeron Cluster's echo on the client's worker, has a round-trip section of its own in the same form. Stateless.
 */
final class RemoteSections
{
    private RemoteSections()
    {
    }

    /**
     * @param results what was measured.
     * @return a note for the main table's heading on the levels of the remote paired rows, or an empty string when
     * none ran.
     */
    static String levelNote(final List<Result> results)
    {
        for (final Result r : results)
        {
            if (pairedWithRaw(r))
            {
                return " (a remote row paired with raw Aeron, or the cluster row with raw Aeron Cluster: the level " +
                    "of the raw round trip, bounds under its section)";
            }
        }
        return "";
    }

    /**
     * @param sb        receives the section, if a remote round trip was paired, and the cluster row's, if it ran.
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void roundTrips(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        roundTrips(sb, scenarios, results, repeated, false, "paired remote round trips: Hotpath's remote actors " +
            "alternate with raw Aeron (its own drivers, in the same mode, with the same channels and message) ON THE " +
            "NODES' TWO WORKER THREADS in " + sliceMs(results) + " ms slices; a pair is one slice of Hotpath's " +
            "between two raw slices of the same level; p50 ratio = median over the level's pairs of Hotpath's p50 / " +
            "raw Aeron's; p99.9 over the level's slices pooled; pairs' p99.9 ratio = median over the level's pairs " +
            "of Hotpath's p99.9 / raw Aeron's; ns");
        roundTrips(sb, scenarios, results, repeated, true, "paired cluster round trips: a Hotpath client's asks of a " +
            "clustered echo actor alternate with raw Aeron Cluster's echo (an AeronCluster session on the same " +
            "driver, a ClusteredService beside the actors' in the same members) ON THE CLIENT'S WORKER THREAD in " +
            sliceMs(results) + " ms slices; a pair is one slice of Hotpath's between two raw slices of the same " +
            "level; ratios as for the remote round trips, Hotpath's over raw Aeron Cluster's; ns");
    }

    private static void roundTrips(final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results,
        final boolean repeated, final boolean cluster, final String heading)
    {
        final TextTable table = new TextTable("scenario", "impl", "level", "pairs", "raw p50", "impl p50",
            "p50 ratio", "raw p99.9", "impl p99.9", "p99.9 ratio", "pairs' p99.9 ratio");
        final StringBuilder left = new StringBuilder();
        final Map<String, LevelBounds> bounds = new LinkedHashMap<>();
        for (final Scenario s : scenarios)
        {
            if (!s.remote() || !s.paired() || !s.hasLatency() ||
                (s.kind() == ScenarioKind.CLUSTER_ROUND_TRIP) != cluster)
            {
                continue;
            }
            table.group();
            for (final Result r : paired(results, s))
            {
                bounds.putIfAbsent(s.name(), r.pairing().bounds());
                final String row = ResultTable.rowName(r, repeated);
                for (final Pairing.Level l : r.pairing().levels())
                {
                    table.row(row, r.impl(), l.name(), Integer.toString(l.pairs()), TextTable.ns(l.floorP50Ns()),
                        TextTable.ns(l.implP50Ns()), TextTable.ratio(l.p50Ratio()), TextTable.ns(l.floorP999Ns()),
                        TextTable.ns(l.implP999Ns()), TextTable.ratio(l.p999Ratio()),
                        TextTable.ratio(l.p999RatioMedian()));
                }
                none(table, row, r, 11);
                ResultSections.leftOut(left, row + " " + r.impl(), r.pairing());
            }
        }
        render(sb, table, left, bounds, heading);
    }

    /**
     * @param sb        receives the section, if a remote blast was paired.
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void rates(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        final TextTable table = new TextTable("scenario", "impl", "level", "pairs", "raw rtt p50", "impl per s",
            "raw per s", "impl / raw");
        final StringBuilder left = new StringBuilder();
        final Map<String, LevelBounds> bounds = new LinkedHashMap<>();
        for (final Scenario s : scenarios)
        {
            if (!s.remote() || !s.paired() || s.hasLatency())
            {
                continue;
            }
            table.group();
            for (final Result r : paired(results, s))
            {
                bounds.putIfAbsent(s.name(), r.pairing().bounds());
                final String row = ResultTable.rowName(r, repeated);
                for (final Pairing.Level l : r.pairing().levels())
                {
                    table.row(row, r.impl(), l.name(), Integer.toString(l.pairs()), TextTable.ns(l.floorP50Ns()),
                        TextTable.count(l.perSec()), TextTable.count(l.floorPerSec()),
                        l.perSecRatio() == null ? TextTable.DASH : TextTable.ratio(l.perSecRatio()));
                }
                none(table, row, r, 8);
                ResultSections.leftOut(left, row + " " + r.impl(), r.pairing());
            }
        }
        render(sb, table, left, bounds, "paired remote rates: the sender's and the " +
            "receiver's workers alternate Hotpath's blast with raw Aeron's in slices; each raw slice first reads the " +
            "level with raw round trips (its p50 is raw rtt p50), then blasts; per s = median over a level's pairs " +
            "of the messages per second in the slice; impl / raw = median over the level's pairs of Hotpath's rate " +
            "over the mean of the two raw slices' around it (above 1 means Hotpath is faster)");
    }

    /** The results of a remote row paired with raw Aeron. */
    private static List<Result> paired(final List<Result> results, final Scenario s)
    {
        return results.stream().filter((r) -> r.scenario().equals(s.name()) && pairedWithRaw(r)).toList();
    }

    private static boolean pairedWithRaw(final Result r)
    {
        return r.pairing() != null && !r.pairing().bounds().equals(LevelBounds.LOCAL);
    }

    private static void none(final TextTable table, final String row, final Result r, final int columns)
    {
        if (!r.pairing().levels().isEmpty())
        {
            return;
        }
        final String[] cells = new String[columns];
        Arrays.fill(cells, TextTable.DASH);
        cells[0] = row;
        cells[1] = r.impl();
        cells[2] = "none";
        cells[3] = "0";
        table.row(cells);
    }

    private static void render(final StringBuilder sb, final TextTable table, final StringBuilder left,
        final Map<String, LevelBounds> bounds, final String heading)
    {
        if (table.isEmpty())
        {
            return;
        }
        sb.append('\n').append(heading).append('\n');
        table.render(sb);
        if (!left.isEmpty())
        {
            sb.append("left out: ").append(left).append('\n');
        }
        for (final Map.Entry<String, LevelBounds> e : bounds.entrySet())
        {
            sb.append("levels of ").append(e.getKey()).append(": ").append(e.getValue().describe())
                .append("; shared (left out) from ").append(e.getValue().sharedFromNs()).append(" ns\n");
        }
    }

    private static long sliceMs(final List<Result> results)
    {
        for (final Result r : results)
        {
            if (pairedWithRaw(r))
            {
                return r.pairing().sliceNs() / 1_000_000;
            }
        }
        return 0;
    }
}
