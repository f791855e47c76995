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
     * {@return the object, never null}
     *
     * @param context the actor's context, e.g. to keep its own address or schedule messages to itself.
     */
    T create(ActorContext<Object> context);
}
