package io.hotpath;

/**
 * An ask could not be delivered (its target had stopped, a queue was full under the drop policy, the engine
 * closed): the reply fails with this at once instead of waiting out its timeout. The question is also counted as a
 * dead letter.
 */
public final class UndeliveredException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** Why the ask was not delivered; see {@link #reason()}. */
    private final DeadLetterReason reason;

    /**
     * Make the exception a reply fails with when its ask could not be delivered.
     *
     * @param message names the actor.
     * @param reason  why it was not delivered.
     */
    public UndeliveredException(final String message, final DeadLetterReason reason)
    {
        super(message);
        this.reason = reason;
    }

    /**
     * {@return why the ask was not delivered}
     */
    public DeadLetterReason reason()
    {
        return reason;
    }
}
