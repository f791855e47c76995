package io.hotpath.bench.savina;

import java.util.Arrays;

/**
 * The measured runs of one benchmark on one implementation, or why they failed. A result that is not failed had a
 * right result and no dead letter at the end of every run, warm-ups included. Immutable.
 *
 * @param benchmark      the benchmark's name.
 * @param family         its Savina family.
 * @param parameters     its sizes.
 * @param implementation the runtime.
 * @param runsMs         each measured run's time in milliseconds, in order.
 * @param deadLetters    the runtime's dead letters at the end of each run that completed, warm-ups included, summed.
 * @param failure        null when every run's check passed, otherwise what went wrong.
 */
public record SavinaResult(
    String benchmark, Family family, String parameters, Implementation implementation, double[] runsMs,
    long deadLetters, String failure)
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
        return o instanceof SavinaResult r && benchmark.equals(r.benchmark) && family == r.family &&
            parameters.equals(r.parameters) &&
            implementation == r.implementation && Arrays.equals(runsMs, r.runsMs) && deadLetters == r.deadLetters &&
            java.util.Objects.equals(failure, r.failure);
    }

    @Override
    public int hashCode()
    {
        return java.util.Objects.hash(benchmark, family, parameters, implementation, Arrays.hashCode(runsMs),
            deadLetters, failure);
    }

    @Override
    public String toString()
    {
        return benchmark + "(" + parameters + ") on " + implementation.label() + ": " + Arrays.toString(runsMs) +
            (failure == null ? "" : " FAILED " + failure);
    }
}
