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
}
