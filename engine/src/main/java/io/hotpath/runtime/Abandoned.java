package io.hotpath.runtime;

/**
 * The workers of a closing engine that their thread will never step again, so the closer finishes them itself
 * instead of waiting for them: an embedded worker whose driving thread has ended, and, while the JVM shuts down, a
 * worker whose thread is the one that called {@code System.exit} (it waits in the exit for the shutdown hooks, the
 * engine's among them), and an embedded worker no thread ever drove (the closer claims it). Either thread's last step
 * happens before the closer's look (its end, or the start of the hooks it waits for), so the closer may take the
 * worker's state over. The closer's thread only.
 */
final class Abandoned
{
    /** For a close that finishes no worker itself. */
    static final Abandoned NONE = new Abandoned(new Worker[0], false);

    /** By worker index: null, or why the worker is abandoned. */
    private final String[] why;
    private final Worker[] workers;

    Abandoned(final Worker[] workers, final boolean atShutdown)
    {
        this.workers = workers;
        this.why = new String[workers.length];
        for (final Worker worker : workers)
        {
            if (atShutdown && isExiting(worker.owner))
            {
                why[worker.index] = "it called System.exit and waits for the shutdown hooks";
            }
        }
    }

    /** @return true when the closer finishes this worker itself; a thread seen ended stays so. */
    boolean has(final Worker worker)
    {
        if (worker.index >= why.length || workers[worker.index] != worker || worker.isTerminated())
        {
            return false;
        }
        if (why[worker.index] == null)
        {
            final Thread owner = worker.owner;
            if (owner == null && worker.claimForClose())
            {
                why[worker.index] = "no thread ever drove it";
            }
            else if (owner != null && !owner.isAlive())
            {
                why[worker.index] = "it has ended";
            }
        }
        return why[worker.index] != null;
    }

    /** @return why the worker is abandoned. */
    String why(final Worker worker)
    {
        return why[worker.index];
    }

    /** @return true when the thread is inside {@code System.exit} (read from its stack: at shutdown only). */
    private static boolean isExiting(final Thread thread)
    {
        if (thread == null || !thread.isAlive() || thread == Thread.currentThread())
        {
            return false;
        }
        for (final StackTraceElement frame : thread.getStackTrace())
        {
            if ("java.lang.Shutdown".equals(frame.getClassName()) && "exit".equals(frame.getMethodName()))
            {
                return true;
            }
        }
        return false;
    }
}
