package io.hotpath.bench.measure;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a paired row: an implementation's ping-pong and the floor, alternating in slices on the same two
 * threads, compared pair by pair and grouped by the speed level of the floor. Immutable.
 * <p>
 * The host moves its vCPUs between placements about every second, so the floor's round trip moves between levels
 * (near &lt; {@value #MID_FROM_NS} ns, mid, far from {@value #FAR_FROM_NS} ns, distant from {@value #DISTANT_FROM_NS}
 * ns) within a run. The bounds lie in the gaps between the clusters the floor's slices fall in on the reference host
 * (docs/lab/2026-11-28-level-bounds.md): a bound inside a cluster would name one placement twice and drop the pairs
 * whose two floor slices read a clock tick apart on either side of it. Pair i is the
 * implementation's slice i with the floor slices just before and after it (F(i-1), I(i), F(i)); when those two
 * floor slices fall in different levels the host moved during the pair, and it is left out (counted as straddling).
 * A floor slice whose p50 is {@value #SHARED_FROM_NS} ns or more means the two spinning threads took turns on ONE
 * CPU (other processes held the other); such a pair measures the scheduler, not the implementation, and is left out
 * too (counted as shared).
 * The first implementation slice has no floor slice before it and is never a pair. For p50 the ratio is taken per
 * pair (the implementation's p50 over the mean of the two floor slices' p50) and the median of a level's ratios is
 * reported (a throughput row reports the median of its pairs' rates instead). For p99.9 two figures: the slices of a
 * level pooled first (the implementation's slices of the level's pairs against the floor slices that follow them),
 * the tail a reader of the whole row sees; and, as for p50, the median of the pairs' ratios (the implementation's
 * p99.9 over the mean of the two floor slices'), which a host event confined to a slice or two does not decide: on
 * this host a few slices of a row can hold a tail several times the others', and then set the pooled figure alone
 * (docs/lab/2026-11-28-pingpong-p999.md, docs/lab/2026-11-28-tail-ratios-a10136e.md).
 * <p>
 * A row whose slices run another floor (the remote rows' raw Aeron) groups its pairs by that floor's levels
 * ({@link SliceLog#levels()}); when that floor streams as the row does (the remote blast), each pair also compares
 * the implementation's rate with the mean of the two floor slices' rates.
 *
 * @param sliceNs   length of a slice.
 * @param levels    per level that holds a pair: near, mid, far, in that order.
 * @param pairs     every pair, kept or not.
 * @param straddled pairs left out because the floor moved between levels.
 * @param shared    pairs left out because the floor's two threads shared one CPU.
 * @param abandoned floor slices that could not start (the responder did not join).
 * @param bounds    the levels the pairs are grouped by.
 */
public record Pairing(long sliceNs, List<Level> levels, List<Pair> pairs, int straddled, int shared, long abandoned,
    LevelBounds bounds) implements Serializable
{
    /** The floor's p50 from which a slice is "mid" rather than "near", ns. */
    public static final long MID_FROM_NS = 300;
    /** The floor's p50 from which a slice is "far", ns. */
    public static final long FAR_FROM_NS = 450;
    /** The floor's p50 from which a slice is "distant", ns. */
    public static final long DISTANT_FROM_NS = 1_000;
    /** The floor's p50 from which its two threads shared one CPU, ns. */
    public static final long SHARED_FROM_NS = 5_000;
    /** The name of the pseudo-level of a floor slice whose two threads shared one CPU. */
    public static final String SHARED = "shared";
    /** The level names, fastest first. */
    public static final List<String> LEVELS = List.of("near", "mid", "far", "distant");
    /** The levels' bounds, as the tables print them. */
    public static final String BOUNDS = "the floor's p50: near < " + MID_FROM_NS + " ns <= mid < " + FAR_FROM_NS +
        " ns <= far < " + DISTANT_FROM_NS + " ns <= distant";

    /**
     * A pairing with the two-thread floor's levels.
     *
     * @param sliceNs   length of a slice.
     * @param levels    per level that holds a pair.
     * @param pairs     every pair, kept or not.
     * @param straddled pairs left out because the floor moved between levels.
     * @param shared    pairs left out because the floor's two threads shared one CPU.
     * @param abandoned floor slices that could not start.
     */
    public Pairing(final long sliceNs, final List<Level> levels, final List<Pair> pairs, final int straddled,
        final int shared, final long abandoned)
    {
        this(sliceNs, levels, pairs, straddled, shared, abandoned, LevelBounds.LOCAL);
    }

    /**
     * One level's figures; a throughput row (blast) has its rate and no latencies.
     *
     * @param name        near, mid or far.
     * @param pairs       pairs kept in this level.
     * @param floorP50Ns  median of the pairs' floor p50.
     * @param implP50Ns   median of the pairs' implementation p50, or null.
     * @param p50Ratio    median of the pairs' p50 ratios, or null.
     * @param floorP999Ns p99.9 of the level's floor slices pooled.
     * @param implP999Ns  p99.9 of the level's implementation slices pooled, or null.
     * @param p999Ratio   implP999Ns / floorP999Ns, or null.
     * @param p999RatioMedian median of the pairs' p99.9 ratios, or null.
     * @param perSec      median of the pairs' rates (messages per second in the implementation's slice), or null.
     * @param floorPerSec median of the pairs' floor rates, for a floor that streams; else null.
     * @param perSecRatio median of the pairs' rate ratios (the implementation's over the floor's), or null.
     */
    public record Level(String name, int pairs, long floorP50Ns, Long implP50Ns, Double p50Ratio, long floorP999Ns,
        Long implP999Ns, Double p999Ratio, Double p999RatioMedian, Double perSec, Double floorPerSec,
        Double perSecRatio) implements Serializable
    {
        /**
         * A level of a row whose floor does not stream.
         *
         * @param name            the level.
         * @param pairs           pairs kept in it.
         * @param floorP50Ns      median of the pairs' floor p50.
         * @param implP50Ns       median of the pairs' implementation p50, or null.
         * @param p50Ratio        median of the pairs' p50 ratios, or null.
         * @param floorP999Ns     p99.9 of the level's floor slices pooled.
         * @param implP999Ns      p99.9 of the level's implementation slices pooled, or null.
         * @param p999Ratio       implP999Ns / floorP999Ns, or null.
         * @param p999RatioMedian median of the pairs' p99.9 ratios, or null.
         * @param perSec          median of the pairs' rates, or null.
         */
        public Level(final String name, final int pairs, final long floorP50Ns, final Long implP50Ns,
            final Double p50Ratio, final long floorP999Ns, final Long implP999Ns, final Double p999Ratio,
            final Double p999RatioMedian, final Double perSec)
        {
            this(name, pairs, floorP50Ns, implP50Ns, p50Ratio, floorP999Ns, implP999Ns, p999Ratio, p999RatioMedian,
                perSec, null, null);
        }
    }

    /**
     * One pair of slices.
     *
     * @param index           the implementation slice's index.
     * @param startMs         when the implementation's slice began, ms after the measurement began.
     * @param implP50Ns       the implementation's p50 in the slice.
     * @param implP999Ns      its p99.9.
     * @param implCount       its round trips.
     * @param floorBeforeP50Ns the floor's p50 in the slice before.
     * @param floorAfterP50Ns the floor's p50 in the slice after.
     * @param floorBeforeP999Ns the floor's p99.9 in the slice before.
     * @param floorAfterP999Ns the floor's p99.9 in the slice after.
     * @param level           the floor's level; {@link #SHARED} when a floor slice ran on one CPU; null when the
     *                        two floor slices disagree.
     * @param p50Ratio        implP50Ns over the mean of the two floor p50s (0 for a throughput row).
     * @param p999Ratio       implP999Ns over the mean of the two floor p99.9s (0 for a throughput row).
     * @param perSec          a throughput row's messages per second in the slice (0 for a latency row).
     * @param floorPerSec     the mean of the two floor slices' rates, for a floor that streams (else 0).
     * @param perSecRatio     perSec over floorPerSec (0 when the floor does not stream).
     */
    public record Pair(int index, long startMs, long implP50Ns, long implP999Ns, long implCount,
        long floorBeforeP50Ns, long floorAfterP50Ns, long floorBeforeP999Ns, long floorAfterP999Ns, String level,
        double p50Ratio, double p999Ratio, double perSec, double floorPerSec, double perSecRatio)
        implements Serializable
    {
    }

    /**
     * @param floorP50Ns a slice of the two-thread floor: its p50.
     * @return its level's name, or {@link #SHARED}.
     */
    public static String levelOf(final long floorP50Ns)
    {
        if (floorP50Ns >= SHARED_FROM_NS)
        {
            return SHARED;
        }
        return floorP50Ns < MID_FROM_NS ? "near" : floorP50Ns < FAR_FROM_NS ? "mid" :
            floorP50Ns < DISTANT_FROM_NS ? "far" : "distant";
    }

    /**
     * @param log     the slices, read after the run.
     * @param sliceNs length of a slice.
     * @param latency true for a round-trip row; false for a throughput row, whose slices hold counts.
     * @return the pairs and levels.
     */
    public static Pairing of(final SliceLog log, final long sliceNs, final boolean latency)
    {
        final LevelBounds bounds = log.levels();
        final long originNs = log.implStartNs(0);
        final List<Pair> pairs = new ArrayList<>();
        final Map<String, Histogram> implPool = new LinkedHashMap<>();
        final Map<String, Histogram> floorPool = new LinkedHashMap<>();
        final Map<String, List<Pair>> byLevel = new LinkedHashMap<>();
        int straddled = 0;
        int shared = 0;
        for (int i = 1; i < log.implSlices() && i < log.floorSlices(); i++)
        {
            final AbstractHistogram before = log.floor(i - 1);
            final AbstractHistogram impl = log.impl(i);
            final AbstractHistogram after = log.floor(i);
            final long count = latency ? impl.getTotalCount() : log.implCount(i);
            if (log.floorEndNs(i) == 0 || before.getTotalCount() == 0 || count == 0 || after.getTotalCount() == 0)
            {
                continue;
            }
            final long beforeP50 = before.getValueAtPercentile(50.0);
            final long afterP50 = after.getValueAtPercentile(50.0);
            final long implP50 = latency ? impl.getValueAtPercentile(50.0) : 0;
            final long implP999 = latency ? impl.getValueAtPercentile(99.9) : 0;
            final long beforeP999 = before.getValueAtPercentile(99.9);
            final long afterP999 = after.getValueAtPercentile(99.9);
            final long sliceLengthNs = log.implEndNs(i) - log.implStartNs(i);
            final String levelBefore = bounds.levelOf(beforeP50);
            final String levelAfter = bounds.levelOf(afterP50);
            final boolean onOneCpu = levelBefore.equals(SHARED) || levelAfter.equals(SHARED);
            final boolean kept = !onOneCpu && levelBefore.equals(levelAfter);
            final String level = onOneCpu ? SHARED : kept ? levelAfter : null;
            final double perSec = latency || sliceLengthNs <= 0 ? 0 : Math.rint(count * 1e9 / sliceLengthNs);
            // a floor that streams is compared rate for rate; only when both its slices around the pair streamed
            final double floorPerSec = latency || log.floorPerSec(i - 1) <= 0 || log.floorPerSec(i) <= 0 ? 0 :
                Math.rint((log.floorPerSec(i - 1) + log.floorPerSec(i)) / 2.0);
            final Pair pair = new Pair(i, (log.implStartNs(i) - originNs) / 1_000_000, implP50, implP999, count,
                beforeP50, afterP50, beforeP999, afterP999, level, round(implP50 / ((beforeP50 + afterP50) / 2.0)),
                round(implP999 / ((beforeP999 + afterP999) / 2.0)), perSec, floorPerSec,
                floorPerSec > 0 ? round(perSec / floorPerSec) : 0);
            pairs.add(pair);
            if (onOneCpu)
            {
                shared++;
                continue;
            }
            if (!kept)
            {
                straddled++;
                continue;
            }
            byLevel.computeIfAbsent(level, (k) -> new ArrayList<>()).add(pair);
            implPool.computeIfAbsent(level, Pairing::histogram).add(impl);
            floorPool.computeIfAbsent(level, Pairing::histogram).add(after);
        }
        final List<Level> levels = new ArrayList<>();
        for (final String name : bounds.names())
        {
            final List<Pair> kept = byLevel.get(name);
            if (kept == null)
            {
                continue;
            }
            final long floorP999 = floorPool.get(name).getValueAtPercentile(99.9);
            final long floorP50 = Math.round(median(kept, (p) -> (p.floorBeforeP50Ns() + p.floorAfterP50Ns()) / 2.0));
            if (latency)
            {
                final long implP999 = implPool.get(name).getValueAtPercentile(99.9);
                levels.add(new Level(name, kept.size(), floorP50, Math.round(median(kept, Pair::implP50Ns)),
                    round(median(kept, Pair::p50Ratio)), floorP999, implP999, round((double)implP999 / floorP999),
                    round(median(kept, Pair::p999Ratio)), null));
            }
            else
            {
                // the rates of a floor that streams, over the pairs whose two floor slices both have one
                final List<Pair> rated = kept.stream().filter((p) -> p.floorPerSec() > 0).toList();
                levels.add(new Level(name, kept.size(), floorP50, null, null, floorP999, null, null, null,
                    Math.rint(median(kept, Pair::perSec)),
                    rated.isEmpty() ? null : Math.rint(median(rated, Pair::floorPerSec)),
                    rated.isEmpty() ? null : round(median(rated, Pair::perSecRatio))));
            }
        }
        return new Pairing(sliceNs, List.copyOf(levels), List.copyOf(pairs), straddled, shared,
            log.abandonedSlices(), bounds);
    }

    /**
     * @param name a level's name.
     * @return that level, or null when no pair was kept in it.
     */
    public Level level(final String name)
    {
        for (final Level l : levels)
        {
            if (l.name().equals(name))
            {
                return l;
            }
        }
        return null;
    }

    /**
     * @return the JSON object of this pairing.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("sliceNs", sliceNs);
        m.put("levelBoundsNs", bounds.fromNs());
        if (!bounds.equals(LevelBounds.LOCAL))
        {
            // a row paired with another floor names it and its levels; the local rows' JSON stays as it was
            m.put("levelFloor", bounds.floor());
            m.put("levelNames", bounds.names());
            m.put("sharedFromNs", bounds.sharedFromNs());
        }
        final List<Object> ls = new ArrayList<>();
        for (final Level l : levels)
        {
            final Map<String, Object> o = new LinkedHashMap<>();
            o.put("level", l.name());
            o.put("pairs", l.pairs());
            o.put("floorP50Ns", l.floorP50Ns());
            o.put("implP50Ns", l.implP50Ns());
            o.put("p50RatioMedian", l.p50Ratio());
            o.put("floorP999Ns", l.floorP999Ns());
            o.put("implP999Ns", l.implP999Ns());
            o.put("p999RatioPooled", l.p999Ratio());
            o.put("p999RatioMedian", l.p999RatioMedian());
            o.put("perSecMedian", l.perSec());
            if (l.floorPerSec() != null)
            {
                o.put("floorPerSecMedian", l.floorPerSec());
                o.put("perSecRatioMedian", l.perSecRatio());
            }
            ls.add(o);
        }
        m.put("levels", ls);
        m.put("straddled", straddled);
        m.put("shared", shared);
        m.put("abandonedFloorSlices", abandoned);
        final List<Object> ps = new ArrayList<>();
        for (final Pair p : pairs)
        {
            final Map<String, Object> o = new LinkedHashMap<>();
            o.put("startMs", p.startMs());
            o.put("implP50Ns", p.implP50Ns());
            o.put("implP999Ns", p.implP999Ns());
            o.put("implCount", p.implCount());
            o.put("floorBeforeP50Ns", p.floorBeforeP50Ns());
            o.put("floorAfterP50Ns", p.floorAfterP50Ns());
            o.put("floorBeforeP999Ns", p.floorBeforeP999Ns());
            o.put("floorAfterP999Ns", p.floorAfterP999Ns());
            o.put("level", p.level());
            o.put("p50Ratio", p.p50Ratio());
            o.put("p999Ratio", p.p999Ratio());
            o.put("perSec", p.perSec());
            if (p.floorPerSec() > 0)
            {
                o.put("floorPerSec", p.floorPerSec());
                o.put("perSecRatio", p.perSecRatio());
            }
            ps.add(o);
        }
        m.put("pairs", ps);
        return m;
    }

    private static Histogram histogram(final String level)
    {
        return new Histogram(Probe.HIGHEST_TRACKABLE_NS, Probe.SIGNIFICANT_DIGITS);
    }

    private static double median(final List<Pair> pairs, final java.util.function.ToDoubleFunction<Pair> value)
    {
        final double[] v = new double[pairs.size()];
        for (int i = 0; i < v.length; i++)
        {
            v[i] = value.applyAsDouble(pairs.get(i));
        }
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
    }

    private static double round(final double ratio)
    {
        return Math.rint(ratio * 1000.0) / 1000.0;
    }
}
