package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * The little an actor runtime must offer the Savina ports: spawn an actor, send to it, stop it, report a failure and
 * the dead letters, close. A port that needs a runtime's own idiom (an actor that awaits an answer) switches over the
 * two implementations. Implementations are thread safe.
 */
public sealed interface ActorRuntime extends AutoCloseable permits HotpathRuntime, PekkoClassicRuntime
{
    /**
     * @return the runtime's name in results, e.g. {@code hotpath}.
     */
    String name();

    /**
     * Spawn an actor where the runtime places it by default.
     *
     * @param factory creates the actor's handler, given the actor's own address; runs before its first message.
     * @return the actor's address.
     */
    Address spawn(Factory factory);

    /**
     * Spawn an actor that talks mostly with {@code other}: where a user of the runtime would place it. Hotpath puts
     * it on {@code other}'s worker ({@code ActorBuilder.nextTo}); Pekko's dispatcher places actors itself.
     *
     * @param other   an actor of this runtime.
     * @param factory as for {@link #spawn}.
     * @return the actor's address.
     */
    Address spawnNextTo(Address other, Factory factory);

    /**
     * @return completed exceptionally when a handler has thrown, so a run fails at once instead of timing out.
     */
    CompletableFuture<Void> failure();

    /**
     * The messages the runtime could not deliver since it started: sent to a stopped actor, dropped by a full queue,
     * or not handled. Called by the thread that started the run once its result has arrived; a runtime that counts
     * them on another thread first lets that thread catch up with what was reported before the call.
     *
     * @return the dead letters so far.
     */
    long deadLetters();

    /**
     * Stop every actor and release the runtime's threads; waits for them.
     */
    @Override
    void close();

    /**
     * Where to send an actor's messages. Thread safe.
     */
    interface Address
    {
        /**
         * @param message not null.
         */
        void tell(Object message);

        /**
         * Send if there is room now: a bounded runtime says false when the target's queue is full, so the sender can
         * yield and go on later instead of failing. An unbounded runtime always takes the message.
         *
         * @param message not null.
         * @return false when the message was not taken.
         */
        default boolean offer(final Object message)
        {
            tell(message);
            return true;
        }

        /**
         * Stop the actor once it has handled the messages sent to it before this call (by this sender); what is sent
         * to it afterwards is a dead letter.
         */
        void stop();
    }

    /**
     * Creates an actor's handler: the same {@link Actor} shape on every runtime, so each calls a handler once per
     * message.
     */
    @FunctionalInterface
    interface Factory
    {
        /**
         * @param self the new actor's address.
         * @return its handler.
         */
        Actor<Object> create(Address self);
    }
}
