package io.hotpath;

/**
 * A message actor: the handler of one message type, the fastest path of the engine.
 * <p>
 * Called only by the worker the actor is bound to, one message at a time, so an actor's state needs no
 * synchronisation. An exception thrown here never kills the worker: it is counted and handed to the actor's
 * {@link FaultPolicy}.
 *
 * @param <M> the type of message handled.
 */
@FunctionalInterface
public interface Actor<M>
{
    /**
     * Handle one message.
     *
     * @param message never null.
     * @throws Exception handed to the actor's fault policy.
     */
    void onMessage(M message) throws Exception;
}
