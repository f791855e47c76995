package io.hotpath;

/**
 * Hooks an actor (or a typed actor's object) may implement; each runs on the actor's worker. Every method has a
 * default that does nothing.
 */
public interface ActorLifecycle
{
    /** After the actor is created, before its first message. */
    default void onStart()
    {
    }

    /** When the actor stops, after its children have stopped; its mailbox then goes to dead letters. */
    default void onStop()
    {
    }

    /**
     * On the failed instance, before it is replaced.
     *
     * @param cause what the handler threw.
     */
    default void preRestart(final Throwable cause)
    {
    }

    /**
     * On the fresh instance, before its first message.
     *
     * @param cause what the old instance threw.
     */
    default void postRestart(final Throwable cause)
    {
    }
}
