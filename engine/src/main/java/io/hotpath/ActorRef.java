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
     * Ask: send a message and get the answer as a {@link Reply}. The handler answers with
     * {@link ActorContext#reply(Object)}; if it throws, the exception travels to the asker and the actor goes on.
     * From an actor, the reply's callbacks run on the asking actor's worker; from outside the engine, use
     * {@link Reply#get(java.time.Duration)} or {@link Reply#toCompletableFuture()}.
     *
     * @param message not null.
     * @param <R>     the answer's type.
     * @return the reply, completed later.
     */
    <R> Reply<R> ask(M message);

    /**
     * Ask with a timeout, measured on the asking actor's worker (or, from outside, the asked actor's worker):
     * the reply then fails with an {@link AskTimeoutException} naming the actor and the time.
     *
     * @param message not null.
     * @param timeout positive.
     * @param <R>     the answer's type.
     * @return the reply.
     */
    <R> Reply<R> ask(M message, java.time.Duration timeout);

    /**
     * Ask, re-using a reply whose previous answer has arrived: no allocation by the engine. An asking actor may
     * re-use it from the reply's own callback.
     *
     * @param message not null.
     * @param reply   a reply not in use, whose previous ask (if any) did not time out.
     * @param <R>     the answer's type.
     * @return {@code reply}.
     * @throws IllegalStateException when the reply's previous answer has not arrived, or its previous ask timed out
     *                               (the actor asked may still hold it and complete it).
     */
    <R> Reply<R> ask(M message, Reply<R> reply);

    /**
     * {@return the actor's unique name}
     */
    String name();

    /**
     * {@return the actor's id, unique within its engine, small and dense}
     */
    int id();

    /**
     * {@return the index of the worker the actor is bound to}
     */
    int workerIndex();

    /**
     * {@return true once the actor has stopped; sends to it then go to dead letters}
     */
    boolean isStopped();
}
