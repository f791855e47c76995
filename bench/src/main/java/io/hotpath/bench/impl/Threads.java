package io.hotpath.bench.impl;

import java.util.ArrayList;
import java.util.List;

/**
 * The busy threads of one peer trial: started together, halted and joined together at teardown. Used by the driver
 * thread; {@link #halted()} by the loops.
 */
final class Threads implements io.hotpath.bench.impl.Trial
{
    private final List<Thread> threads = new ArrayList<>();
    private final List<Runnable> onClose = new ArrayList<>();
    /** Set by the driver at teardown; read by every loop while it idles. */
    private volatile boolean halted;

    /**
     * @param name thread name, at most 15 characters.
     * @param loop runs until {@link #halted()} (or the run stops it).
     * @return this.
     */
    Threads add(final String name, final Runnable loop)
    {
        final Thread thread = new Thread(loop, name);
        thread.setDaemon(true);
        threads.add(thread);
        return this;
    }

    /**
     * @param action run at teardown after the halt flag is set and before the threads are joined.
     * @return this.
     */
    Threads onClose(final Runnable action)
    {
        onClose.add(action);
        return this;
    }

    Threads start()
    {
        threads.forEach(Thread::start);
        return this;
    }

    boolean halted()
    {
        return halted;
    }

    @Override
    public void close()
    {
        halted = true;
        onClose.forEach(Runnable::run);
        for (final Thread thread : threads)
        {
            try
            {
                thread.join(10_000);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining " + thread.getName(), ex);
            }
            if (thread.isAlive())
            {
                throw new IllegalStateException("thread " + thread.getName() + " did not stop");
            }
        }
    }
}
