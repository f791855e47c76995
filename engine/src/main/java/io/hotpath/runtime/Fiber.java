package io.hotpath.runtime;

import io.hotpath.AwaitTimeoutException;
import io.hotpath.continuation.Continuations;

import java.util.function.BiConsumer;

/**
 * One run of a sequential actor's handler, which can suspend at an await and resume on the same worker when the
 * awaited reply arrives. Owner worker's thread only.
 * <p>
 * Where the worker's loop runs on a {@link Carrier} and the loop began the actor's turn, the handler runs directly
 * on the loop's stack, and a suspension takes the loop continuation with it. Anywhere else (a message handed over by
 * another actor's turn, an embedded worker) it runs on a continuation of its own, made on first use, which yields
 * after each message and waits for the next one.
 * <p>
 * A fiber is reused: it waits in its actor's spare slot for the next message, so a steady stream of messages
 * allocates nothing once the continuations' stack chunks exist. A second fiber is made only while the first is
 * suspended in an await.
 * <p>
 * While suspended, the actor is released: its other messages run (unless it opted out of reentrancy, when its
 * mailbox waits). The resumption re-enters the actor as a message does: the awaited answer takes its turn, and the
 * fiber continues inside that turn, under the actor's exclusion.
 */
final class Fiber implements Runnable, BiConsumer<Object, Throwable>
{
    static final long NO_DEADLINE = Long.MAX_VALUE;

    final ActorCell<?> cell;
    /** The message of this run. */
    Object request;
    /** The ask this run answers, or null for a told message. */
    Exchange<?> ask;
    boolean askPending;
    /** Between two runs: the continuation has yielded at the end of a message and waits for the next. */
    private boolean idle;
    /**
     * The turn depth at which its actor's turn is the innermost while its code runs on its own continuation, set at
     * each entry ({@link #enter}); -1 when it was entered outside its actor's turn. On the loop's stack it is 1.
     */
    private int level;
    /** Its own continuation, for runs that cannot use the loop's stack; made on first use. */
    private Object continuation;
    /** The loop continuation this fiber's method suspended with, until it resumes; see {@link Carrier}. */
    Object parkedLoop;
    /** The exchange the fiber is suspended on, or null while it runs. */
    Exchange<?> waitingOn;
    /** Set before a resumption that must throw at the await instead (a timeout). */
    private Throwable interruption;
    /** Deadline of the innermost withTimeout/withDeadline, on the engine's clock. */
    long deadlineNs = NO_DEADLINE;
    private long deadlineTimerId = -1;
    /** The cancellation this run works under: the starting ask's, or one set by the method; null for none. */
    Cancellation token;
    /** The incarnation of its actor this run began in. */
    private int incarnation;

    private Fiber(final ActorCell<?> cell)
    {
        this.cell = cell;
    }

    /** Run a sequential actor's handler for one message (or ask): on its spare fiber, or a new one. */
    static void start(final ActorCell<?> cell, final Object request, final Exchange<?> ask)
    {
        Fiber fiber = cell.spareFiber;
        if (fiber == null)
        {
            fiber = new Fiber(cell);
        }
        else
        {
            cell.spareFiber = null;
        }
        fiber.request = request;
        fiber.ask = ask;
        fiber.askPending = ask != null;
        fiber.token = ask == null ? null : ask.token;
        fiber.deadlineNs = NO_DEADLINE;
        fiber.incarnation = cell.incarnation;
        if (cell.worker.turns.runsDirect(cell))
        {
            fiber.runDirect();
        }
        else
        {
            fiber.enter();
        }
    }

    /** Run the handler on the loop's own stack, in the turn the loop began. */
    private void runDirect()
    {
        final Carrier carrier = cell.worker.carrier;
        carrier.direct = this;
        UserCode.handle(cell, request, ask, this);
        carrier.direct = null;
        request = null;
        ask = null;
        token = null;
        onDone();
    }

    /** The continuation's body: one handler run per message, with the engine's fault and ask rules. */
    @Override
    public void run()
    {
        while (true)
        {
            UserCode.handle(cell, request, ask, this);
            request = null;
            ask = null;
            token = null;
            idle = true;
            Continuations.yieldNow();
            idle = false;
        }
    }

    /**
     * @return the fiber of the innermost turn on the calling thread: the body of the innermost mounted continuation,
     * if its actor is the one whose turn runs now (not a plain actor handed a message from inside the fiber); or null.
     */
    static Fiber current()
    {
        final Object body = Continuations.currentBody();
        final Fiber fiber;
        final int level;
        if (body instanceof Carrier carrier)
        {
            // the loop's stack holds a method only in the one turn there (Worker.runsDirect)
            fiber = carrier.direct;
            level = 1;
        }
        else
        {
            fiber = (Fiber)body;
            level = fiber == null ? 0 : fiber.level;
        }
        // its actor's turn is innermost exactly when the stack is as deep as at its entry: a turn of another actor
        // begun inside the method (a direct handoff) is one level deeper; one load, not a look into the turn stack
        return fiber != null && fiber.cell.worker.turns.depth == level ? fiber : null;
    }

    /** Run, or resume, on its own continuation; or, suspended with a loop continuation, resume at the loop's top. */
    private void enter()
    {
        if (parkedLoop != null)
        {
            // no later answer or timeout may queue it twice
            waitingOn = null;
            cell.worker.carrier.queueResume(this);
            return;
        }
        if (continuation == null)
        {
            continuation = Continuations.create(this);
        }
        final Worker worker = cell.worker;
        level = worker.turns.current() == cell ? worker.turns.depth : -1;
        try
        {
            Continuations.run(continuation);
        }
        catch (final Throwable error)
        {
            // the body ended with an error its own fault handling could not survive (a stack overflow): this
            // continuation is over; the worker's recovery makes it a fault of the actor, and the fiber is not reused
            continuation = null;
            releaseExclusive();
            throw error;
        }
        if (idle)
        {
            onDone();
        }
    }

    private void onDone()
    {
        releaseExclusive();
        if (cell.spareFiber == null)
        {
            cell.spareFiber = this;
        }
    }

    private void releaseExclusive()
    {
        if (cell.exclusiveFiber == this)
        {
            cell.exclusiveFiber = null;
            cell.releaseAwait();
            cell.worker.ready.scheduleIfBacklogged(cell);
        }
    }

    /**
     * Suspend until the reply arrives (or the deadline passes); on this fiber, inside its continuation.
     */
    void suspendOn(final Exchange<?> reply)
    {
        if (AwaitSpin.answerArrived(cell, reply))
        {
            return;
        }
        final String monitor = MonitorGuard.heldMonitor(cell, cell.worker.runtime.config.awaitMonitorCheck());
        if (monitor != null)
        {
            throw new IllegalStateException("await in actor '" + cell.name + "' while holding a monitor (" + monitor +
                "): a suspended method must not hold a lock, or the worker could wait for itself; await outside " +
                "the synchronized block");
        }
        waitingOn = reply;
        if (deadlineNs != NO_DEADLINE)
        {
            deadlineTimerId = cell.worker.timers.schedule(deadlineNs, nowNs -> Sends.sendEngineMessage(cell,
                new Interrupt(this, reply, new AwaitTimeoutException("await in actor '" + cell.name +
                "' passed its deadline waiting for actor '" + reply.targetName() + "'"))));
        }
        if (!cell.reentrant)
        {
            cell.exclusiveFiber = this;
            cell.holdForAwait();
        }
        if (askPending)
        {
            cell.context.keep(ask);
        }
        reply.addCallback(this);
        cell.worker.counters.countAwait(true);
        JfrEvents.awaitSuspended(cell);
        final Carrier carrier = cell.worker.carrier;
        try
        {
            if (carrier != null && carrier.direct == this)
            {
                suspendOnLoop(carrier);
            }
            else
            {
                Continuations.yieldNow();
            }
        }
        catch (final IllegalStateException pinned)
        {
            // could not suspend: undo the wait, so the later answer finds nobody waiting
            waitingOn = null;
            releaseExclusive();
            throw new IllegalStateException("actor '" + cell.name + "': " + pinned.getMessage(), pinned);
        }
        waitingOn = null;
        if (deadlineTimerId >= 0)
        {
            cell.worker.timers.cancel(deadlineTimerId);
            deadlineTimerId = -1;
        }
        final Throwable thrown = interruption;
        if (thrown != null)
        {
            interruption = null;
            throw thrown instanceof RuntimeException runtime ? runtime : new IllegalStateException(thrown);
        }
    }

    /**
     * Suspend with the loop continuation: the actor's turn ends as if the method had returned, and begins again when
     * the method resumes, between two cycles of the loop.
     */
    private void suspendOnLoop(final Carrier carrier)
    {
        final Worker worker = cell.worker;
        worker.turns.endLoopTurn(cell);
        try
        {
            carrier.suspend(this);
        }
        finally
        {
            // resumed, or could not suspend after all: either way the method goes on in its actor's turn
            worker.turns.resumeLoopTurn(cell);
        }
    }

    /**
     * A reply this fiber waited for arrived, on the asker's worker within its turn: resume, if it is the one awaited
     * now (a reply whose await timed out keeps this callback, and its late answer must not resume a later await).
     */
    @Override
    public void accept(final Object value, final Throwable error)
    {
        final Exchange<?> awaited = waitingOn;
        if (awaited != null && awaited.isDelivered() && !abandonIfStale())
        {
            enter();
        }
    }

    /** Resume with an exception at the await, if still waiting on that reply. */
    void interrupt(final Exchange<?> reply, final Throwable error)
    {
        if (waitingOn == reply && !abandonIfStale())
        {
            waitingOn = null;
            interruption = error;
            enter();
        }
    }

    /** @return true when its actor has been restarted since this run began: the old instance's method is over. */
    boolean isStale()
    {
        return incarnation != cell.incarnation;
    }

    /**
     * A suspended method of an instance its actor's restart replaced never resumes: its continuation (or the loop
     * continuation it suspended with) is dropped, as a stopped actor's is.
     *
     * @return true when it was stale and is dropped.
     */
    private boolean abandonIfStale()
    {
        if (!isStale())
        {
            return false;
        }
        waitingOn = null;
        parkedLoop = null;
        continuation = null;
        if (deadlineTimerId >= 0)
        {
            cell.worker.timers.cancel(deadlineTimerId);
            deadlineTimerId = -1;
        }
        return true;
    }

    /** A timeout (or a cancellation) travelling to the fiber's actor; acts at once if the actor waits for it. */
    static final class Interrupt extends EngineMessage
    {
        private final Fiber fiber;
        private final Exchange<?> reply;
        private final Throwable error;

        Interrupt(final Fiber fiber, final Exchange<?> reply, final Throwable error)
        {
            this.fiber = fiber;
            this.reply = reply;
            this.error = error;
        }

        @Override
        boolean isControl()
        {
            return fiber.cell.exclusiveFiber != null;
        }

        @Override
        void onArrival(final Worker worker, final ActorCell<?> target)
        {
            worker.turns.runOutOfOrder(target, this);
        }

        @Override
        void onTurn(final ActorCell<?> target)
        {
            fiber.interrupt(reply, error);
        }
    }
}
