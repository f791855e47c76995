package io.hotpath.scheduling;

/**
 * A control message the engine sends through a worker's inbound queue; never seen by an actor's handler.
 */
enum Signal
{
    /** Create the actor now, if it has not been created yet. */
    START,
    /** Stop the actor now. */
    STOP
}
