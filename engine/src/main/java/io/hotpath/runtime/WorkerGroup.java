package io.hotpath.runtime;

import io.hotpath.EngineConfig;
import io.hotpath.affinity.AffinityException;
import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.PinReport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The workers of one engine and their threads: made at construction, started together, each placed by the
 * affinity profile on its own thread, and counted as they terminate. Thread safe.
 */
final class WorkerGroup
{
    private final EngineConfig config;
    private final Worker[] workers;
    private final Thread[] threads;
    private final boolean hasEmbedded;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final CountDownLatch started;
    private final CountDownLatch terminated;
    /** One per worker once it has started; written by the worker, read after {@link #started}. */
    private final PinReport[] pinReports;
    private volatile RuntimeException startFailure;

    WorkerGroup(final EngineRuntime runtime, final EngineConfig config)
    {
        this.config = config;
        final int n = config.workers();
        this.workers = new Worker[n];
        this.threads = new Thread[n];
        this.pinReports = new PinReport[n];
        this.terminated = new CountDownLatch(n);
        int threaded = 0;
        for (int i = 0; i < n; i++)
        {
            final Worker worker = new Worker(runtime, i, config, IdleStrategies.create(config.idle(i),
                config.idleMaxParkNs()));
            workers[i] = worker;
            if (!config.embedded(i))
            {
                final Thread thread = new WorkerThread(worker);
                threads[i] = thread;
                worker.bindOwner(thread);
                threaded++;
            }
        }
        this.started = new CountDownLatch(threaded);
        this.hasEmbedded = threaded < n;
    }

    /**
     * Start the workers' threads and wait until each has placed itself.
     *
     * @return the failure of a worker that had to be pinned and could not be, or null.
     */
    RuntimeException start()
    {
        if (config.affinity() != null)
        {
            Placement.checkProfile(config.affinity());
        }
        for (final Thread thread : threads)
        {
            if (thread != null)
            {
                thread.start();
            }
        }
        try
        {
            started.await();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        return startFailure;
    }

    /** Place a worker by the affinity profile, on the worker's own thread, and read its placement back. */
    void onWorkerThreadStart(final Worker worker)
    {
        try
        {
            if (config.affinity() != null)
            {
                pinReports[worker.index] = Placement.pin(worker.index, worker.name, config.affinity());
            }
        }
        catch (final AffinityException ex)
        {
            startFailure = ex;
        }
        finally
        {
            started.countDown();
        }
    }

    void onWorkerTerminated()
    {
        terminated.countDown();
    }

    /**
     * @param timeoutNs how long to wait.
     * @return true if every worker terminated in time.
     */
    boolean awaitTermination(final long timeoutNs)
    {
        try
        {
            return terminated.await(timeoutNs, TimeUnit.NANOSECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void wakeAll()
    {
        for (final Thread thread : threads)
        {
            if (thread != null)
            {
                LockSupport.unpark(thread);
            }
        }
    }

    int count()
    {
        return workers.length;
    }

    Worker[] all()
    {
        return workers;
    }

    /**
     * @param index a worker index, checked.
     * @return the worker.
     */
    Worker get(final int index)
    {
        if (index < 0 || index >= workers.length)
        {
            throw new IllegalArgumentException("worker index " + index + " is out of range: this engine has " +
                workers.length + " workers (0.." + (workers.length - 1) + ")");
        }
        return workers[index];
    }

    /**
     * @return the index of the next worker in round-robin order.
     */
    int nextIndex()
    {
        return Math.floorMod(nextWorker.getAndIncrement(), workers.length);
    }

    /**
     * @return the worker the calling thread runs, or null when it is not one of this engine's.
     */
    Worker current()
    {
        return workerOf(Thread.currentThread());
    }

    /**
     * @return the worker of this engine that {@code thread} runs, or null: for the send paths, so it is quick for a
     * worker's own thread and looks through the embedded workers only when there are some.
     */
    Worker workerOf(final Thread thread)
    {
        if (thread instanceof WorkerThread workerThread)
        {
            final Worker worker = workerThread.worker;
            return worker.runtime.workers == this ? worker : null;
        }
        if (hasEmbedded)
        {
            for (final Worker worker : workers)
            {
                if (worker.owner == thread)
                {
                    return worker;
                }
            }
        }
        return null;
    }

    boolean isWorkerThread(final Thread thread)
    {
        for (final Worker worker : workers)
        {
            if (worker.owner == thread)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * An embedded worker's thread has claimed it (its first duty cycle): with an affinity profile, where that thread
     * runs is read back and reported beside the threaded workers' placements. The service owns that thread, so it is
     * observed, never pinned.
     */
    void onEmbeddedClaimed(final Worker worker)
    {
        if (config.affinity() != null)
        {
            final PinReport report = PinReport.pinCurrentWorker(worker.index, AffinityProfile.NO_CPU, false);
            synchronized (pinReports)
            {
                pinReports[worker.index] = report;
            }
        }
    }

    /**
     * @return each worker's placement read back: a threaded worker's at start, an embedded one's once its thread has
     * driven it; empty without an affinity profile.
     */
    List<PinReport> pinReports()
    {
        final List<PinReport> reports = new ArrayList<>();
        synchronized (pinReports)
        {
            for (final PinReport report : pinReports)
            {
                if (report != null)
                {
                    reports.add(report);
                }
            }
        }
        return reports;
    }
}
