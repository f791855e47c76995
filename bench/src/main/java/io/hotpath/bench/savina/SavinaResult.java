package io.hotpath.bench.savina;

import java.util.Arrays;

/**
 * The measured runs of one benchmark on one implementation, or why they failed. Immutable.
 *
 * @param benchmark      the benchmark's name.
 * @param parameters     its sizes.
 * @param implementation the runtime.
 * @param runsMs         each measured run's time in milliseconds, in order.
 * @param failure        null when every run's check passed, otherwise what went wrong.
 */
public record SavinaResult(
    String benchmark, String parameters, Implementation implementation, double[] runsMs, String failure)
{
    /**
     * @return true when every run completed and its check passed.
     */
    public boolean ok()
    {
        return failure == null;
    }

    /**
     * @return the median run time, NaN when there is none.
     */
    public double medianMs()
    {
        if (runsMs.length == 0)
        {
            return Double.NaN;
        }
        final double[] sorted = runsMs.clone();
        Arrays.sort(sorted);
        final int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * @return the fastest run, NaN when there is none.
     */
    public double minMs()
    {
        return Arrays.stream(runsMs).min().orElse(Double.NaN);
    }

    /**
     * @return the slowest run, NaN when there is none.
     */
    public double maxMs()
    {
        return Arrays.stream(runsMs).max().orElse(Double.NaN);
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof SavinaResult r && benchmark.equals(r.benchmark) && parameters.equals(r.parameters) &&
            implementation == r.implementation && Arrays.equals(runsMs, r.runsMs) &&
            java.util.Objects.equals(failure, r.failure);
    }

    @Override
    public int hashCode()
    {
        return java.util.Objects.hash(benchmark, parameters, implementation, Arrays.hashCode(runsMs), failure);
    }

    @Override
    public String toString()
    {
        return benchmark + "(" + parameters + ") on " + implementation.label() + ": " + Arrays.toString(runsMs) +
            (failure == null ? "" : " FAILED " + failure);
    }
}
