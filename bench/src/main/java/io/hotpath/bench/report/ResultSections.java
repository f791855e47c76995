package io.hotpath.bench.report;

import io.hotpath.bench.measure.FixedRateFigures;
import io.hotpath.bench.measure.InboundFill;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The sections the run prints under its main table: the paired ping-pong figures per speed level of the floor, the
 * paired blast's rates and fixed-rate latencies per level, and the fixed-rate figures beside their target. Stateless.
 */
final class ResultSections
{
    private ResultSections()
    {
    }

    /**
     * @param sb        receives the section, if any row was paired.
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void paired(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        final TextTable table = new TextTable("scenario", "impl", "level", "pairs", "floor p50", "impl p50",
            "p50 ratio", "floor p99.9", "impl p99.9", "p99.9 ratio", "pairs' p99.9 ratio");
        final StringBuilder left = new StringBuilder();
        long sliceNs = 0;
        for (final Scenario s : scenarios)
        {
            if (!s.pairedRoundTrip())
            {
                continue;
            }
            table.group();
            for (final Result r : results)
            {
                final Pairing p = r.pairing();
                if (!r.scenario().equals(s.name()) || p == null)
                {
                    continue;
                }
                sliceNs = p.sliceNs();
                final String row = ResultTable.rowName(r, repeated);
                for (final Pairing.Level l : p.levels())
                {
                    table.row(row, r.impl(), l.name(), Integer.toString(l.pairs()), TextTable.ns(l.floorP50Ns()),
                        TextTable.ns(l.implP50Ns()), TextTable.ratio(l.p50Ratio()), TextTable.ns(l.floorP999Ns()),
                        TextTable.ns(l.implP999Ns()), TextTable.ratio(l.p999Ratio()),
                        TextTable.ratio(l.p999RatioMedian()));
                }
                if (p.levels().isEmpty())
                {
                    table.row(row, r.impl(), "none", "0", TextTable.DASH, TextTable.DASH, TextTable.DASH,
                        TextTable.DASH, TextTable.DASH, TextTable.DASH, TextTable.DASH);
                }
                leftOut(left, row + " " + r.impl(), p);
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        sb.append("\npaired ping-pong: each implementation alternates with the floor ON ITS OWN TWO THREADS in ")
            .append(sliceNs / 1_000_000).append(" ms slices; a pair is one slice of the implementation between ")
            .append("two floor slices of the same level (").append(Pairing.BOUNDS).append("); p50 ratio = median over ")
            .append("the level's pairs of implementation p50 / floor p50; p99.9 over the level's slices pooled; ")
            .append("pairs' p99.9 ratio = median over the level's pairs of implementation p99.9 / floor p99.9 (a ")
            .append("host event in a slice or two does not decide it); ns\n");
        table.render(sb);
        if (!left.isEmpty())
        {
            sb.append("left out: ").append(left).append('\n');
        }
    }

    /**
     * @param sb        receives the section, if a local throughput row was paired (blast).
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void pairedRates(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        perLevel(sb, "paired rates: the sender and the receiver alternate with the floor ON THEIR OWN TWO THREADS " +
            "in slices; per s = median over a level's pairs of the messages per second in the implementation's " +
            "slice; hotpath / impl compares rates at the same level of the same run",
            new String[]{"per s", "hotpath / impl"}, (s) -> s.paired() && !s.hasLatency() && !s.remote(),
            (l, hotpath) -> new String[]{TextTable.count(l.perSec()),
                hotpath == null ? TextTable.DASH : TextTable.ratio(hotpath.perSec() / l.perSec())},
            scenarios, results, repeated);
    }

    /**
     * @param sb        receives the section, if a fixed-rate row was paired.
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void pairedFixedRate(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        perLevel(sb, "paired fixed-rate: the sender and the receiver alternate with the floor ON THEIR OWN TWO " +
            "THREADS in slices (the schedule pauses through each floor slice; messages that waited through one are " +
            "not recorded); p50 = median over a level's pairs of the slice's p50, p99.9 over the level's slices " +
            "pooled, latency in ns from the intended send time; hotpath / impl compares them at the same level of " +
            "the same run (below 1 means hotpath is faster)",
            new String[]{"p50", "p99.9", "hotpath / impl p50", "hotpath / impl p99.9"},
            (s) -> s.paired() && s.kind() == ScenarioKind.FIXED_RATE,
            (l, hotpath) -> new String[]{TextTable.ns(l.implP50Ns()), TextTable.ns(l.implP999Ns()),
                hotpath == null ? TextTable.DASH : TextTable.ratio((double)hotpath.implP50Ns() / l.implP50Ns()),
                hotpath == null ? TextTable.DASH : TextTable.ratio((double)hotpath.implP999Ns() / l.implP999Ns())},
            scenarios, results, repeated);
    }

    /** A level's own cells in a per-level section, given hotpath's figures at that level (null for none). */
    @FunctionalInterface
    private interface LevelCells
    {
        String[] of(Pairing.Level level, Pairing.Level hotpath);
    }

    /**
     * A section of paired rows' figures per level, each implementation's beside hotpath's at the same level of the
     * same run: the scenario, the implementation, the level, its pairs and the floor's p50, then {@code columns}.
     */
    private static void perLevel(final StringBuilder sb, final String heading, final String[] columns,
        final Predicate<Scenario> rows, final LevelCells cells, final List<Scenario> scenarios,
        final List<Result> results, final boolean repeated)
    {
        final String[] first = {"scenario", "impl", "level", "pairs", "floor p50"};
        final TextTable table = new TextTable(concat(first, columns));
        final StringBuilder left = new StringBuilder();
        final String engine = ResultTable.engineReference(results);
        for (final Scenario s : scenarios)
        {
            if (!rows.test(s))
            {
                continue;
            }
            table.group();
            for (final Result r : results)
            {
                final Pairing p = r.pairing();
                if (!r.scenario().equals(s.name()) || p == null)
                {
                    continue;
                }
                final String row = ResultTable.rowName(r, repeated);
                final Result hotpath = ResultTable.find(results, s.name(), engine, r.run());
                for (final Pairing.Level l : p.levels())
                {
                    final Pairing.Level same = hotpath == null || hotpath.pairing() == null ||
                        r.impl().equals(engine) ? null : hotpath.pairing().level(l.name());
                    table.row(concat(new String[]{row, r.impl(), l.name(), Integer.toString(l.pairs()),
                        TextTable.ns(l.floorP50Ns())}, cells.of(l, same)));
                }
                if (p.levels().isEmpty())
                {
                    final String[] none = new String[first.length + columns.length];
                    Arrays.fill(none, TextTable.DASH);
                    System.arraycopy(new String[]{row, r.impl(), "none", "0"}, 0, none, 0, 4);
                    table.row(none);
                }
                leftOut(left, row + " " + r.impl(), p);
            }
        }
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
    }

    private static String[] concat(final String[] a, final String[] b)
    {
        final String[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** Appends what a row's pairing left out, if anything. */
    static void leftOut(final StringBuilder left, final String row, final Pairing p)
    {
        if (p.straddled() == 0 && p.shared() == 0 && p.abandoned() == 0)
        {
            return;
        }
        left.append(left.isEmpty() ? "" : "; ").append(row).append(':');
        if (p.straddled() > 0)
        {
            left.append(' ').append(p.straddled()).append(" pair(s) across a level change");
        }
        if (p.shared() > 0)
        {
            left.append(p.straddled() > 0 ? ", " : " ").append(p.shared())
                .append(" with the floor's two threads on one CPU");
        }
        if (p.abandoned() > 0)
        {
            left.append(p.straddled() + p.shared() > 0 ? ", " : " ").append(p.abandoned())
                .append(" floor slice(s) the responder did not join");
        }
    }

    /**
     * @param sb        receives the section, if a fixed-rate row ran.
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void fixedRate(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        final TextTable table = new TextTable("scenario", "impl", "target/s", "achieved/s", "refused", "backlog",
            "most in flight", "inbound high water", "p50", "p99.9", "steal%", "other%");
        final Map<String, int[]> saturated = new LinkedHashMap<>();
        for (final Scenario s : scenarios)
        {
            if (s.kind() != ScenarioKind.FIXED_RATE)
            {
                continue;
            }
            table.group();
            for (final Result r : results)
            {
                final FixedRateFigures f = r.fixedRate();
                if (!r.scenario().equals(s.name()) || f == null)
                {
                    continue;
                }
                final InboundFill in = f.inbound();
                String fill = TextTable.DASH;
                if (in != null)
                {
                    final boolean full = f.saturatedWhileMeasured();
                    fill = TextTable.count(in.highWaterInWarmup()) + " / " + TextTable.count(in.highWaterMeasured()) +
                        " of " + TextTable.count(in.capacity()) + (full ? " FULL" : in.saturatedInWarmup() ?
                        " full in warm-up" : "") + (f.congestedWhileMeasured() ? " congested" : "");
                    final int[] tally = saturated.computeIfAbsent(s.name() + " " + r.impl(), (k) -> new int[4]);
                    tally[0] += full ? 1 : 0;
                    tally[1] += f.congestedWhileMeasured() ? 1 : 0;
                    tally[2]++;
                    tally[3] += in.measuredShare() >= 0.25 ? 1 : 0;
                }
                table.row(ResultTable.rowName(r, repeated), r.impl(),
                    TextTable.count(f.targetPerSec()), TextTable.count(f.achievedPerSec()),
                    TextTable.count(f.refusedOffers()), TextTable.count(f.backlogAtStart()),
                    TextTable.count(f.mostInFlight()), fill,
                    TextTable.ns(r.p50Ns()), TextTable.ns(r.p999Ns()),
                    TextTable.pct(r.host() == null ? null : r.host().stealPct()),
                    TextTable.pct(r.host() == null ? null : r.host().otherPct()));
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        sb.append("\nfixed-rate: achieved = sent per second while measured (in a paired row, while the ")
            .append("implementation's slices ran); refused = offers refused, by a full ")
            .append("queue or a congested receiver (retried, stamps kept); backlog = in flight when the measurement ")
            .append("began; most in flight = the most messages sent and not yet received while measured (looked at ")
            .append("every ").append(ProbeSender.IN_FLIGHT_EVERY).append(" sent, by the sender); inbound high water = ")
            .append("the engine's most frames queued in the warm-up / while measured, of its capacity ")
            .append("(FULL: the queue saturated while measured; full in warm-up: only before; congested: offers ")
            .append("were refused while the queue never filled, because the receiver's mailbox was above its ")
            .append("capacity); ")
            .append("latency in ns from the intended send time\n");
        table.render(sb);
        for (final Map.Entry<String, int[]> e : saturated.entrySet())
        {
            sb.append(e.getKey()).append(": inbound queue saturated while measured in ").append(e.getValue()[0])
                .append(" of ").append(e.getValue()[2]).append(" run(s), a quarter full or more in ")
                .append(e.getValue()[3]).append(", receiver congested in ").append(e.getValue()[1]).append('\n');
        }
    }
}
