package io.hotpath.metrics;

/**
 * Percentiles of one latency histogram (HdrHistogram, 3 significant digits), in ns, since the engine started or the
 * histograms were last reset. Immutable.
 *
 * @param count   values recorded.
 * @param p50Ns   median.
 * @param p90Ns   90th percentile.
 * @param p99Ns   99th percentile.
 * @param p999Ns  99.9th percentile.
 * @param p9999Ns 99.99th percentile.
 * @param maxNs   largest value.
 * @param meanNs  mean.
 */
public record LatencyStats(
    long count, long p50Ns, long p90Ns, long p99Ns, long p999Ns, long p9999Ns, long maxNs, double meanNs)
{
}
