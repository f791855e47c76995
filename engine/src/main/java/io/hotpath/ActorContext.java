package io.hotpath;

/**
 * What an actor knows of itself and its engine. NOT thread safe: use it from the actor's own handler only.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ActorContext<M>
{
    /**
     * @return the actor's own address.
     */
    ActorRef<M> self();

    /**
     * @return the engine the actor runs in.
     */
    Engine engine();

    /**
     * @return the index of the worker the actor is bound to.
     */
    int workerIndex();

    /**
     * Stop this actor at once: what is queued for it goes to dead letters, and so does every later send.
     */
    void stop();
}
