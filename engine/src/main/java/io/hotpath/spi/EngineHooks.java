package io.hotpath.spi;

/** Hooks of one engine for modules that extend it (remote actors); not for applications. Thread safe. */
public interface EngineHooks
{
    /**
     * @param engine a running engine.
     * @return its hooks.
     */
    static EngineHooks of(final io.hotpath.Engine engine)
    {
        return EngineHooksFactory.of(engine);
    }

    /**
     * @return index of the worker the calling thread runs, or -1 when it is not one of this engine's workers.
     */
    int currentWorker();

    /**
     * A reply for an ask the caller makes to an actor outside this engine: its answer is delivered as a local
     * one's (to the calling actor's worker, under its exclusion; or to a future for a thread outside the engine).
     * The extension completes it from any thread with Reply.complete / Reply.fail. timeoutNs &gt; 0: it fails with
     * AskTimeoutException after that long (0: no timeout). target: named in messages.
     *
     * @param target    the actor asked, outside this engine.
     * @param timeoutNs 0 for none.
     * @param <T>       the answer's type.
     * @return a pending reply.
     */
    <T> io.hotpath.Reply<T> newReply(io.hotpath.ActorRef<?> target, long timeoutNs);

    /**
     * The same for a caller-supplied reply whose previous answer has arrived (no allocation). Returns it.
     *
     * @param reply     a reply not in use.
     * @param target    the actor asked, outside this engine.
     * @param timeoutNs 0 for none.
     * @param <T>       the answer's type.
     * @return {@code reply}.
     */
    <T> io.hotpath.Reply<T> prepareReply(io.hotpath.Reply<T> reply, io.hotpath.ActorRef<?> target, long timeoutNs);

    /**
     * Count an undeliverable message and tell the dead-letter listeners; an ask among them fails at once.
     *
     * @param target  the actor it was for.
     * @param message the message, or the reply of an ask.
     * @param reason  why.
     */
    void deadLetter(io.hotpath.ActorRef<?> target, Object message, io.hotpath.DeadLetterReason reason);
}
