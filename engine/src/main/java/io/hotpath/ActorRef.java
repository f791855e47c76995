package io.hotpath;

/**
 * The address of an actor. Thread safe: any thread may send through it.
 * <p>
 * A send from the actor's own worker to an idle actor runs the handler at once on the sender's stack (direct
 * handoff); otherwise the message is queued and the actor rescheduled. A send from any other thread goes through
 * the target worker's many-to-one inbound queue. Order is kept per sender and receiver on every path.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ActorRef<M>
{
    /**
     * Send a message. When a queue on the way is full the engine's {@link FullQueuePolicy} applies.
     *
     * @param message not null; it must not be changed by the sender until the receiver has handled it.
     * @throws NullPointerException    when the message is null.
     * @throws QueueFullException      when a queue is full and the policy is FAIL or WAIT ran out of time.
     * @throws EngineClosedException   when the engine is closed and the sender is not one of its workers.
     */
    void tell(M message);

    /**
     * Send a message if there is room now, ignoring the full-queue policy.
     *
     * @param message not null.
     * @return true if the message was accepted, false if a queue on the way was full (nothing is counted).
     * @throws NullPointerException  when the message is null.
     * @throws EngineClosedException when the engine is closed and the sender is not one of its workers.
     */
    boolean offer(M message);

    /**
     * @return the actor's unique name.
     */
    String name();

    /**
     * @return the actor's id, unique within its engine, small and dense.
     */
    int id();

    /**
     * @return the index of the worker the actor is bound to.
     */
    int workerIndex();

    /**
     * @return true once the actor has stopped; sends to it then go to dead letters.
     */
    boolean isStopped();
}
