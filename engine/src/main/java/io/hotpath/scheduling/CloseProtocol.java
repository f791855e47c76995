package io.hotpath.scheduling;

import io.hotpath.DeadLetterReason;

import java.util.concurrent.locks.LockSupport;

/**
 * The second half of close, run by the closing thread (or an {@code hp-closer} thread when an actor closes): wait
 * until every worker is quiet with no frame in flight, or until the close timeout; then close every inbound queue
 * and tell the workers to finish, each counting what is left on its own thread. Stateless; one closer at a time.
 * <p>
 * Quiet is judged from two looks at every worker's {@code quiet} flag and work count with every inbound queue's size
 * read in between. A worker that was seen quiet says it is busy (a volatile store) before a frame leaves its queue
 * (the queue's release of its index), so a closer that finds the queue empty also finds the worker busy.
 */
final class CloseProtocol
{
    private static final long POLL_NS = 20_000;

    private CloseProtocol()
    {
    }

    static void finish(final EngineCore core, final Worker[] workers, final Thread[] threads)
    {
        final long deadlineNs = System.nanoTime() + core.config.closeTimeoutNs();
        boolean timedOut = false;
        wakeAll(threads);
        while (!quiescent(workers))
        {
            if (System.nanoTime() - deadlineNs >= 0)
            {
                timedOut = true;
                break;
            }
            LockSupport.parkNanos(POLL_NS);
        }
        core.leftoverReason = timedOut ? DeadLetterReason.CLOSE_TIMEOUT : DeadLetterReason.ENGINE_CLOSED;
        for (final Worker worker : workers)
        {
            worker.inbound.close();
        }
        core.finishing = true;
        wakeAll(threads);
    }

    private static void wakeAll(final Thread[] threads)
    {
        for (final Thread thread : threads)
        {
            if (thread != null)
            {
                LockSupport.unpark(thread);
            }
        }
    }

    private static boolean quiescent(final Worker[] workers)
    {
        final long[] before = new long[workers.length];
        for (int i = 0; i < workers.length; i++)
        {
            if (!workers[i].quiet)
            {
                return false;
            }
            before[i] = workers[i].closingWork;
        }
        for (final Worker worker : workers)
        {
            if (worker.inbound.size() != 0)
            {
                return false;
            }
        }
        for (int i = 0; i < workers.length; i++)
        {
            if (!workers[i].quiet || workers[i].closingWork != before[i])
            {
                return false;
            }
        }
        return true;
    }
}
