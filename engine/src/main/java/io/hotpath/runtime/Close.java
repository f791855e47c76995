package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineClosedException;
import io.hotpath.inbound.FrameHandler;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * How an engine closes, all of it: the closer's side and each worker's. Thread safe.
 * <p>
 * Close runs in two phases. First {@link #closing} is set: sends from outside threads and spawns are refused,
 * workers keep delivering, also to each other, and each worker publishes at the end of every cycle whether it had
 * nothing to do ({@code quiet}) and how much it did. When every worker has been seen quiet twice, with the same work
 * count and no frame in any inbound queue or lane in between, or when the close timeout runs out, the closer closes
 * every inbound queue and sets {@link #finishing}: each worker then dead-letters what is left, on its own thread, and
 * terminates. A lane between two workers is not closed: each of the two finishes with it, and the second drains what
 * the first left ({@link Lanes#finish}).
 * <p>
 * A worker that was seen quiet says it is busy (a volatile store) before a frame leaves its queue (the queue's
 * release of its index), so a closer that finds the queue empty also finds the worker busy.
 */
final class Close
{
    private static final long POLL_NS = 20_000;

    private final EngineRuntime runtime;
    /** Per worker: 1 when its last closing cycle did nothing; written by the worker, read by the closer. */
    final AtomicIntegerArray quiet;
    /** Per worker: work done while closing, compared by the closer between two looks. */
    private final AtomicLongArray work;
    /**
     * Per worker: 0 until its end is decided by one CAS, {@link #FINISHING} by its own finish, {@link #WRITTEN_OFF} by
     * a closer that timed out waiting for it; so what it holds is counted once, by one of the two.
     */
    private final AtomicIntegerArray end;
    private static final int FINISHING = 1;
    private static final int WRITTEN_OFF = 2;

    /** Set once by {@link #begin}; read by outside senders and once per duty cycle by workers. */
    volatile boolean closing;
    /** Set once after {@link #closing}, when workers are to dead-letter what is left and terminate. */
    private volatile boolean finishing;
    /** Reason for frames left at finish; written before {@link #finishing}. */
    private volatile DeadLetterReason leftoverReason = DeadLetterReason.ENGINE_CLOSED;
    private volatile String closedBy;

    Close(final EngineRuntime runtime, final int workers)
    {
        this.runtime = runtime;
        this.quiet = new AtomicIntegerArray(workers);
        this.work = new AtomicLongArray(workers);
        this.end = new AtomicIntegerArray(workers);
    }

    // ---------------------------------------------------------------- the closer's side (any thread)

    /**
     * Begin closing and, unless called from one of the engine's workers, wait for the workers to finish.
     * Idempotent and safe from any thread.
     */
    void close()
    {
        close(runtime.config.closeTimeoutNs(), false);
    }

    /**
     * {@link #close()} with a timeout of its own.
     *
     * @param timeoutNs  how long the workers may take to deliver what is queued.
     * @param atShutdown the JVM is exiting: a worker whose thread called {@code System.exit} never runs again, so it
     *                   is finished by the closer instead of waited for.
     */
    void close(final long timeoutNs, final boolean atShutdown)
    {
        final boolean first;
        synchronized (this)
        {
            first = !closing;
            if (first)
            {
                closedBy = Thread.currentThread().getName();
                closing = true;
            }
        }
        final boolean onWorker = runtime.workers.isWorkerThread(Thread.currentThread());
        if (first)
        {
            if (onWorker)
            {
                final Thread closer = new Thread(() -> finishWhenQuiet(timeoutNs, false), "hp-closer");
                closer.setDaemon(true);
                closer.start();
                return;
            }
            finishWhenQuiet(timeoutNs, atShutdown);
        }
        if (!onWorker && !runtime.workers.awaitTermination(Deadlines.saturatedAdd(timeoutNs, 1_000_000_000L)))
        {
            reportUnfinished(runtime.workers.all());
        }
    }

    /**
     * The close timed out with workers that did not finish: an embedded worker whose thread, alive, stopped stepping
     * it (or a handler that never returns). What their queues and mailboxes still hold is counted as CLOSE_TIMEOUT
     * dead letters (the messages themselves belong to the worker's thread, which may still run, so they are counted,
     * not handed to the listeners) and said in one line per worker.
     */
    private void reportUnfinished(final Worker[] workers)
    {
        for (final Worker worker : workers)
        {
            if (worker.isTerminated() || !end.compareAndSet(worker.index, 0, WRITTEN_OFF))
            {
                continue;
            }
            long held = (long)worker.inbound.size() + worker.lanes.size();
            for (final ActorCell<?> cell : runtime.liveCells())
            {
                if (cell.worker == worker)
                {
                    held += cell.mailbox.size();
                }
            }
            runtime.deadLetters.countUnseen(DeadLetterReason.CLOSE_TIMEOUT, held);
            final Thread owner = worker.owner;
            final long count = held;
            Logs.CLOSE.logHere(System.Logger.Level.WARNING, () -> "worker " + worker.name + " did not finish within " +
                "the close timeout: its thread '" + (owner == null ? "(none)" : owner.getName() + "' (" +
                owner.getState() + ")") + " did not step it to its end; about " + count + " message(s) it held " +
                "are counted as dead letters (close_timeout) and will not be delivered");
        }
    }

    /**
     * Wait until every worker is quiet with no frame in flight, or the close timeout; then tell them to finish. A
     * worker whose thread will never step it again ({@link Abandoned}) is not waited for: the closer finishes it.
     */
    private void finishWhenQuiet(final long timeoutNs, final boolean atShutdown)
    {
        final long startNs = System.nanoTime();
        final Worker[] workers = runtime.workers.all();
        final Abandoned abandoned = new Abandoned(workers, atShutdown);
        boolean timedOut = false;
        runtime.workers.wakeAll();
        while (!quiescent(workers, abandoned))
        {
            if (System.nanoTime() - startNs - timeoutNs >= 0)
            {
                timedOut = true;
                break;
            }
            LockSupport.parkNanos(POLL_NS);
        }
        closeQueues(workers, timedOut);
        finishing = true;
        runtime.workers.wakeAll();
        for (final Worker worker : workers)
        {
            if (abandoned.has(worker))
            {
                final long before = runtime.deadLetters.count();
                finish(worker);
                final long lost = runtime.deadLetters.count() - before;
                Logs.CLOSE.logHere(System.Logger.Level.WARNING, () -> "worker " + worker.name + " was left by its " +
                    "thread '" + worker.owner.getName() + "' (" + abandoned.why(worker) + "): the close finished it " +
                    "without it; " + lost + " message(s) it held counted as dead letters (" + leftoverReason + ")");
            }
        }
    }

    /** Nothing more may arrive: close every inbound queue, so what was accepted is exactly what is left. */
    void closeQueues(final Worker[] workers, final boolean timedOut)
    {
        leftoverReason = timedOut ? DeadLetterReason.CLOSE_TIMEOUT : DeadLetterReason.ENGINE_CLOSED;
        for (final Worker worker : workers)
        {
            worker.inbound.close();
        }
    }

    /**
     * One look of the closer: every worker quiet, no frame in any inbound queue, every worker still quiet with the
     * same work count.
     */
    boolean quiescent(final Worker[] workers)
    {
        return quiescent(workers, Abandoned.NONE);
    }

    private boolean quiescent(final Worker[] workers, final Abandoned abandoned)
    {
        final long[] before = new long[workers.length];
        for (int i = 0; i < workers.length; i++)
        {
            if (quiet.get(i) == 0 && !abandoned.has(workers[i]))
            {
                return false;
            }
            before[i] = work.get(i);
        }
        for (final Worker worker : workers)
        {
            if (!abandoned.has(worker) && (worker.inbound.size() != 0 || worker.lanes.size() != 0))
            {
                return false;
            }
        }
        for (int i = 0; i < workers.length; i++)
        {
            if (quiet.get(i) == 0 && !abandoned.has(workers[i]) || work.get(i) != before[i])
            {
                return false;
            }
        }
        return true;
    }

    /**
     * A thread outside the engine sends while it closes: refused.
     *
     * @throws EngineClosedException unless the sender is one of the engine's workers.
     */
    void checkSender(final ActorCell<?> target)
    {
        if (!runtime.workers.isWorkerThread(Thread.currentThread()))
        {
            throw closedException("send to actor '" + target.name + "'");
        }
    }

    EngineClosedException closedException(final String what)
    {
        return new EngineClosedException("cannot " + what + ": the engine is closed (close() was called by thread '" +
            closedBy + "'); start a new engine");
    }

    // ---------------------------------------------------------------- each worker's side (its own thread)

    /** A frame is about to leave the queue during close: a worker the closer saw quiet says it is busy first. */
    void onFrameTakenWhileClosing(final Worker worker)
    {
        if (quiet.get(worker.index) != 0)
        {
            quiet.set(worker.index, 0);
        }
    }

    /** A closing cycle ends: finish if told to, otherwise publish what it did. */
    void endCycle(final Worker worker, final int done)
    {
        if (finishing)
        {
            finish(worker);
            return;
        }
        final int i = worker.index;
        if (done > 0)
        {
            work.set(i, work.get(i) + done);
        }
        quiet.set(i, done == 0 && worker.hasNothingQueued() ? 1 : 0);
    }

    /** Dead-letter what is left on this worker (the inbound queue is closed: nothing more comes), then end it. */
    private void finish(final Worker worker)
    {
        if (!end.compareAndSet(worker.index, 0, FINISHING))
        {
            // the closer gave up on this worker and counted what it held: it only ends now
            worker.markTerminated();
            runtime.workers.onWorkerTerminated();
            return;
        }
        final DeadLetterReason reason = leftoverReason;
        final FrameHandler leftover = (target, message) -> deadLetterLeftover(worker, target, message, reason);
        worker.outbound.deadLetterAll(reason);
        while (!worker.inbound.isEmpty())
        {
            if (worker.inbound.drain(leftover, Integer.MAX_VALUE) == 0)
            {
                Thread.onSpinWait();
            }
        }
        // lanes are not closed: what a worker still sends is drained by whichever of the two finishes last
        worker.lanes.finish(leftover);
        worker.ready.clear();
        for (final ActorCell<?> cell : runtime.liveCells())
        {
            if (cell.worker == worker)
            {
                Object message;
                while ((message = cell.mailbox.poll()) != null)
                {
                    worker.deadLetter(cell, message, reason);
                }
                cell.clearCongestionIfCaughtUp();
                cell.context.failKeptAsks(reason);
                Supervisor.onEngineClosed(cell);
            }
        }
        worker.markTerminated();
        runtime.workers.onWorkerTerminated();
    }

    private static boolean deadLetterLeftover(final Worker worker, final Object target, final Object message,
        final DeadLetterReason reason)
    {
        if (!(message instanceof EngineMessage engineMessage && engineMessage.isControl()))
        {
            worker.deadLetter((ActorCell<?>)target, message, reason);
        }
        return true;
    }
}
