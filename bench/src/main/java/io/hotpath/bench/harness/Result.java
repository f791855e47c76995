package io.hotpath.bench.harness;

import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one scenario run by one implementation. A figure that does not apply or could not be measured is
 * null, never 0. Immutable once built.
 *
 * @param scenario         row name.
 * @param impl             implementation name.
 * @param count            measured samples (latency rows) or messages (throughput rows).
 * @param lost             messages sent and never received.
 * @param p50Ns            median latency.
 * @param p90Ns            90th percentile.
 * @param p99Ns            99th percentile.
 * @param p999Ns           99.9th percentile.
 * @param p9999Ns          99.99th percentile.
 * @param maxNs            largest latency.
 * @param meanNs           mean latency.
 * @param throughputPerSec round trips, passes or messages per second while measuring.
 * @param crossThreadShare share of round trips whose halves ran on different threads, 0 to 1.
 * @param histogram        the measured latencies, or null.
 * @param error            why the run failed, or null.
 */
public record Result(
    String scenario,
    String impl,
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
    String error)
{
    /**
     * @param scenario the row.
     * @param impl     the implementation.
     * @param probe    drained (or timed out) after the run.
     * @param error    why the run failed, or null.
     * @return the figures.
     */
    public static Result of(final Scenario scenario, final String impl, final Probe probe, final String error)
    {
        final long measured = probe.measured();
        final long lost = Math.max(0, probe.sent() - probe.received());
        final double seconds = probe.measuredNs() / 1e9;
        final Double throughput = seconds > 0 ? Math.rint(measured / seconds) : null;
        final Double cross = scenario.hasCrossThreadShare() && measured > 0 ?
            Math.rint(10_000.0 * probe.crossThread() / measured) / 10_000.0 : null;
        if (!scenario.hasLatency() || probe.histogram().getTotalCount() == 0)
        {
            return new Result(scenario.name(), impl, measured, lost, null, null, null, null, null, null, null,
                throughput, cross, null, error);
        }
        final Histogram h = probe.histogram().copy();
        return new Result(scenario.name(), impl, h.getTotalCount(), lost,
            h.getValueAtPercentile(50.0), h.getValueAtPercentile(90.0), h.getValueAtPercentile(99.0),
            h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue(),
            Math.rint(h.getMean() * 10.0) / 10.0, throughput, cross, h, error);
    }

    /**
     * @param scenario the row.
     * @param impl     the implementation.
     * @param error    why it failed.
     * @return a result with no figures.
     */
    public static Result failed(final String scenario, final String impl, final String error)
    {
        return new Result(scenario, impl, null, null, null, null, null, null, null, null, null, null, null, null,
            error);
    }

    /**
     * @return the JSON object of this result: exactly the keys of the summary's schema, in order.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", scenario);
        m.put("impl", impl);
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
        return m;
    }
}
