package io.hotpath.testkit;

import io.hotpath.Engine;
import io.hotpath.WorkerInvoker;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The thread of one embedded worker, which runs its duty cycles only when the test asks and while the test waits:
 * every worker keeps a thread of its own, as in production, yet only one of them (or the test) runs at a time, so
 * what a test sees is decided by the order of its calls alone. Once the engine closes, the thread drives its worker
 * freely until it has terminated, as a service's loop must.
 * <p>
 * The request fields are written by the test thread before the volatile store of {@code request}; the results are
 * written by the driver before the volatile store that clears it, and read by the test thread after seeing it clear.
 */
final class WorkerDriver
{
    private static final int NONE = 0;
    private static final int RUN = 1;
    private static final long IDLE_PARK_NS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long WAIT_PARK_NS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final int WAIT_SPINS = 200;

    private final WorkerInvoker invoker;
    private final Engine engine;
    private final Thread thread;
    private final long stuckNs;

    private volatile int request;
    private volatile boolean exit;
    private Thread caller;
    private int maxCycles;
    private boolean untilIdle;
    private int work;
    private int cycles;
    private Throwable failure;

    /**
     * @param engine  the engine.
     * @param invoker one of its embedded workers, not yet driven by any thread.
     * @param stuckNs how long one request may run, in real time, before the test is told the worker is stuck.
     */
    WorkerDriver(final Engine engine, final WorkerInvoker invoker, final long stuckNs)
    {
        this.engine = engine;
        this.invoker = invoker;
        this.stuckNs = stuckNs;
        thread = Thread.ofPlatform().name(invoker.name()).daemon(true).unstarted(this::loop);
        thread.start();
    }

    /**
     * Run duty cycles on the worker's thread while the caller waits.
     *
     * @param max        most cycles.
     * @param untilIdle  stop after the first cycle that did nothing.
     * @return the work done.
     */
    int run(final int max, final boolean untilIdle)
    {
        caller = Thread.currentThread();
        maxCycles = max;
        this.untilIdle = untilIdle;
        request = RUN;
        LockSupport.unpark(thread);
        final long startNs = System.nanoTime();
        int spins = 0;
        while (request != NONE)
        {
            if (spins < WAIT_SPINS)
            {
                spins++;
                Thread.onSpinWait();
                continue;
            }
            LockSupport.parkNanos(this, WAIT_PARK_NS);
            if (request != NONE && System.nanoTime() - startNs - stuckNs >= 0)
            {
                throw stuck();
            }
        }
        if (failure != null)
        {
            final Throwable error = failure;
            failure = null;
            throw new AssertionError("worker " + invoker.name() + " failed in its duty cycle: " + error, error);
        }
        return work;
    }

    /** {@return the cycles the last request ran: its maximum when the worker never became idle} */
    int cycles()
    {
        return cycles;
    }

    /** {@return the worker's index} */
    int index()
    {
        return invoker.index();
    }

    /** {@return the worker's name} */
    String name()
    {
        return invoker.name();
    }

    /**
     * End the thread once the worker has terminated (the engine closed), waiting for it up to the given time.
     *
     * @param timeoutNs real time.
     * @return true when the thread has ended.
     */
    boolean exit(final long timeoutNs)
    {
        exit = true;
        LockSupport.unpark(thread);
        try
        {
            return thread.join(java.time.Duration.ofNanos(timeoutNs));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void loop()
    {
        while (true)
        {
            if (request == RUN)
            {
                serve();
            }
            else if (engine.isClosed() && !invoker.isTerminated())
            {
                // the close waits for every worker: drive this one until it has finished, as a service loop must
                if (invoker.doWork() == 0)
                {
                    Thread.yield();
                }
            }
            else if (exit && (invoker.isTerminated() || !engine.isClosed()))
            {
                return;
            }
            else
            {
                LockSupport.parkNanos(this, IDLE_PARK_NS);
            }
        }
    }

    private void serve()
    {
        int done = 0;
        int ran = 0;
        try
        {
            while (ran < maxCycles)
            {
                final int w = invoker.doWork();
                ran++;
                done += w;
                if (w == 0 && untilIdle)
                {
                    break;
                }
            }
        }
        catch (final Throwable ex)
        {
            failure = ex;
        }
        work = done;
        cycles = ran;
        request = NONE;
        LockSupport.unpark(caller);
    }

    private AssertionError stuck()
    {
        final StackTraceElement[] stack = thread.getStackTrace();
        return new AssertionError("worker " + invoker.name() + " has not finished its duty " +
            "cycle after " + TimeUnit.NANOSECONDS.toSeconds(stuckNs) + " s of real time: a handler blocks (it waits " +
            "for something only the test or another worker can do?); its stack:\n  " +
            String.join("\n  ", Arrays.stream(stack).map(StackTraceElement::toString).toList()));
    }
}
