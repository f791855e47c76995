package io.hotpath.runtime;

import io.hotpath.events.WorkerStallEvent;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The stall detector of one engine: a daemon thread that sleeps a quarter of {@code stall.thresholdNs} between
 * looks (it never spins) and reads each worker's count of outermost turns and its turn depth. When one outermost
 * turn has run longer than the threshold, it reports it once: a line on {@code io.hotpath.stalls} naming the
 * worker, the actor and how long so far, with the worker thread's stack sampled while it is stuck (at most
 * {@value #REPORTS_PER_MINUTE} reports a minute, the next says how many were left out), a {@link WorkerStallEvent}
 * when a recording wants it, and a count and the longest stall in the worker's stats. The watcher allocates when it reports; the workers never do.
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
    private static final VarHandle OUTERMOST_TURNS;
    private static final VarHandle TURN_DEPTH;
    private static final VarHandle TURNS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            OUTERMOST_TURNS = lookup.findVarHandle(TurnStack.class, "outermostTurns", long.class);
            TURN_DEPTH = lookup.findVarHandle(TurnStack.class, "depth", int.class);
            TURNS = lookup.findVarHandle(TurnStack.class, "turns", ActorCell[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final String engineName;
    private final Worker[] workers;
    private final long thresholdNs;
    private final long periodNs;
    private final long[] seenTurns;
    private final long[] seenSinceNs;
    private final boolean[] reported;
    private final Thread thread;
    private volatile boolean stopped;
    private long windowStartNs;
    private int reportsInWindow;
    private int suppressed;

    StallWatcher(final String engineName, final Worker[] workers, final long thresholdNs)
    {
        this.engineName = engineName;
        this.workers = workers;
        this.thresholdNs = thresholdNs;
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
        final boolean sameTurn = begun == seenTurns[i] && inTurn;
        if (!sameTurn || heldUp)
        {
            // a new turn, no turn, or a look too late to judge by: the clock starts now (so a turn that begins
            // between the two reads above is timed from this look at the earliest); a stall already reported stays
            // reported while the same turn goes on
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
            reported[i] = true;
            report(worker, stalledNs);
            worker.turnWatch.countStall();
        }
        worker.turnWatch.noteStall(stalledNs);
    }

    private void report(final Worker worker, final long stalledNs)
    {
        final ActorCell<?> cell = innermost(worker);
        final String actor = cell == null ? "(none: the engine's own code)" : cell.name;
        final Thread owner = worker.owner;
        final StackTraceElement[] stack = owner == null ? new StackTraceElement[0] : owner.getStackTrace();
        final WorkerStallEvent event = new WorkerStallEvent();
        if (event.shouldCommit())
        {
            event.engine = engineName;
            event.worker = worker.name;
            event.actor = actor;
            event.stalledNs = stalledNs;
            event.workerStack = stackText(stack);
            event.commit();
        }
        if (!admitReport(System.nanoTime()))
        {
            return;
        }
        final int left = suppressed;
        suppressed = 0;
        final StallTrace trace = new StallTrace(owner == null ? "?" : owner.getName(), stack);
        Logs.STALLS.log(Level.WARNING, () -> "worker " + worker.name + " is stalled: a turn of actor '" + actor +
            "' (a handler, or a batch of its messages) has run for " + TimeUnit.NANOSECONDS.toMillis(stalledNs) + " ms so far (stall.thresholdNs " +
            thresholdNs + "); every other actor of this worker waits meanwhile. The worker's stack follows" +
            (left == 0 ? "" : " (" + left + " stall reports left out before this one)"), trace);
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
