package io.hotpath.examples.jobs;

/**
 * A job that failed for good; the cause is its last attempt's exception. Immutable.
 */
public final class JobFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param id       the job.
     * @param attempts runs made.
     * @param cause    the last failure.
     */
    public JobFailedException(final JobId id, final int attempts, final Throwable cause)
    {
        super(id + " failed after " + attempts + " attempt(s): " + cause, cause);
    }
}
