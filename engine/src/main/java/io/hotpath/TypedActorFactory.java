package io.hotpath;

/**
 * Creates the object of a typed actor, on its worker.
 *
 * @param <T> the type of the object.
 */
@FunctionalInterface
public interface TypedActorFactory<T>
{
    /**
     * @param context the actor's context, e.g. to keep its own address or schedule messages to itself.
     * @return the object, never null.
     */
    T create(ActorContext<Object> context);
}
