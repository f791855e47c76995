package io.hotpath.runtime;

import io.hotpath.Actor;

/**
 * How a message reaches an actor on the actor's own worker: handed over at once (a direct handoff, run on the
 * current stack by the {@link TurnStack}), or appended to the actor's mailbox with the actor put in its worker's
 * {@link ReadyQueue}. Per-sender order holds on both paths: a direct run happens only when nothing older is waiting.
 * Stateless; the target's worker's thread only.
 */
final class Delivery
{
    /** {@link #deliver}: a user's tell on this worker; a full mailbox applies the full-queue policy. */
    static final int POLICY = 0;
    /** {@link #deliver}: a user's offer; a full mailbox refuses it. */
    static final int OFFER = 1;
    /** {@link #deliver}: a message that has arrived (a frame, a timer, the engine's own): never refused. */
    static final int ARRIVED = 2;

    private Delivery()
    {
    }

    /**
     * Run the handler at once when the target is idle with an empty mailbox and the stack is not too deep; otherwise
     * append to its mailbox and schedule it. A sequential actor that can run on the loop's stack is not handed a
     * message outside any turn (from the inbound queue, a timer): it runs from the ready queue in the same cycle
     * instead, where its method may suspend without taking a half-drained queue with it.
     *
     * @param mode {@link #POLICY}, {@link #OFFER} or {@link #ARRIVED}.
     * @return false only for {@link #OFFER} when the mailbox is full.
     */
    static boolean deliver(final Worker worker, final ActorCell<?> target, final Object message, final int mode)
    {
        return deliver(worker, target, target.actor, message, mode);
    }

    /**
     * {@link #deliver} with the target's instance as the caller read it (null when not created or gone): a user's send
     * on the target's worker reads it off the address ({@link CellAddress#instance}).
     */
    static boolean deliver(final Worker worker, final ActorCell<?> target, final Actor<?> instance,
        final Object message, final int mode)
    {
        final TurnStack turns = worker.turns;
        if (target.isIdle() && turns.mayHandOff() && target.mailbox.isEmpty() &&
            (turns.depth != 0 || mayHandOffOutsideTurns(worker, target, mode)))
        {
            turns.handOff(target, instance, message);
            return true;
        }
        return queue(worker, target, message, mode);
    }

    /**
     * {@link #deliver} of a message that has arrived from outside the worker's own actors, budgeted as a frame taken
     * outside any turn though the caller runs in a turn of its own (an extension's repeating step taking frames from
     * the network): handed over at once within the actor's budget of handoffs for this duty cycle, else into its
     * mailbox (beyond its capacity if need be) for its turn in the ready queue. Without the budget a flood for one
     * slow idle actor would run its handler frame after frame on the caller's stack, and every frame behind the flood
     * would wait for all of it.
     *
     * @return true when the handler ran.
     */
    static boolean deliverArrived(final Worker worker, final ActorCell<?> target, final Object message)
    {
        final TurnStack turns = worker.turns;
        if (target.isIdle() && turns.mayHandOff() && target.mailbox.isEmpty() &&
            mayHandOffOutsideTurns(worker, target, ARRIVED))
        {
            turns.handOff(target, target.actor, message);
            return true;
        }
        queue(worker, target, message, ARRIVED);
        return false;
    }

    /** The message waits its turn: in the mailbox (the actor scheduled), or as a dead letter of a stopped actor. */
    private static boolean queue(final Worker worker, final ActorCell<?> target, final Object message, final int mode)
    {
        if (target.isStopped())
        {
            worker.deadLetter(target, message, target.stoppedReason());
            return true;
        }
        if (target.mailbox.offer(message))
        {
            target.countReschedule();
            if (target.isIdle() && !target.scheduled)
            {
                worker.ready.schedule(target);
            }
            return true;
        }
        return SendSlowPath.mailboxFull(worker, target, message, mode);
    }

    /**
     * Outside any turn, what has arrived (a frame from the inbound queue, a timer) is handed to an actor at most
     * its budget ({@code actor.batchBudget}, less for a slow actor: {@link Pace}) times per duty cycle; the rest wait
     * in its mailbox for its turn in the ready queue, so a slow actor flooded with frames delays the frames behind
     * them by one batch at most, not by its whole backlog. (A send of the embedded worker's own service thread is a
     * call it makes, and is not budgeted.) A sequential actor that can run on the loop's stack is not handed one at
     * all.
     */
    static boolean mayHandOffOutsideTurns(final Worker worker, final ActorCell<?> target, final int mode)
    {
        return (!target.sequential || worker.carrier == null) &&
            (mode != ARRIVED || target.countCycleHandoff(worker.cycle) <= target.batchBudget);
    }
}
