package io.hotpath;

/**
 * A send found a bounded queue full and the full-queue policy is FAIL, or WAIT ran out of time.
 */
public final class QueueFullException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a send gets when it finds a queue full.
     *
     * @param message says which actor, which queue and its capacity.
     */
    public QueueFullException(final String message)
    {
        super(message);
    }
}
