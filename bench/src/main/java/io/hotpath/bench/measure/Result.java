package io.hotpath.bench.measure;

import io.hotpath.bench.scenario.Scenario;
import org.HdrHistogram.Histogram;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one scenario run by one implementation. A figure that does not apply or could not be measured is
 * null, never 0. Immutable once built.
 *
 * @param scenario         row name.
 * @param impl             implementation name.
 * @param run              1-based repetition of the row (see --repeat).
 * @param count            measured samples (latency rows) or messages (throughput rows).
 * @param lost             messages sent and never received.
 * @param p50Ns            median latency.
 * @param p90Ns            90th percentile.
 * @param p99Ns            99th percentile.
 * @param p999Ns           99.9th percentile.
 * @param p9999Ns          99.99th percentile.
 * @param maxNs            largest latency.
 * @param meanNs           mean latency.
 * @param throughputPerSec round trips, passes or messages per second while measuring (in a paired row, while its
 *                         implementation's slices ran).
 * @param crossThreadShare share of round trips whose halves ran on different threads, 0 to 1.
 * @param histogram        the measured latencies, or null.
 * @param error            why the run failed, or null.
 * @param host             steal and other processes' CPU while measuring, or null where unknown.
 * @param intervals        figures per interval of the measurement, or null.
 * @param pairing          the paired comparison with the floor, for a paired row; else null.
 * @param fixedRate        achieved rate, refusals and inbound fill, for a fixed-rate row; else null.
 * @param refusedOffers    offers refused while measured, by a full queue or a congested receiver (blasting and
 *                         fixed-rate senders count them).
 * @param hostLevel        the floor's level just before and after a row that is not paired; else null.
 */
public record Result(
    String scenario,
    String impl,
    int run,
    Long count,
    Long lost,
    Long p50Ns,
    Long p90Ns,
    Long p99Ns,
    Long p999Ns,
    Long p9999Ns,
    Long maxNs,
    Double meanNs,
    Double throughputPerSec,
    Double crossThreadShare,
    Histogram histogram,
    String error,
    HostLoad.Share host,
    Intervals intervals,
    Pairing pairing,
    FixedRateFigures fixedRate,
    Long refusedOffers,
    HostLevel hostLevel) implements Serializable
{
    /**
     * What the driver saw of a row beside the probe's figures.
     *
     * @param run       1-based repetition.
     * @param host      the host's load while measuring, or null.
     * @param intervals figures per interval, or null.
     * @param pairing   for a paired row, else null.
     * @param fixedRate for a fixed-rate row, else null.
     * @param refused   offers refused while measured.
     * @param level     the host's level around the row, or null.
     */
    public record Facts(int run, HostLoad.Share host, Intervals intervals, Pairing pairing,
        FixedRateFigures fixedRate, Long refused, HostLevel level)
    {
    }

    /**
     * @param scenario the row.
     * @param impl     the implementation.
     * @param probe    drained (or timed out) after the run.
     * @param facts    what the driver saw.
     * @param error    why the run failed, or null.
     * @return the figures.
     */
    public static Result of(
        final Scenario scenario, final String impl, final Probe probe, final Facts facts, final String error)
    {
        final long measured = probe.measured();
        final long lost = Math.max(0, probe.sent() - probe.received());
        // a row alternating with the floor counts its rate over the implementation's own slices
        final SliceLog slices = facts.pairing() == null ? null : probe.recording().slices();
        final double seconds = (slices == null ? probe.measuredNs() : slices.implTimeNs(probe.measureEndNs())) / 1e9;
        final Double throughput = seconds > 0 ? Math.rint(measured / seconds) : null;
        final Double cross = scenario.hasCrossThreadShare() && measured > 0 ?
            Math.rint(10_000.0 * probe.crossThread() / measured) / 10_000.0 : null;
        if (!scenario.hasLatency() || probe.histogram().getTotalCount() == 0)
        {
            return new Result(scenario.name(), impl, facts.run(), measured, lost, null, null, null, null, null, null,
                null, throughput, cross, null, error, facts.host(), facts.intervals(), facts.pairing(),
                facts.fixedRate(), facts.refused(), facts.level());
        }
        final Histogram h = probe.histogram().copy();
        return new Result(scenario.name(), impl, facts.run(), h.getTotalCount(), lost,
            h.getValueAtPercentile(50.0), h.getValueAtPercentile(90.0), h.getValueAtPercentile(99.0),
            h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue(),
            Math.rint(h.getMean() * 10.0) / 10.0, throughput, cross, h, error, facts.host(), facts.intervals(),
            facts.pairing(), facts.fixedRate(), facts.refused(), facts.level());
    }

    /**
     * @param scenario the row.
     * @param impl     the implementation.
     * @param run      1-based repetition.
     * @param error    why it failed.
     * @return a result with no figures.
     */
    public static Result failed(final String scenario, final String impl, final int run, final String error)
    {
        return new Result(scenario, impl, run, null, null, null, null, null, null, null, null, null, null, null,
            null, error, null, null, null, null, null, null);
    }

    /**
     * @return the JSON object of this result: exactly the keys of the summary's schema, in order.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", scenario);
        m.put("impl", impl);
        m.put("run", run);
        m.put("count", count);
        m.put("lost", lost);
        m.put("p50Ns", p50Ns);
        m.put("p90Ns", p90Ns);
        m.put("p99Ns", p99Ns);
        m.put("p999Ns", p999Ns);
        m.put("p9999Ns", p9999Ns);
        m.put("maxNs", maxNs);
        m.put("meanNs", meanNs);
        m.put("throughputPerSec", throughputPerSec);
        m.put("crossThreadShare", crossThreadShare);
        m.put("stealPct", host == null ? null : host.stealPct());
        m.put("otherCpuPct", host == null ? null : host.otherPct());
        m.put("refusedOffers", refusedOffers);
        m.put("hostLevel", hostLevel == null ? null : hostLevel.toJson());
        m.put("intervals", intervals == null ? null : intervals.toJson());
        m.put("paired", pairing == null ? null : pairing.toJson());
        m.put("fixedRate", fixedRate == null ? null : fixedRate.toJson());
        m.put("error", error);
        return m;
    }
}
