package io.hotpath.examples.jobs;

/**
 * Where a job is, as its context last heard. Immutable values.
 */
public sealed interface JobState
{
    /** Waiting for a free slot: the context runs a bounded number of jobs at once. */
    record Pending() implements JobState
    {
    }

    /**
     * Doing its slices.
     *
     * @param done    slices finished in this attempt.
     * @param total   slices in all.
     * @param attempt 1 for the first run.
     */
    record Running(int done, int total, int attempt) implements JobState
    {
    }

    /**
     * An attempt failed; the next one starts after a backoff pause.
     *
     * @param retry     the number of the coming retry, from 1.
     * @param lastError what the failed attempt threw.
     */
    record Retrying(int retry, String lastError) implements JobState
    {
    }

    /**
     * Finished.
     *
     * @param result   the sum of the slices' results.
     * @param attempts how many runs it took.
     */
    record Succeeded(long result, int attempts) implements JobState
    {
    }

    /**
     * Gave up: the last retry failed too, or the job's actor stopped.
     *
     * @param error    the last failure.
     * @param attempts how many runs were made.
     */
    record Failed(String error, int attempts) implements JobState
    {
    }

    /** Stopped on request. */
    record Cancelled() implements JobState
    {
    }

    /**
     * @return true when nothing will change it any more.
     */
    default boolean isFinal()
    {
        return this instanceof Succeeded || this instanceof Failed || this instanceof Cancelled;
    }
}
