package io.hotpath;

/**
 * Thrown by {@link Reply#get(java.time.Duration)} when the actor asked failed the reply: the actor's exception is
 * the cause.
 */
public final class ReplyException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Wrap the exception that failed a reply.
     *
     * @param message names the actor.
     * @param cause   what the actor threw or failed the reply with.
     */
    public ReplyException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
