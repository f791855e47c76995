package io.hotpath.runtime;

import io.hotpath.mailbox.LocalRing;

/**
 * The actors of one worker that are idle with a backlog in their mailbox, in the order they became so, and their
 * turns: each gets one turn per duty cycle, bounded by its budget ({@code actor.batchBudget}, less for a slow actor;
 * {@link Pace} lets an actor that keeps up go on). An actor is in the queue at most once
 * ({@link ActorCell#scheduled}). NOT thread safe: the worker's own thread only.
 * <p>
 * The queue is the ring itself, not a holder of one, so a duty cycle reaches the queued actors with one load less
 * (docs/lab/2026-11-29-ready-queue-is-its-ring.md). The duty cycle gives each actor queued at its start one turn
 * ({@link Worker#doWork}), polling each, not counting on the number, as a method that suspended in a turn may come back
 * after the queue changed. That loop is the duty cycle's own, not a method here, and is not guarded by
 * {@link #isEmpty}: a method with the loop is compiled on its own first, too big to inline into the duty cycle, and a
 * guard never seen false while the duty cycle is compiled traps when it is, after which the turn is compiled on its
 * own; either way each turn costs a call more (lab entry 2026-11-28-ready-queue-inlining).
 */
final class ReadyQueue extends LocalRing<ActorCell<?>>
{
    private final Worker worker;
    /** The worker's, held here too: a turn from the queue reaches it with one load less. */
    private final TurnStack turns;
    /** How far a turn from the queue may go past its budget. */
    private final Pace pace;

    ReadyQueue(final Worker worker)
    {
        super(MAX_SIZE);
        this.worker = worker;
        this.turns = worker.turns;
        this.pace = new Pace(worker.batchBudget, worker.batchTimeNs);
    }

    /** Close: forget every actor queued; what their mailboxes hold is dead-lettered by the close itself. */
    void clear()
    {
        while (poll() != null)
        {
            // every live actor's mailbox is emptied by the close, scheduled or held back (awaiting, restarting)
        }
    }

    // ---------------------------------------------------------------- scheduling

    /** Schedule an idle actor that has a backlog. */
    void scheduleIfBacklogged(final ActorCell<?> cell)
    {
        if (cell.isIdle())
        {
            scheduleIdle(cell);
        }
    }

    /** Schedule an actor known to be idle when it has a backlog and is not queued already. */
    void scheduleIdle(final ActorCell<?> cell)
    {
        if (!cell.scheduled && !cell.mailbox.isEmpty())
        {
            schedule(cell);
        }
    }

    /** Put an idle actor with a backlog in the queue; it is not there already. */
    void schedule(final ActorCell<?> cell)
    {
        // marked once it is in the queue: deep in the stack the offer's call may overflow it, and an actor marked
        // scheduled but never queued would never run again
        offer(cell);
        cell.scheduled = true;
    }

    // ---------------------------------------------------------------- turns

    /**
     * Give a scheduled actor its turn, of at most its budget ({@link ActorCell#batchBudget}), or of one message while
     * the engine closes, so a finish is seen. The common turn, a plain actor with no more messages than its budget, is
     * one loop that counts its messages once, when it ends; a longer backlog or a sequential actor takes
     * {@link #runSlowPath}.
     */
    int runActor(final ActorCell<?> cell, final boolean closing)
    {
        cell.scheduled = false;
        if (!cell.isIdle())
        {
            return 0;
        }
        final LocalRing<Object> mailbox = cell.mailbox;
        final int budget = closing ? 1 : cell.batchBudget;
        if (cell.sequential || mailbox.size() > budget)
        {
            return runSlowPath(cell, budget, closing);
        }
        final int depth = turns.depth;
        turns.begin(cell, depth);
        int handled = 0;
        int counted = 0;
        Object message;
        try
        {
            // bounded by the budget too: a handler that sends to its own actor adds to the backlog as it goes
            while (handled < budget && (message = mailbox.poll()) != null)
            {
                handled++;
                if (cell.handle(message))
                {
                    counted++;
                }
                if (!cell.isRunningOnly())
                {
                    break;
                }
            }
        }
        finally
        {
            cell.countHandled(counted);
        }
        turns.endAt(cell, depth);
        cell.clearCongestionIfCaughtUp();
        return handled;
    }

    /**
     * {@link #runActor} for a sequential actor, or for a backlog longer than the budget: a turn that may go past the
     * budget while the actor keeps up ({@link Pace}).
     */
    private int runSlowPath(final ActorCell<?> cell, final int budget, final boolean closing)
    {
        turns.beginLoopTurn(cell, cell.sequential && worker.carrier != null);
        final LocalRing<Object> mailbox = cell.mailbox;
        // counted once per turn, not per message; a sequential actor's method may suspend with this very frame (on
        // the loop's stack), so its messages are counted one by one, before they run
        final boolean countEach = cell.sequential;
        // a turn past its budget while the actor keeps up, up to the backlog it had (not a self-sending actor's
        // endless one): timed only when that backlog is longer than the budget; not for a sequential actor, whose
        // turn may suspend, nor while closing (one message a cycle)
        final int most = mailbox.size();
        final boolean paced = most > budget && !countEach && !closing;
        int limit = budget;
        if (paced)
        {
            pace.begin(budget);
            limit = pace.limit();
        }
        int handled = 0;
        int counted = 0;
        Object message;
        try
        {
            while (true)
            {
                if (handled >= limit)
                {
                    if (!paced || handled >= budget && handled >= most || !pace.goOn(handled, cell))
                    {
                        break;
                    }
                    limit = pace.limit();
                }
                if ((message = mailbox.poll()) == null)
                {
                    break;
                }
                handled++;
                if (countEach)
                {
                    cell.invoke(message);
                }
                else if (cell.handle(message))
                {
                    counted++;
                }
                if (!cell.isRunningOnly())
                {
                    break;
                }
            }
        }
        finally
        {
            cell.countHandled(counted);
        }
        turns.endLoopTurn(cell);
        cell.clearCongestionIfCaughtUp();
        return handled;
    }
}
