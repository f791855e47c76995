package io.hotpath.bench.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sections the run prints under its main table: the paired ping-pong figures per speed level of the floor, and
 * the fixed-rate figures beside their target. Stateless.
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
            if (!s.paired() || !s.hasLatency())
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
            .append("two floor slices of the same level (the floor's p50: near < ").append(Pairing.MID_FROM_NS)
            .append(" ns <= mid < ").append(Pairing.FAR_FROM_NS).append(" ns <= far); p50 ratio = median over ")
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
     * @param sb        receives the section, if a throughput row was paired (blast).
     * @param scenarios the rows run.
     * @param results   what was measured.
     * @param repeated  true when the run repeats its rows.
     */
    static void pairedRates(
        final StringBuilder sb, final List<Scenario> scenarios, final List<Result> results, final boolean repeated)
    {
        final TextTable table = new TextTable("scenario", "impl", "level", "pairs", "floor p50", "per s",
            "hotpath / impl");
        final StringBuilder left = new StringBuilder();
        for (final Scenario s : scenarios)
        {
            if (!s.paired() || s.hasLatency())
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
                final Result hotpath = ResultTable.find(results, s.name(), "hotpath", r.run());
                for (final Pairing.Level l : p.levels())
                {
                    final Pairing.Level same = hotpath == null || hotpath.pairing() == null ||
                        r.impl().equals("hotpath") ? null : hotpath.pairing().level(l.name());
                    table.row(ResultTable.rowName(r, repeated), r.impl(), l.name(), Integer.toString(l.pairs()),
                        TextTable.ns(l.floorP50Ns()), TextTable.count(l.perSec()),
                        same == null ? TextTable.DASH : TextTable.ratio(same.perSec() / l.perSec()));
                }
                leftOut(left, ResultTable.rowName(r, repeated) + " " + r.impl(), p);
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        sb.append("\npaired rates: the sender and the receiver alternate with the floor ON THEIR OWN TWO THREADS in ")
            .append("slices; per s = median over a level's pairs of the messages per second in the implementation's ")
            .append("slice; hotpath / impl compares rates at the same level of the same run\n");
        table.render(sb);
        if (!left.isEmpty())
        {
            sb.append("left out: ").append(left).append('\n');
        }
    }

    private static void leftOut(final StringBuilder left, final String row, final Pairing p)
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
            "inbound high water", "p50", "p99.9", "steal%", "other%");
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
                    fill = TextTable.count(in.highWaterAtStart()) + " / " + TextTable.count(in.highWaterAtEnd()) +
                        " of " + TextTable.count(in.capacity()) + (full ? " FULL" : in.saturatedInWarmup() ?
                        " full in warm-up" : "") + (f.congestedWhileMeasured() ? " congested" : "");
                    final int[] tally = saturated.computeIfAbsent(s.name() + " " + r.impl(), (k) -> new int[3]);
                    tally[0] += full ? 1 : 0;
                    tally[1] += f.congestedWhileMeasured() ? 1 : 0;
                    tally[2]++;
                }
                table.row(ResultTable.rowName(r, repeated), r.impl(),
                    TextTable.count(f.targetPerSec()), TextTable.count(f.achievedPerSec()),
                    TextTable.count(f.refusedOffers()), TextTable.count(f.backlogAtStart()), fill,
                    TextTable.ns(r.p50Ns()), TextTable.ns(r.p999Ns()),
                    TextTable.pct(r.host() == null ? null : r.host().stealPct()),
                    TextTable.pct(r.host() == null ? null : r.host().otherPct()));
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        sb.append("\nfixed-rate: achieved = sent per second while measured; refused = offers refused, by a full ")
            .append("queue or a congested receiver (retried, stamps kept); backlog = in flight when the measurement ")
            .append("began; inbound high water = ")
            .append("the engine's most frames queued at the start / end of the measurement, of its capacity ")
            .append("(FULL: the queue saturated while measured; full in warm-up: only before; congested: offers ")
            .append("were refused while the queue never filled, because the receiver's mailbox was above its ")
            .append("capacity); ")
            .append("latency in ns from the intended send time\n");
        table.render(sb);
        for (final Map.Entry<String, int[]> e : saturated.entrySet())
        {
            sb.append(e.getKey()).append(": inbound queue saturated while measured in ").append(e.getValue()[0])
                .append(" of ").append(e.getValue()[2]).append(" run(s), receiver congested in ")
                .append(e.getValue()[1]).append('\n');
        }
    }
}
