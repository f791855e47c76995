package io.hotpath.cluster;

/**
 * An ask was applied by the cluster (exactly once), but its answer was lost with the leader that sent it: the client
 * sent the ask again to the new leader, which recognised it as applied already. The state change it made stands; read
 * the state again with a fresh ask if the answer is needed.
 */
public final class AnswerLostException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception an ask fails with when the cluster recognised it as applied already.
     *
     * @param message names the actor and the ask's sequence number.
     */
    public AnswerLostException(final String message)
    {
        super(message, null, false, false);
    }
}
