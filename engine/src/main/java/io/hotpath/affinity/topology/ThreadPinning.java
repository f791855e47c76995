package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityException;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinResult;

/**
 * Pins the calling thread to CPUs and reads the outcome back: the mask the kernel now holds, the
 * thread's kernel id and the CPU it last ran on. Linux only, through libc via the Foreign Function and
 * Memory API; elsewhere, or when the JVM was started without native access, every attempt returns a
 * result that says why it could not pin, and the {@code current...} queries return "unknown".
 * <p>
 * Thread-safe: every method acts on the calling thread only. The JVM needs
 * {@code --enable-native-access=ALL-UNNAMED} (or the jar manifest entry
 * {@code Enable-Native-Access: ALL-UNNAMED}); without it nothing native is called, so no warning is
 * printed, and {@link #unsupportedReason()} names the flag.
 */
public final class ThreadPinning
{
    private ThreadPinning()
    {
    }

    /**
     * {@return true when pinning can be attempted here: Linux, native access enabled, libc bound}
     */
    public static boolean isSupported()
    {
        return unsupportedReason().isEmpty();
    }

    /**
     * {@return why pinning cannot be attempted, or empty text when it can}
     */
    public static String unsupportedReason()
    {
        final String reason = LinuxNative.availability();
        return reason == null ? "" : reason;
    }

    /**
     * Pins the calling thread to one CPU and reads the result back. Never throws for a failed pin.
     *
     * @param cpu the CPU to run on.
     * @return what happened; {@link PinResult#ok()} is false with the reason when it failed.
     */
    public static PinResult pinCurrentThread(final int cpu)
    {
        if (cpu < 0 || cpu > CpuSet.MAX_CPU)
        {
            return observe(CpuSet.EMPTY, false, "CPU " + cpu + " is not a CPU number (0.." + CpuSet.MAX_CPU + ")");
        }
        return pinCurrentThread(CpuSet.of(cpu));
    }

    /**
     * Pins the calling thread to one CPU, failing loudly when it cannot.
     *
     * @param cpu       the CPU to run on.
     * @param mandatory when true a failed pin throws instead of returning a failed result.
     * @return what happened.
     * @throws AffinityException when mandatory and the thread could not be pinned.
     */
    public static PinResult pinCurrentThread(final int cpu, final boolean mandatory)
    {
        final PinResult result = pinCurrentThread(cpu);
        if (mandatory && !result.ok())
        {
            throw new AffinityException(
                "thread " + Thread.currentThread().getName() + " could not be pinned to CPU " + cpu + ": " +
                result.error(), result);
        }
        return result;
    }

    /**
     * Restricts the calling thread to a set of CPUs (for threads that may float over several, such as
     * the engine's non-worker threads) and reads the result back. Never throws for a failed pin.
     *
     * @param cpus the CPUs to allow; must not be empty.
     * @return what happened.
     */
    public static PinResult pinCurrentThread(final CpuSet cpus)
    {
        if (cpus.isEmpty())
        {
            return observe(cpus, false, "no CPU given to pin to");
        }
        final String reason = LinuxNative.availability();
        if (reason != null)
        {
            return new PinResult(cpus, CpuSet.EMPTY, -1, -1, false, reason);
        }

        final int errno;
        try
        {
            errno = LinuxNative.setCurrentThreadMask(cpus);
        }
        catch (final IllegalStateException ex)
        {
            return new PinResult(cpus, CpuSet.EMPTY, -1, -1, false, ex.getMessage());
        }
        if (errno != 0)
        {
            return observe(cpus, false, "sched_setaffinity(" + cpus + ") failed: " + LinuxNative.describeErrno(errno));
        }
        // give the scheduler a chance to move us so that sched_getcpu reports the new home
        Thread.yield();
        return observe(cpus, true, "");
    }

    /**
     * Reads the calling thread's placement without changing it.
     *
     * @return a result with nothing requested; ok unless the read-back failed.
     */
    public static PinResult observeCurrentThread()
    {
        return observe(CpuSet.EMPTY, true, "");
    }

    /**
     * {@return the calling thread's affinity mask, or the empty set when it cannot be read}
     */
    public static CpuSet currentThreadMask()
    {
        if (!isSupported())
        {
            return CpuSet.EMPTY;
        }
        try
        {
            return LinuxNative.currentThreadMask();
        }
        catch (final IllegalStateException ex)
        {
            return CpuSet.EMPTY;
        }
    }

    /**
     * {@return the CPU the calling thread last ran on, or -1 when unknown}
     */
    public static int currentCpu()
    {
        try
        {
            return isSupported() ? LinuxNative.currentCpu() : -1;
        }
        catch (final IllegalStateException ex)
        {
            return -1;
        }
    }

    /**
     * {@return the kernel's id of the calling thread, or -1 when unknown}
     */
    public static int currentTid()
    {
        try
        {
            return isSupported() ? LinuxNative.currentTid() : -1;
        }
        catch (final IllegalStateException ex)
        {
            return -1;
        }
    }

    private static PinResult observe(final CpuSet requested, final boolean setOk, final String error)
    {
        final String reason = LinuxNative.availability();
        if (reason != null)
        {
            return new PinResult(requested, CpuSet.EMPTY, -1, -1, false, error.isEmpty() ? reason : error);
        }

        final int tid = currentTid();
        final int lastCpu = currentCpu();
        final CpuSet mask;
        try
        {
            mask = LinuxNative.currentThreadMask();
        }
        catch (final IllegalStateException ex)
        {
            return new PinResult(requested, CpuSet.EMPTY, tid, lastCpu, false, error.isEmpty() ? ex.getMessage() : error);
        }

        if (setOk && !requested.isEmpty() && !mask.equals(requested))
        {
            return new PinResult(requested, mask, tid, lastCpu, false,
                "asked for CPUs " + requested + " but the kernel reports mask " + mask.describe());
        }
        return new PinResult(requested, mask, tid, lastCpu, setOk, error);
    }
}
