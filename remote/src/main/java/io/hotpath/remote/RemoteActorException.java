package io.hotpath.remote;

/**
 * What a remote actor threw (or failed its reply with) when asked: the asker's reply fails with this, and
 * {@code Reply.get} wraps it in a {@link io.hotpath.ReplyException} as it does a local actor's exception. The remote
 * exception itself does not travel, only its class name and message.
 */
public final class RemoteActorException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final String remoteClassName;
    private final String remoteMessage;

    /**
     * @param actor           the remote actor, e.g. {@code book@udp://10.0.0.5:40100}.
     * @param remoteClassName the class of the exception it threw.
     * @param remoteMessage   that exception's message, or null.
     */
    public RemoteActorException(final String actor, final String remoteClassName, final String remoteMessage)
    {
        super("remote actor '" + actor + "' threw " + remoteClassName +
            (remoteMessage == null ? "" : ": " + remoteMessage), null, false, false);
        this.remoteClassName = remoteClassName;
        this.remoteMessage = remoteMessage;
    }

    /**
     * @return the name of the class of the exception the remote actor threw.
     */
    public String remoteClassName()
    {
        return remoteClassName;
    }

    /**
     * @return its message, or null.
     */
    public String remoteMessage()
    {
        return remoteMessage;
    }
}
