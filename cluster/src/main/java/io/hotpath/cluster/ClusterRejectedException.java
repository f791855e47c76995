package io.hotpath.cluster;

/**
 * The service could not apply a client's message and says why: no actor of that name or id, no codec for the
 * message's type id, a message its codec could not read, an answer it could not encode. Also thrown on the client
 * before anything is sent, when the client itself has no codec for a message.
 */
public final class ClusterRejectedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a rejected message's ask fails with.
     *
     * @param message what was wrong and how to fix it.
     */
    public ClusterRejectedException(final String message)
    {
        super(message, null, false, false);
    }
}
