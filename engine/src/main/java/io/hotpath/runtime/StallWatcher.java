package io.hotpath.runtime;

import io.hotpath.events.WorkerStallEvent;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The stall detector of one engine: a daemon thread that sleeps a quarter of {@code stall.thresholdNs} between
 * looks (it never spins) and reads each worker's count of outermost turns and its turn depth. When one outermost
 * turn has run longer than the threshold, it reports it once: a line on {@code io.hotpath.stalls} naming the
 * worker, the actor and how long so far, with the worker thread's stack sampled while it is stuck (at most
 * {@value #REPORTS_PER_MINUTE} reports a minute, the next says how many were left out), a {@link WorkerStallEvent}
 * when a recording wants it, and a count and the longest stall in the worker's stats. The watcher allocates when it
 * reports; the workers never do.
 * <p>
 * A look that comes much later than planned (the watcher itself was held up, by a pause of the whole JVM or the
 * host) starts every turn's clock again instead of blaming the workers for it. Thread safe: its state belongs to its
 * own thread; {@link #start} and {@link #stop} may be called from any thread.
 */
final class StallWatcher implements Runnable
{
    /** Most stall reports logged a minute, per engine. */
    static final int REPORTS_PER_MINUTE = 10;
    private static final long MINUTE_NS = TimeUnit.MINUTES.toNanos(1);
    private static final int STACK_FRAMES = 64;
    /** What a report says in place of a stack sampled too late to show the stalled turn. */
    private static final String ENDED_BEFORE_STACK = "The turn ended while the worker's stack was being sampled";
    private static final VarHandle OUTERMOST_TURNS;
    private static final VarHandle TURN_DEPTH;
    private static final VarHandle TURNS;
    private static final VarHandle CYCLE;
    /** Frames of a stack that loads, links or initializes classes, or sets a logging framework up: start-up work. */
    private static final String[] STARTING_UP = {"java.lang.ClassLoader", "jdk.internal.loader.",
        "java.lang.invoke.MethodHandleNatives", "java.lang.invoke.BootstrapMethodInvoker", "java.lang.invoke.CallSite",
        "java.lang.invoke.InnerClassLambdaMetafactory", "java.lang.runtime.", "java.util.logging.LogManager",
        "jdk.internal.logger.", "sun.util.logging."};

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            OUTERMOST_TURNS = lookup.findVarHandle(TurnStack.class, "outermostTurns", long.class);
            TURN_DEPTH = lookup.findVarHandle(TurnStack.class, "depth", int.class);
            TURNS = lookup.findVarHandle(TurnStack.class, "turns", ActorCell[].class);
            CYCLE = lookup.findVarHandle(Worker.class, "cycle", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final String engineName;
    private final Worker[] workers;
    private final Function<Thread, StackTraceElement[]> stacks;
    private final long thresholdNs;
    /** The threshold of start-up work: an actor's first turns, class loading ({@code stall.graceNs}). */
    private final long graceNs;
    private final long periodNs;
    private final long[] seenTurns;
    private final long[] seenSinceNs;
    private final boolean[] reported;
    /** The turn seen on each worker is one of its actor's first. */
    private final boolean[] firstTurn;
    /** An embedded worker's duty cycles, when last seen to change, and whether its thread was reported idle. */
    private final long[] seenCycle;
    private final long[] cycleSinceNs;
    private final boolean[] notStepped;
    private final Thread thread;
    private volatile boolean stopped;
    private long windowStartNs;
    private int reportsInWindow;
    private int suppressed;

    StallWatcher(final String engineName, final Worker[] workers, final long thresholdNs, final long graceNs)
    {
        this(engineName, workers, thresholdNs, graceNs, Thread::getStackTrace);
    }

    /**
     * @param stacks how a worker thread's stack is sampled: {@link Thread#getStackTrace()}, or a test's stand-in.
     */
    StallWatcher(final String engineName, final Worker[] workers, final long thresholdNs, final long graceNs,
        final Function<Thread, StackTraceElement[]> stacks)
    {
        this.stacks = stacks;
        this.engineName = engineName;
        this.workers = workers;
        this.thresholdNs = thresholdNs;
        this.graceNs = Math.max(thresholdNs, graceNs);
        this.firstTurn = new boolean[workers.length];
        this.seenCycle = new long[workers.length];
        this.cycleSinceNs = new long[workers.length];
        this.notStepped = new boolean[workers.length];
        this.periodNs = Math.max(TimeUnit.MICROSECONDS.toNanos(250), thresholdNs / 4);
        this.seenTurns = new long[workers.length];
        this.seenSinceNs = new long[workers.length];
        this.reported = new boolean[workers.length];
        this.thread = new Thread(this, "hp-stalls");
        thread.setDaemon(true);
    }

    void start()
    {
        thread.start();
    }

    /** Stop looking; the thread ends within one period. */
    void stop()
    {
        stopped = true;
        LockSupport.unpark(thread);
    }

    @Override
    public void run()
    {
        long lastLookNs = System.nanoTime();
        for (int i = 0; i < workers.length; i++)
        {
            seenTurns[i] = (long)OUTERMOST_TURNS.getOpaque(workers[i].turns);
            seenSinceNs[i] = lastLookNs;
        }
        while (!stopped)
        {
            LockSupport.parkNanos(this, periodNs);
            final long nowNs = System.nanoTime();
            final boolean heldUp = nowNs - lastLookNs > periodNs + thresholdNs;
            lastLookNs = nowNs;
            boolean allTerminated = true;
            for (int i = 0; i < workers.length; i++)
            {
                allTerminated &= workers[i].isTerminated();
                look(i, nowNs, heldUp);
            }
            if (allTerminated)
            {
                return;
            }
        }
    }

    private void look(final int i, final long nowNs, final boolean heldUp)
    {
        final Worker worker = workers[i];
        final long begun = (long)OUTERMOST_TURNS.getOpaque(worker.turns);
        final boolean inTurn = (int)TURN_DEPTH.getOpaque(worker.turns) != 0;
        if (worker.embedded)
        {
            lookAtDriver(i, worker, nowNs, heldUp || inTurn);
        }
        final boolean sameTurn = begun == seenTurns[i] && inTurn;
        if (!sameTurn || heldUp)
        {
            // a new turn, no turn, or a look too late to judge by: the clock starts now (so a turn that begins
            // between the two reads above is timed from this look at the earliest); a stall already reported stays
            // reported while the same turn goes on
            if (!sameTurn)
            {
                firstTurn[i] = inTurn && isFirstTurn(worker);
            }
            seenTurns[i] = begun;
            seenSinceNs[i] = nowNs;
            reported[i] &= sameTurn;
            return;
        }
        final long stalledNs = nowNs - seenSinceNs[i];
        if (stalledNs < thresholdNs)
        {
            return;
        }
        if (!reported[i])
        {
            // the actor first, then the stack, then the turn again: a stack sampled after the turn has ended shows
            // whatever the worker does next, and is not blamed for the stall
            final ActorCell<?> cell = innermost(worker);
            final StackTraceElement[] stack = stackOf(worker);
            final boolean caught = cell != null && (long)OUTERMOST_TURNS.getOpaque(worker.turns) == begun &&
                (int)TURN_DEPTH.getOpaque(worker.turns) != 0;
            if (stalledNs < graceNs && (firstTurn[i] || isStartingUp(stack)))
            {
                // start-up work: judged by stall.graceNs (a stack of it earns the grace even if the turn has ended
                // since)
                return;
            }
            reported[i] = true;
            report(worker, cell, stalledNs, caught ? stack : null);
            worker.turnWatch.countStall();
        }
        worker.turnWatch.noteStall(stalledNs);
    }

    /**
     * An embedded worker is stepped by a service's thread: one that has ended, or stopped calling its duty cycle, while
     * frames wait for its actors is reported once (until the worker runs a cycle again).
     *
     * @param busy the worker is in a turn (a stall of the turn is reported as such), or the look came too late.
     */
    private void lookAtDriver(final int i, final Worker worker, final long nowNs, final boolean busy)
    {
        final long cycle = (long)CYCLE.getOpaque(worker);
        final Thread owner = worker.owner;
        if (cycle != seenCycle[i] || busy || owner == null || worker.isTerminated() ||
            worker.inbound.size() == 0 && worker.lanes.size() == 0)
        {
            // stepping, or nothing waits: a service thread that has nothing to do for the worker is no stall
            notStepped[i] &= cycle == seenCycle[i];
            seenCycle[i] = cycle;
            cycleSinceNs[i] = nowNs;
            return;
        }
        final long idleNs = nowNs - cycleSinceNs[i];
        if (idleNs >= thresholdNs && !notStepped[i])
        {
            notStepped[i] = true;
            worker.turnWatch.countStall();
            final int waiting = worker.inbound.size() + worker.lanes.size();
            Logs.STALLS.log(Level.WARNING, () -> "embedded worker " + worker.name + " is not being stepped: its " +
                "thread '" + owner.getName() + "' (" + (owner.isAlive() ? owner.getState().toString() : "ended") +
                ") has run no duty cycle for " + TimeUnit.NANOSECONDS.toMillis(idleNs) + " ms while " + waiting +
                " frame(s) wait for its actors; they are delivered only when that thread calls doWork() again");
        }
    }

    /**
     * @return true when the outermost actor of the worker's turn had handled nothing when the turn was first seen: a
     * first turn from its mailbox or the inbound queue (whose messages are counted when the turn ends); a first one
     * handed over directly is counted as it begins, so the class loading it does is what earns it the grace.
     */
    private static boolean isFirstTurn(final Worker worker)
    {
        final ActorCell<?>[] turns = (ActorCell<?>[])TURNS.getOpaque(worker.turns);
        final ActorCell<?> outermost = turns.length > 0 ? turns[0] : null;
        return outermost != null && outermost.handledOpaque() == 0;
    }

    private static boolean isStartingUp(final StackTraceElement[] stack)
    {
        for (final StackTraceElement frame : stack)
        {
            if ("<clinit>".equals(frame.getMethodName()))
            {
                return true;
            }
            final String type = frame.getClassName();
            for (final String prefix : STARTING_UP)
            {
                if (type.startsWith(prefix))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private StackTraceElement[] stackOf(final Worker worker)
    {
        final Thread owner = worker.owner;
        return owner == null ? new StackTraceElement[0] : stacks.apply(owner);
    }

    /**
     * Report a stall once: the event, the count, and a line on the log within the rate limit.
     *
     * @param cell  the innermost actor of the stalled turn, read before the stack; null when the turn had ended.
     * @param stack the worker's stack, sampled while the same turn ran; null when the turn ended before it was taken.
     */
    private void report(final Worker worker, final ActorCell<?> cell, final long stalledNs,
        final StackTraceElement[] stack)
    {
        final String actor = cell == null ? "(unknown: the turn ended before it could be named)" : cell.name;
        final Thread owner = worker.owner;
        final WorkerStallEvent event = new WorkerStallEvent();
        if (event.shouldCommit())
        {
            event.engine = engineName;
            event.worker = worker.name;
            event.actor = actor;
            event.stalledNs = stalledNs;
            event.workerStack = stack == null ? ENDED_BEFORE_STACK : stackText(stack);
            event.commit();
        }
        if (!admitReport(System.nanoTime()))
        {
            return;
        }
        final int left = suppressed;
        suppressed = 0;
        final String head = "worker " + worker.name + " is stalled: a turn of actor '" + actor + "' (a handler, or a " +
            "batch of its messages) has run for " + TimeUnit.NANOSECONDS.toMillis(stalledNs) + " ms so far " +
            "(stall.thresholdNs " + thresholdNs + "); every other actor of this worker waits meanwhile. ";
        final String tail = left == 0 ? "" : " (" + left + " stall reports left out before this one)";
        if (stack == null)
        {
            Logs.STALLS.log(Level.WARNING, () -> head + ENDED_BEFORE_STACK + ", so no stack follows" + tail);
            return;
        }
        final StallTrace trace = new StallTrace(owner == null ? "?" : owner.getName(), stack);
        Logs.STALLS.log(Level.WARNING, () -> head + "The worker's stack follows" + tail, trace);
    }

    /** The actor whose turn is innermost on a stalled worker's stack, read from another thread; or null. */
    private static ActorCell<?> innermost(final Worker worker)
    {
        final ActorCell<?>[] turns = (ActorCell<?>[])TURNS.getOpaque(worker.turns);
        final int depth = (int)TURN_DEPTH.getOpaque(worker.turns);
        return depth > 0 && depth <= turns.length ? turns[depth - 1] : null;
    }

    private boolean admitReport(final long nowNs)
    {
        if (reportsInWindow == 0 || nowNs - windowStartNs >= MINUTE_NS)
        {
            windowStartNs = nowNs;
            reportsInWindow = 0;
        }
        if (reportsInWindow < REPORTS_PER_MINUTE)
        {
            reportsInWindow++;
            return true;
        }
        suppressed++;
        return false;
    }

    private static String stackText(final StackTraceElement[] stack)
    {
        final StringBuilder sb = new StringBuilder(stack.length * 64);
        for (int i = 0; i < stack.length && i < STACK_FRAMES; i++)
        {
            sb.append(stack[i]).append('\n');
        }
        return sb.toString();
    }

    /** The stuck worker's stack, sampled by the watcher, carried by its report as an exception's would be. */
    static final class StallTrace extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        StallTrace(final String threadName, final StackTraceElement[] stack)
        {
            super("stack of " + threadName + " while stalled", null, false, true);
            setStackTrace(stack);
        }
    }
}
