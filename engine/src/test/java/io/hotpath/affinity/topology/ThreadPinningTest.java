package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityException;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Pins real threads on this machine; each test runs in a fresh thread so the test runner stays unpinned. */
class ThreadPinningTest
{
    @BeforeEach
    void linuxWithNativeAccess()
    {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "pinning is Linux only");
        assertTrue(ThreadPinning.isSupported(), ThreadPinning.unsupportedReason());
    }

    @Test
    void pinsAThreadToEachAllowedCpuInTurn()
    {
        final CpuSet allowed = onFreshThread(ThreadPinning::currentThreadMask);
        assertFalse(allowed.isEmpty());
        final List<PinResult> results = onFreshThread(() ->
        {
            final List<PinResult> list = new ArrayList<>();
            allowed.stream().forEach(cpu -> list.add(ThreadPinning.pinCurrentThread(cpu)));
            return list;
        });

        final int[] cpus = allowed.toArray();
        assertEquals(cpus.length, results.size());
        for (int i = 0; i < cpus.length; i++)
        {
            final PinResult result = results.get(i);
            assertTrue(result.ok(), result.toString());
            assertEquals(CpuSet.of(cpus[i]), result.mask(), result.toString());
            assertEquals(cpus[i], result.lastCpu(), result.toString());
            assertEquals(cpus[i], result.requestedCpu());
            assertTrue(result.onRequestedCpu());
            assertTrue(result.tid() > 0);
        }
    }

    @Test
    void pinningToASetReadsTheSetBack()
    {
        final CpuSet allowed = onFreshThread(ThreadPinning::currentThreadMask);
        final PinResult result = onFreshThread(() -> ThreadPinning.pinCurrentThread(allowed));
        assertTrue(result.ok(), result.toString());
        assertEquals(allowed, result.mask());
        assertTrue(allowed.contains(result.lastCpu()));
    }

    @Test
    void aCpuOutsideTheProcessIsReportedNotThrown()
    {
        final CpuSet allowed = onFreshThread(ThreadPinning::currentThreadMask);
        final int outside = allowed.last() + 1;
        final PinResult result = onFreshThread(() -> ThreadPinning.pinCurrentThread(outside));
        assertFalse(result.ok());
        assertTrue(result.error().contains("EINVAL"), result.error());
        assertEquals(allowed, result.mask(), "a failed pin leaves the mask as it was");
    }

    @Test
    void aCpuBeyondSixtyFourBitsUsesALargerMask()
    {
        final PinResult result = onFreshThread(() -> ThreadPinning.pinCurrentThread(2000));
        assertFalse(result.ok());
        assertTrue(result.error().contains("EINVAL"), result.error());
    }

    @Test
    void negativeCpuIsAnErrorResult()
    {
        final PinResult result = onFreshThread(() -> ThreadPinning.pinCurrentThread(-1));
        assertFalse(result.ok());
        assertTrue(result.error().contains("-1"), result.error());
    }

    @Test
    void mandatoryPinThrowsWithTheReason()
    {
        final AffinityException ex = onFreshThread(() ->
            assertThrows(AffinityException.class, () -> ThreadPinning.pinCurrentThread(9000, true)));
        assertTrue(ex.getMessage().contains("CPU 9000"), ex.getMessage());
        assertFalse(ex.result().ok());
    }

    @Test
    void observingReadsTidCpuAndMaskWithoutChangingThem()
    {
        final PinResult result = onFreshThread(ThreadPinning::observeCurrentThread);
        assertTrue(result.ok(), result.toString());
        assertTrue(result.requested().isEmpty());
        assertTrue(result.mask().contains(result.lastCpu()));
        assertTrue(result.tid() > 0);
        assertTrue(ThreadPinning.currentTid() != result.tid(), "each thread has its own tid");
    }

    private static <T> T onFreshThread(final Supplier<T> action)
    {
        final AtomicReference<T> value = new AtomicReference<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread thread = Thread.ofPlatform().name("pin-test").start(() ->
        {
            try
            {
                value.set(action.get());
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        });
        try
        {
            thread.join();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
        return value.get();
    }
}
