package io.hotpath.runtime;

import io.hotpath.Actor;

import java.util.Arrays;

/**
 * The turns of actors on one worker's stack, innermost last, and the recovery of those an error cut short. Every run
 * of an actor's code on the worker's thread (a direct handoff, a run of frames, a turn from the ready queue, a
 * repeating step, an answer for an awaiting method, a resumed method) is bracketed by {@link #begin} and
 * {@link #end} (or {@link #endAt}), so {@link #current} is always the actor whose code runs. NOT thread safe: the
 * worker's own thread only, but for the {@link StallWatcher}'s opaque reads of {@link #depth} and
 * {@link #outermostTurns}.
 * <p>
 * It is the only writer of the handoff depth (how many direct handoffs nest on the stack) and of the handoff limit
 * ({@code handoff.maxDepth}, lowered after a stack overflow), so every rule about nesting is here.
 */
final class TurnStack
{
    /** The handoff limit lowered by a stack overflow comes back this long after the last such overflow. */
    static final long RESTORE_AFTER_NS = 10_000_000_000L;

    private final Worker worker;
    /** {@code handoff.maxDepth}: what the limit comes back to. */
    private final int configuredLimit;
    /** Lowerings of the limit so far: a restore set for one is void once another has come. */
    private int lowerings;
    /**
     * The turns, innermost at {@code depth - 1}. A level above the depth keeps the actor whose turn was there last
     * until another actor's turn takes it or the actor stops ({@link #forget}): with G1 a reference store costs a
     * barrier (its card mark), so a stream of turns of one actor at one level stores nothing
     * (docs/lab/2026-11-27-turn-stack-keeps-actor.md, docs/lab/2026-11-27-turn-level-mark.md).
     */
    ActorCell<?>[] turns = new ActorCell<?>[16];
    /** Turns on the stack; the {@link StallWatcher} reads it (opaque). */
    int depth;
    /**
     * Outermost turns begun so far: one plain add per outermost turn, the only cost of the stall watch on the
     * worker's thread; the {@link StallWatcher} reads it (opaque) with {@link #depth}.
     */
    long outermostTurns;
    /** The last error that escaped an inner turn, for the turns it left open. */
    private Throwable escaped;
    /** Most nested direct handoffs: {@code handoff.maxDepth}, halved for a while after a stack overflow. */
    private int handoffLimit;
    /** Nesting of direct handoffs on the stack. */
    private int handoffDepth;
    /** The handoff depth at which a handler last overflowed the stack, until the limit is lowered; 0: none. */
    private int overflowDepth;
    /** The sequential actor whose turn the loop began, while its methods may run on the loop's stack; or null. */
    private ActorCell<?> directCell;

    TurnStack(final Worker worker, final int handoffLimit)
    {
        this.worker = worker;
        this.handoffLimit = handoffLimit;
        this.configuredLimit = handoffLimit;
    }

    /** @return the actor whose turn is innermost, or null. */
    ActorCell<?> current()
    {
        final int d = depth;
        return d == 0 ? null : turns[d - 1];
    }

    /** @return true when one more direct handoff may nest on the stack. */
    boolean mayHandOff()
    {
        return handoffDepth < handoffLimit;
    }

    // ---------------------------------------------------------------- direct handoffs

    /**
     * Run {@code message} on {@code target}'s handler now, in a turn nested in whatever runs on the stack; the caller
     * has checked that the target is idle with an empty mailbox and that {@link #mayHandOff}. An error that escapes
     * the handler's own fault handling is recovered from by the outermost turn only: deep in the stack, even the
     * recovery could overflow it, so an inner one only notes the error (a field store, no call) for whoever closes its
     * turn.
     *
     * @param instance the target's instance as the caller read it ({@link ActorCell#actor} or the address's copy),
     *                 or null: it is created now, or the message is a dead letter.
     */
    void handOff(final ActorCell<?> target, final Actor<?> instance, final Object message)
    {
        final int d = depth;
        final int handoffs = handoffDepth;
        begin(target, d);
        handoffDepth = handoffs + 1;
        try
        {
            // the cell's steps called from here, not through a method of the cell: see ActorCell#dispatch
            final Actor<?> a = instance != null ? instance : target.startedOrDeadLetter(message);
            if (a != null)
            {
                target.countHandOff();
                target.dispatch(a, message);
            }
        }
        catch (final Throwable error)
        {
            if (d != 0)
            {
                escaped = error;
                throw error;
            }
            recover(error);
            return;
        }
        handoffDepth = handoffs;
        endAt(target, d);
    }

    /**
     * @return true when frames may be handed over outside any turn ({@link #beginRun}): none is on the stack, and
     * direct handoffs are allowed at all.
     */
    boolean mayBeginRun()
    {
        return depth == 0 && handoffLimit > 0;
    }

    /** A run of frames handed to one actor in one turn begins, outside any turn ({@link InboundDrain}). */
    void beginRun(final ActorCell<?> cell)
    {
        begin(cell, 0);
        handoffDepth = 1;
    }

    /** The run ends. */
    void endRun(final ActorCell<?> cell)
    {
        handoffDepth = 0;
        endAt(cell, 0);
    }

    /**
     * A handler threw a {@link StackOverflowError}: note the handoff depth it happened at, so the limit can be
     * lowered once its turn has ended, back where there is room ({@link #end}).
     */
    void noteOverflow()
    {
        overflowDepth = handoffDepth;
    }

    // ---------------------------------------------------------------- turns

    /** Put an actor's turn on the stack: it becomes {@link #current}. */
    void begin(final ActorCell<?> cell)
    {
        begin(cell, depth);
    }

    /** {@link #begin(ActorCell)} where the caller has read the depth already. */
    void begin(final ActorCell<?> cell, final int d)
    {
        if (cell.turnLevel != d)
        {
            place(cell, d);
        }
        if (d == 0)
        {
            outermostTurns++;
        }
        depth = d + 1;
        cell.beginTurn();
    }

    /**
     * Put an actor on a level that another actor held last (or none). A level keeps its actor after the turn ends,
     * and the actor keeps the mark of its level ({@link ActorCell#turnLevel}), so that a stream of turns of one actor
     * at one level stores nothing and begins with one compare. Invariant: a cell's mark is a level only when that
     * level holds the cell.
     */
    private void place(final ActorCell<?> cell, final int d)
    {
        ActorCell<?>[] stack = turns;
        if (d == stack.length)
        {
            stack = Arrays.copyOf(stack, d * 2);
            turns = stack;
        }
        final ActorCell<?> previous = stack[d];
        if (previous != cell)
        {
            if (previous != null && previous.turnLevel == d)
            {
                previous.turnLevel = ActorCell.NO_TURN_LEVEL;
            }
            stack[d] = cell;
        }
        cell.turnLevel = d;
    }

    /**
     * {@link #end} for a turn its caller began at {@code d}: when the stack is as deep as the turn left it, the turn
     * is innermost (nothing above it was cut short) and closes without a look into the stack.
     */
    void endAt(final ActorCell<?> cell, final int d)
    {
        if (depth != d + 1 || overflowDepth != 0)
        {
            end(cell);
            return;
        }
        // the actor's state first, while the turn is still on the stack: if this call overflows it, the turn is
        // closed by whoever recovers
        final boolean idle = cell.endTurn();
        depth = d;
        afterTurn(cell, d, idle);
        if (d == 0 && Thread.interrupted())
        {
            worker.counters.countInterruptCleared(worker, cell);
        }
    }

    /**
     * Take the innermost turn off the stack, schedule a backlog it left behind, and, once no turn is left, take back
     * the thread's interrupt status from a handler that left it set.
     */
    void end(final ActorCell<?> cell)
    {
        if (turns[depth - 1] != cell)
        {
            closeAbandoned(cell);
        }
        final boolean idle = cell.endTurn();
        final int d = --depth;
        afterTurn(cell, d, idle);
        if (overflowDepth != 0)
        {
            // the turn that caught the overflow has ended, back where there is room: lower the limit at once
            lowerHandoffLimit(overflowDepth);
        }
        if (depth == 0 && Thread.interrupted())
        {
            worker.counters.countInterruptCleared(worker, cell);
        }
    }

    /**
     * The turn of {@code cell} at {@code d} is off the stack (its actor's state already says so): a backlog it left
     * behind is scheduled (a call deep in the stack that overflows it before that leaves the actor idle with a
     * backlog, which {@link #scheduleStranded} finds). The level keeps its actor unless the actor has stopped.
     */
    private void afterTurn(final ActorCell<?> cell, final int d, final boolean idle)
    {
        if (idle)
        {
            worker.ready.scheduleIdle(cell);
        }
        else if (cell.isStopped())
        {
            turns[d] = null;
            cell.turnLevel = ActorCell.NO_TURN_LEVEL;
        }
    }

    /** A stopped actor is not kept by a level above the depth, where its last turn was. */
    void forget(final ActorCell<?> cell)
    {
        final ActorCell<?>[] stack = turns;
        for (int level = depth; level < stack.length; level++)
        {
            if (stack[level] == cell)
            {
                stack[level] = null;
            }
        }
        cell.turnLevel = ActorCell.NO_TURN_LEVEL;
    }

    /**
     * Give an actor a turn now, outside its mailbox order: for what a non-reentrant actor's suspended method waits
     * for (its answer, its timeout), which must not queue behind the messages held until that method ends.
     */
    void runOutOfOrder(final ActorCell<?> cell, final EngineMessage message)
    {
        begin(cell);
        message.onTurn(cell);
        end(cell);
    }

    // ---------------------------------------------------------------- turns of the loop (continuations)

    /** The loop begins a turn from the ready queue; a sequential actor's methods may run on the loop's stack in it. */
    void beginLoopTurn(final ActorCell<?> cell, final boolean direct)
    {
        begin(cell);
        directCell = direct ? cell : null;
    }

    /**
     * @return true when a method of {@code cell} may run on the loop's own stack: its turn, begun by the loop, is the
     * only one on the stack, and the loop runs on a continuation.
     */
    boolean runsDirect(final ActorCell<?> cell)
    {
        return directCell == cell && depth == 1;
    }

    /**
     * End a turn the loop began: when its messages are handled, or when a method running on the loop's stack
     * suspends with it (as if the method had returned).
     */
    void endLoopTurn(final ActorCell<?> cell)
    {
        directCell = null;
        end(cell);
    }

    /** A suspended method is back on the loop's stack, between two cycles of the loop: its actor's turn again. */
    void resumeLoopTurn(final ActorCell<?> cell)
    {
        cell.dropResume();
        begin(cell);
        directCell = cell;
    }

    // ---------------------------------------------------------------- recovery

    /**
     * An error escaped the turns on the stack (a stack overflow, say, that even the handler's fault handling could
     * not survive), caught where no turn was left below it. Every turn it cut short is closed, innermost first, and
     * is a fault of its actor, whose policy applies; the worker goes on. After a stack overflow the direct handoffs
     * nest at most half as deep as they did when it happened, for a while ({@link #lowerHandoffLimit}).
     */
    void recover(final Throwable error)
    {
        if (error instanceof StackOverflowError)
        {
            lowerHandoffLimit(Math.max(handoffDepth, overflowDepth));
        }
        handoffDepth = 0;
        directCell = null;
        escaped = null;
        worker.drain.forgetRun();
        while (depth > 0)
        {
            final ActorCell<?> cell = turns[depth - 1];
            end(cell);
            Supervisor.onFault(cell, null, error);
        }
    }

    /**
     * Turns above {@code cell} that an error cut short, where someone below them (a handler, the engine's own fault
     * handling) caught it and went on: each is closed as a fault of its actor.
     */
    private void closeAbandoned(final ActorCell<?> cell)
    {
        final Throwable error = escaped != null ? escaped :
            new IllegalStateException("a turn of this actor was cut short by an error caught below it");
        while (depth > 0 && turns[depth - 1] != cell)
        {
            final ActorCell<?> abandoned = turns[depth - 1];
            end(abandoned);
            Supervisor.onFault(abandoned, null, error);
        }
    }

    /**
     * A handler overflowed the stack at this handoff depth: nest at most half as deep, until {@link #RESTORE_AFTER_NS}
     * pass without another such overflow. Only nesting lowers the limit: an overflow at the first level (a handler's
     * own runaway recursion, with no handoff under it) leaves it; one deeper may be either, so the limit comes back.
     */
    private void lowerHandoffLimit(final int atDepth)
    {
        overflowDepth = 0;
        if (atDepth > 1 && atDepth / 2 < handoffLimit)
        {
            handoffLimit = atDepth / 2;
            worker.counters.noteStackOverflow(worker, handoffLimit);
            final int lowering = ++lowerings;
            worker.timers.schedule(worker.runtime.clock.nanoTime() + RESTORE_AFTER_NS, nowNs -> restore(lowering));
        }
        scheduleStranded();
    }

    /** The quiet period after a lowering has passed: unless another overflow lowered it since, the limit is back. */
    private void restore(final int lowering)
    {
        if (lowering == lowerings)
        {
            handoffLimit = configuredLimit;
        }
    }

    /**
     * After a stack overflow: an actor it struck between taking a message into its mailbox and being scheduled (at
     * the call that schedules it) would wait for its next message; every actor of this worker that is idle with a
     * backlog is scheduled now. Rare (after an overflow only), so a walk over the live actors is affordable.
     */
    private void scheduleStranded()
    {
        for (final ActorCell<?> cell : worker.runtime.liveCells())
        {
            if (cell.worker == worker)
            {
                worker.ready.scheduleIfBacklogged(cell);
            }
        }
    }
}
