package io.hotpath;

/**
 * Observes messages that could not be delivered. Called on the thread that found the message undeliverable
 * (a worker, or a sender's own thread); it must be quick and must not block.
 */
@FunctionalInterface
public interface DeadLetterListener
{
    /**
     * Told of one message that could not be delivered.
     *
     * @param target  the actor the message was for.
     * @param message the message.
     * @param reason  why it was not delivered.
     */
    void onDeadLetter(ActorRef<?> target, Object message, DeadLetterReason reason);
}
