package io.hotpath.bench.measure;

import org.HdrHistogram.Histogram;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A row's figures per interval of its measurement, so that a level shift of the host shows: the p50 and p99.9 of
 * the latencies recorded in each interval (null in an interval without any, and for throughput-only rows), and the
 * messages or round trips per second received in it. Immutable.
 *
 * @param intervalNs length of an interval; the last one may be shorter.
 * @param p50Ns      p50 per interval.
 * @param p999Ns     p99.9 per interval.
 * @param perSec     received per second, per interval.
 */
public record Intervals(long intervalNs, List<Long> p50Ns, List<Long> p999Ns, List<Double> perSec)
    implements Serializable
{
    /**
     * @param series        the latencies per interval, or null for a row without them.
     * @param intervalNs    length of an interval.
     * @param receivedAt    the probe's received count at each interval boundary, from the measurement's start
     *                      to its end.
     * @param boundaryNs    when each count was read.
     * @return the figures; as many intervals as the counts make.
     */
    public static Intervals of(
        final IntervalSeries series, final long intervalNs, final long[] receivedAt, final long[] boundaryNs)
    {
        final List<Long> p50 = new ArrayList<>();
        final List<Long> p999 = new ArrayList<>();
        final List<Double> rate = new ArrayList<>();
        for (int i = 0; i + 1 < receivedAt.length; i++)
        {
            final long ns = boundaryNs[i + 1] - boundaryNs[i];
            rate.add(ns > 0 ? Math.rint((receivedAt[i + 1] - receivedAt[i]) * 1e9 / ns) : null);
            final Histogram h = series != null && i < series.capacity() ? series.interval(i) : null;
            p50.add(h == null || h.getTotalCount() == 0 ? null : h.getValueAtPercentile(50.0));
            p999.add(h == null || h.getTotalCount() == 0 ? null : h.getValueAtPercentile(99.9));
        }
        return new Intervals(intervalNs, p50, p999, rate);
    }

    /**
     * @return the JSON object.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("intervalNs", intervalNs);
        m.put("p50Ns", new ArrayList<Object>(p50Ns));
        m.put("p999Ns", new ArrayList<Object>(p999Ns));
        m.put("perSec", new ArrayList<Object>(perSec));
        return m;
    }
}
