package io.hotpath.remote;

/**
 * What a remote actor threw (or failed its reply with) when asked: the asker's reply fails with this, and
 * {@code Reply.get} wraps it in a {@link io.hotpath.ReplyException} as it does a local actor's exception. The remote
 * exception itself does not travel, only its class name and message.
 */
public final class RemoteActorException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** The class of the exception the remote actor threw; see {@link #remoteClassName()}. */
    private final String remoteClassName;
    /** That exception's message, or null; see {@link #remoteMessage()}. */
    private final String remoteMessage;

    /**
     * Make the exception an ask's reply fails with when the remote actor threw; without a stack trace, as the remote
     * stack does not travel.
     *
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
     * {@return the name of the class of the exception the remote actor threw}
     */
    public String remoteClassName()
    {
        return remoteClassName;
    }

    /**
     * {@return the message of the exception the remote actor threw, or null when it had none}
     */
    public String remoteMessage()
    {
        return remoteMessage;
    }
}
