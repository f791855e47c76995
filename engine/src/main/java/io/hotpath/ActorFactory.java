package io.hotpath;

/**
 * Creates an actor's instance on the worker the actor is bound to, before its first message.
 *
 * @param <M> the type of message the actor handles.
 */
@FunctionalInterface
public interface ActorFactory<M>
{
    /**
     * Create the actor.
     *
     * @param context the actor's own context; it may be kept by the actor and used from its handler only.
     * @return the actor, never null.
     */
    Actor<M> create(ActorContext<M> context);
}
