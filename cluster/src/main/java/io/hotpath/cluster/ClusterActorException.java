package io.hotpath.cluster;

/**
 * What a clustered actor threw (or failed its reply with) when asked by a client: the client's reply fails with this,
 * and {@code Reply.get} wraps it in a {@link io.hotpath.ReplyException}. The exception itself does not travel, only
 * its class name and message.
 */
public final class ClusterActorException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** See {@link #actorClassName()}. */
    private final String actorClassName;
    /** See {@link #actorMessage()}. */
    private final String actorMessage;

    /**
     * Make the exception a client's ask fails with when the clustered actor threw; without a stack trace, as the
     * member's stack does not travel.
     *
     * @param actor          the clustered actor's name.
     * @param actorClassName the class of the exception it threw.
     * @param actorMessage   that exception's message, or null.
     */
    public ClusterActorException(final String actor, final String actorClassName, final String actorMessage)
    {
        super("clustered actor '" + actor + "' threw " + actorClassName +
            (actorMessage == null ? "" : ": " + actorMessage), null, false, false);
        this.actorClassName = actorClassName;
        this.actorMessage = actorMessage;
    }

    /**
     * {@return the name of the class of the exception the clustered actor threw}
     */
    public String actorClassName()
    {
        return actorClassName;
    }

    /**
     * {@return the message of the exception the clustered actor threw, or null when it had none}
     */
    public String actorMessage()
    {
        return actorMessage;
    }
}
