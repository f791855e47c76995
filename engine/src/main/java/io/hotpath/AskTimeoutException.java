package io.hotpath;

/**
 * An ask got no reply in time. A reply that comes later is dropped and counted as a dead letter with reason
 * {@link DeadLetterReason#LATE_REPLY}.
 */
public final class AskTimeoutException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a reply fails with when its ask's timeout fires first.
     *
     * @param message names the actor asked and the time waited.
     */
    public AskTimeoutException(final String message)
    {
        super(message);
    }
}
