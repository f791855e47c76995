package io.hotpath.spi;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.Reply;

/**
 * Hooks of one engine for modules that extend it (remote actors): what such a module needs beyond the public API to
 * make an actor outside the engine behave like a local one. Not for applications: on the module path this package
 * is exported to {@code io.hotpath.remote} only. Thread safe.
 */
public interface EngineHooks
{
    /**
     * {@return the hooks of that engine}
     *
     * @param engine a running engine.
     */
    static EngineHooks of(final Engine engine)
    {
        return ProvidedHooks.PROVIDER.hooksOf(java.util.Objects.requireNonNull(engine, "engine"));
    }

    /**
     * {@return the index of the worker the calling thread runs, or -1 when it is not one of this engine's workers}
     */
    int currentWorker();

    /**
     * A reply for an ask the caller makes to an actor outside this engine: its answer is delivered as a local one's
     * (to the calling actor's worker, under its exclusion; or to a future for a thread outside the engine). The
     * extension completes it from any thread with {@link Reply#complete} or {@link Reply#fail}.
     *
     * @param target    who is asked, named in messages and dead letters.
     * @param timeoutNs after this long the reply fails with {@link io.hotpath.AskTimeoutException}; 0 for none.
     * @param <T>       the answer's type.
     * @return a pending reply.
     */
    <T> Reply<T> newReply(ActorRef<?> target, long timeoutNs);

    /**
     * {@link #newReply} for a caller's reply whose previous answer has arrived: nothing is allocated.
     *
     * @param reply     the caller's reply.
     * @param target    who is asked.
     * @param timeoutNs 0 for none.
     * @param <T>       the answer's type.
     * @return {@code reply}.
     */
    <T> Reply<T> prepareReply(Reply<T> reply, ActorRef<?> target, long timeoutNs);

    /**
     * Count a message that could not be delivered and tell the dead-letter listeners. An ask among them fails at
     * once: pass its {@link Reply} as the message, and it completes with an {@link io.hotpath.UndeliveredException}
     * naming the reason (unless it was completed already).
     *
     * @param target  who it was for.
     * @param message the message, or the reply of an ask.
     * @param reason  why.
     */
    void deadLetter(ActorRef<?> target, Object message, DeadLetterReason reason);

    /**
     * {@return true when the ref is an actor of this engine, running or stopped} For an extension that must refuse
     * another engine's actor (a node publishes only its own engine's actors: an actor of another engine would be
     * answered by that engine's workers). Any thread.
     *
     * @param ref any address.
     */
    boolean owns(ActorRef<?> ref);

    /**
     * Deliver a message that arrived from outside the engine (a frame from the network) to an actor of this engine,
     * as the worker delivers a frame from its inbound queue: it is never refused; a full mailbox takes it beyond its
     * capacity and marks the actor congested ({@link #isCongested}), and only past the mailbox's hard bound is it a
     * QUEUE_FULL dead letter. For an extension whose frames share one stream: a frame for a full mailbox then never
     * holds up the frames behind it for other actors, which {@link ActorRef#offer} (refused) and
     * {@link ActorRef#tell} (the sending side's policy) cannot give. On the actor's own worker only.
     *
     * @param target  an actor of this engine.
     * @param message not null.
     * @return true when the actor's handler ran at once, on the caller's stack (within the actor's budget of such
     * handoffs per duty cycle, as for frames of the inbound queue); false when the message waits in the mailbox, or
     * was a dead letter: it cost the caller next to nothing, so a caller that takes frames in batches may take more.
     * @throws IllegalArgumentException when the target is not an actor of this engine.
     * @throws IllegalStateException    when called from another thread than the target's worker.
     */
    boolean deliverArrived(ActorRef<?> target, Object message);

    /**
     * Ask an actor of this engine a question that arrived from outside the engine, delivered as
     * {@link #deliverArrived} delivers a message (never refused, in order with the messages delivered that way); the
     * answer completes {@code reply} as a local ask's would, its callbacks running under the calling actor's
     * exclusion. On the actor's own worker only.
     *
     * @param target   an actor of this engine.
     * @param question not null.
     * @param reply    the caller's reply, new or with its previous answer arrived; no timeout is set.
     * @param <T>      the answer's type.
     * @return true when the actor's handler ran at once, as for {@link #deliverArrived}.
     * @throws IllegalArgumentException when the target is not an actor of this engine.
     * @throws IllegalStateException    when called from another thread than the target's worker.
     */
    <T> boolean askArrived(ActorRef<?> target, Object question, Reply<T> reply);

    /**
     * {@return true while the actor's mailbox is above its capacity: the mark local senders apply the full-queue
     * policy by, at the source} An extension reads it to push back on its own senders (a remote node) for that actor
     * only. Any thread; false for an address that is not an actor of this engine.
     *
     * @param target any address.
     */
    boolean isCongested(ActorRef<?> target);

    /**
     * Wake this engine's workers that sleep (parked by the {@code backoff} or {@code park} idle strategy), so they
     * take at once what the caller has just fed them outside the engine's queues: an extension whose thread writes
     * frames where a worker polls for them (a media driver's receiver, a network stream) calls it after it wrote.
     * A worker that only begins to park as the frames land may sleep out its current park (at most
     * {@code idle.maxParkNs}), as without the call. Any thread; a full fence and a volatile read per worker, and a
     * system call per worker asleep.
     */
    void wakeSleepingWorkers();
}
