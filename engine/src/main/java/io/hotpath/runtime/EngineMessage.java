package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;

/**
 * A message of the engine's own (a signal, a question or an answer, an escalated failure): it travels the same
 * paths as actors' messages but never reaches a handler as such. Internal.
 * <p>
 * A control message acts as soon as it reaches the target's worker ({@link #onArrival}); any other one waits its
 * turn in the target's mailbox and acts under the target's exclusion ({@link #onTurn}). Both run on the target's
 * worker thread.
 */
abstract class EngineMessage
{

    /**
     * @return true to act on arrival, false to wait for the target's turn.
     */
    boolean isControl()
    {
        return false;
    }

    /**
     * A control message reached the target's worker.
     *
     * @param worker the worker, on its own thread.
     * @param target the target, or null for a message to the worker itself.
     */
    void onArrival(final Worker worker, final ActorCell<?> target)
    {
    }

    /**
     * The target's turn: runs as its handler would, under its exclusion.
     *
     * @param cell the target.
     */
    void onTurn(final ActorCell<?> cell)
    {
    }

    /**
     * The message could not be delivered and is being counted as a dead letter.
     *
     * @param cell   the target.
     * @param reason why.
     */
    void onUndelivered(final ActorCell<?> cell, final DeadLetterReason reason)
    {
    }

    /**
     * @return what dead-letter listeners see of this message: itself, unless it stands for a public object.
     */
    Object toDeadLetter()
    {
        return this;
    }
}
