package io.hotpath;

/**
 * Why a message could not be delivered.
 */
public enum DeadLetterReason
{
    /** The target actor had stopped, or stopped with the message still queued. */
    ACTOR_STOPPED,
    /** A queue was full and the full-queue policy is DROP. */
    QUEUE_FULL,
    /** Sent by one of the engine's own actors while the engine was closing. */
    ENGINE_CLOSED,
    /** Still queued when the engine's close timeout ran out. */
    CLOSE_TIMEOUT,
    /** The actor could not be created: its factory threw or returned null. */
    START_FAILED,
    /** A reply completed after its ask had timed out (or had been completed already). */
    LATE_REPLY,
    /** Sent through an output port that was not bound to any actor. */
    PORT_UNBOUND
}
