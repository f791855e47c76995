package io.hotpath.examples.jobs;

import java.time.Duration;
import java.util.Objects;

/**
 * What to run: a job is a number of slices, each short enough not to hold up the worker it runs on, and a retry
 * policy for when a slice throws. Immutable (the work itself must be safe to call from the job's worker).
 *
 * @param name   for people.
 * @param slices how many slices, at least 1.
 * @param work   one slice's work.
 * @param retry  how failures are retried.
 */
public record JobSpec(String name, int slices, SliceWork work, Retry retry)
{
    /** One slice of a job's work. */
    @FunctionalInterface
    public interface SliceWork
    {
        /**
         * @param slice   from 0; a retry starts again from 0.
         * @param attempt 1 for the first run.
         * @return this slice's part of the job's result.
         * @throws Exception to fail the attempt.
         */
        long run(int slice, int attempt) throws Exception;
    }

    /**
     * Retries with exponential backoff: min, doubled per retry up to max, stretched by up to randomFactor.
     *
     * @param maxRetries   retries after the first run; then the job fails.
     * @param minBackoff   the first pause.
     * @param maxBackoff   the longest pause.
     * @param randomFactor 0 to 1.
     */
    public record Retry(int maxRetries, Duration minBackoff, Duration maxBackoff, double randomFactor)
    {
    }

    /** Three retries, 100 ms doubling to 10 s, 20 % random stretch. */
    public static final Retry DEFAULT_RETRY = new Retry(3, Duration.ofMillis(100), Duration.ofSeconds(10), 0.2);

    /** Checks the spec once, where it is made. */
    public JobSpec
    {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(retry, "retry");
        if (slices < 1)
        {
            throw new IllegalArgumentException("a job has at least one slice: " + slices);
        }
    }

    /**
     * @param name   for people.
     * @param slices how many slices.
     * @param work   one slice's work.
     * @return a spec with {@link #DEFAULT_RETRY}.
     */
    public static JobSpec of(final String name, final int slices, final SliceWork work)
    {
        return new JobSpec(name, slices, work, DEFAULT_RETRY);
    }

    /**
     * @param value the retry policy.
     * @return a copy with it.
     */
    public JobSpec withRetry(final Retry value)
    {
        return new JobSpec(name, slices, work, value);
    }
}
