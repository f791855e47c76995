package io.hotpath;

/**
 * A {@link Join} can no longer reach the number of successful replies it needs.
 */
public final class JoinFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a join fails with once too many of its replies have failed.
     *
     * @param message says how many succeeded, failed and were needed.
     * @param cause   the first failure.
     */
    public JoinFailedException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
