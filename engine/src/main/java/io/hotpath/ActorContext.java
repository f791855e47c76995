package io.hotpath;

/**
 * What an actor knows of itself and its engine. NOT thread safe: use it from the actor's own handler only.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ActorContext<M>
{
    /**
     * {@return the actor's own address}
     */
    ActorRef<M> self();

    /**
     * {@return the engine the actor runs in}
     */
    Engine engine();

    /**
     * {@return the index of the worker the actor is bound to}
     */
    int workerIndex();

    /**
     * Stop this actor at once: what is queued for it goes to dead letters, and so does every later send.
     */
    void stop();

    /**
     * Start describing a child of this actor: it goes on this actor's worker unless told otherwise, and stopping
     * this actor stops its children first.
     *
     * @param factory the child's factory.
     * @param <C>     the child's message type.
     * @return a builder; finish with {@link ActorBuilder#spawn()}.
     */
    <C> ActorBuilder<C> actor(ActorFactory<C> factory);

    /**
     * Spawn a named child on this actor's worker.
     *
     * @param name    unique among live actors.
     * @param factory the child's factory.
     * @param <C>     the child's message type.
     * @return the child's address.
     */
    <C> ActorRef<C> spawn(String name, ActorFactory<C> factory);

    /**
     * Watch another actor: the reply completes once, when it has stopped (at once if it has already), with the actor
     * and why it is gone ({@link Terminated}). Callbacks run here, under this actor's exclusion.
     *
     * @param other any actor of this engine, or a remote actor.
     * @return the reply.
     */
    Reply<Terminated> watch(ActorRef<?> other);

    /**
     * A reply this actor completes from anywhere, e.g. an I/O completion handler on another thread: its answer is
     * delivered to this actor's worker, so callbacks and {@link Await#await} see it under this actor's exclusion.
     *
     * @param <R> the answer's type.
     * @return a pending reply.
     */
    <R> Reply<R> newReply();

    /**
     * {@return true while the message being handled was asked and its answer is still owed: {@link #reply} and
     * {@link #replyLater} may be called} A handler that serves both tells and asks of the same message answers only
     * when this is true.
     *
     * @throws IllegalStateException when called outside the actor's own handler.
     */
    boolean isAsked();

    /**
     * Answer the ask being handled now. An ask left without an answer when the handler returns fails with an
     * {@link IllegalStateException}, unless the handler kept it with {@link #replyLater()}.
     *
     * @param value the answer.
     * @throws IllegalStateException when the message being handled was not asked.
     */
    void reply(Object value);

    /**
     * Keep the ask being handled now, to complete it later (e.g. once other actors have answered).
     *
     * @param <R> the answer's type.
     * @return the reply to complete.
     * @throws IllegalStateException when the message being handled was not asked.
     */
    <R> Reply<R> replyLater();

    /**
     * Whether the message in hand ends a batch: no further message for this actor is waiting now (its mailbox is
     * empty, and the frame in hand is not followed, in the queue its worker is draining, by another for it). A handler
     * that buffers output (a socket write, a publication of prices) flushes when this is true: once per batch of a
     * stream instead of once per message, never leaving a message's output behind, as with the Disruptor's
     * {@code endOfBatch}. A message sent on the actor's own worker by another actor is a batch of one.
     *
     * @return true when nothing more for this actor is waiting right now.
     * @throws IllegalStateException when called outside the actor's own handler.
     */
    boolean endOfBatch();

    /**
     * Send this actor a message after a delay, on its worker's timer wheel. Cancelled when the actor stops.
     *
     * @param message not null.
     * @param delay   not negative.
     * @return the timer, to cancel it.
     */
    Cancellable schedule(M message, java.time.Duration delay);

    /**
     * Send this actor a message periodically. Cancelled when the actor stops.
     *
     * @param message      not null; the same object each time.
     * @param initialDelay before the first.
     * @param period       between deadlines; at least 1 microsecond.
     * @return the timer, to cancel it.
     */
    Cancellable scheduleAtFixedRate(M message, java.time.Duration initialDelay, java.time.Duration period);

    /**
     * Run a step once per duty cycle of this actor's worker, under this actor's exclusion, until cancelled or until
     * the actor restarts or stops; e.g. to poll a feed. Its exceptions go to this actor's fault policy. Called from
     * the actor's factory, the step is registered again by each fresh instance after a restart.
     *
     * @param step the work; returns how much it did, which counts for the worker's idle strategy.
     * @return the registration, to cancel it.
     */
    Cancellable repeat(RepeatingStep step);
}
