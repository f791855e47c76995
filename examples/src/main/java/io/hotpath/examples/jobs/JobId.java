package io.hotpath.examples.jobs;

/**
 * A job's id, given by its {@link JobContext} when the job is created. Immutable.
 *
 * @param value unique within one context, from 1 up.
 */
public record JobId(long value) implements Comparable<JobId>
{
    @Override
    public int compareTo(final JobId other)
    {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString()
    {
        return "job-" + value;
    }
}
