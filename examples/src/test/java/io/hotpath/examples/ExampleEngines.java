package io.hotpath.examples;

import io.hotpath.EngineConfig;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Helpers of the examples' tests that run engines on threads of their own (the others use the test kit): engine
 * settings that stay quiet on a 2-CPU build machine, and a bounded wait that never measures time. Thread safe.
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
}
