package io.hotpath.affinity;

/**
 * Thrown when a mandatory pin fails; the message says what was asked for and what the kernel said.
 * <p>
 * Immutable once thrown.
 */
public final class AffinityException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final transient PinResult result;

    /**
     * Make the exception a mandatory pin throws when it fails.
     *
     * @param message what was asked for and what the kernel said.
     * @param result  the failed attempt, as read back.
     */
    public AffinityException(final String message, final PinResult result)
    {
        super(message);
        this.result = result;
    }

    /**
     * {@return the failed attempt, or null once deserialised}
     */
    public PinResult result()
    {
        return result;
    }
}
