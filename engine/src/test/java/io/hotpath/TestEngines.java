package io.hotpath;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Shared helpers of the engine's tests.
 */
final class TestEngines
{
    /** Faults seen by engines built here, instead of printing them. */
    static final List<Throwable> FAULTS = new CopyOnWriteArrayList<>();

    private TestEngines()
    {
    }

    static EngineConfig.Builder config(final int workers)
    {
        return EngineConfig.builder()
            .workers(workers)
            .idle("backoff")
            .faultListener((ref, message, error, policy) -> FAULTS.add(error));
    }

    /** Wait for a condition that the engine makes true soon; fails after a generous bound, never measures time. */
    static void await(final String what, final BooleanSupplier condition)
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
