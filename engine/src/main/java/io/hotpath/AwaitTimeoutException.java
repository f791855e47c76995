package io.hotpath;

/**
 * An await inside {@link Await#withTimeout} or {@link Await#withDeadline} passed the deadline: thrown at the await.
 */
public final class AwaitTimeoutException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception an await throws when its deadline passes first.
     *
     * @param message names the actor and what it waited for.
     */
    public AwaitTimeoutException(final String message)
    {
        super(message);
    }
}
