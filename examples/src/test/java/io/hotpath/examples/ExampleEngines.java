package io.hotpath.examples;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import io.hotpath.EngineClock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Helpers shared by the examples' tests: engine settings that stay quiet on a 2-CPU build machine, a bounded wait
 * that never measures time, and a clock the test moves by hand. Thread safe.
 */
public final class ExampleEngines
{
    /** Faults seen by engines built here, kept instead of printed so a test can look at them. */
    public static final List<Throwable> FAULTS = new CopyOnWriteArrayList<>();

    private ExampleEngines()
    {
    }

    /**
     * @param workers how many workers.
     * @return a builder with the backoff idle strategy (the build machine has 2 CPUs) and a quiet fault listener.
     */
    public static EngineConfig.Builder config(final int workers)
    {
        return EngineConfig.builder()
            .workers(workers)
            .idle("backoff")
            .faultListener((ref, message, error, policy) -> FAULTS.add(error));
    }

    /**
     * Wait for something the engine makes true soon; fails after a generous bound and asserts nothing on time.
     *
     * @param what      said when it fails.
     * @param condition polled.
     */
    public static void await(final String what, final BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadlineNs >= 0)
            {
                fail("timed out waiting for: " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    /**
     * Close an engine whose only worker the calling thread drives: close() waits for the workers, so another
     * thread calls it while this one keeps the embedded worker turning until it has finished.
     *
     * @param engine the engine.
     * @param worker its embedded worker, driven by the caller.
     */
    public static void drainAndClose(final Engine engine, final WorkerInvoker worker)
    {
        final Thread closer = new Thread(engine::close, "example-closer");
        closer.start();
        while (!worker.isTerminated())
        {
            worker.doWork();
        }
    }

    /**
     * A clock the test moves by hand, so timer and backoff behaviour is proven without sleeping. The test thread
     * moves it; workers read it (volatile).
     */
    public static final class ManualClock implements EngineClock
    {
        private volatile long nowNs = 1_000_000_000L;

        @Override
        public long nanoTime()
        {
            return nowNs;
        }

        /**
         * @param by how far to move time forward.
         */
        public void advance(final Duration by)
        {
            nowNs += by.toNanos();
        }
    }
}
