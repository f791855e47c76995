package io.hotpath.affinity;

/**
 * What one pin attempt did, as read back from the kernel afterwards.
 * <p>
 * Immutable, so thread-safe.
 *
 * @param requested CPUs asked for; empty when the thread was only observed, not pinned.
 * @param mask      the thread's affinity mask read back after the attempt; empty when unknown.
 * @param tid       the kernel's thread id ({@code ps -L} shows it as LWP or TID), or -1 when unknown.
 * @param lastCpu   the CPU the thread last ran on ({@code sched_getcpu}), or -1 when unknown.
 * @param ok        true when the mask read back is exactly what was requested (or nothing was).
 * @param error     why it is not ok, empty when ok.
 */
public record PinResult(CpuSet requested, CpuSet mask, int tid, int lastCpu, boolean ok, String error)
{
    /**
     * {@return the single CPU requested, or -1 when none or several were}
     */
    public int requestedCpu()
    {
        return requested.size() == 1 ? requested.first() : -1;
    }

    /**
     * {@return true when the thread is pinned to exactly one CPU and last ran there}
     */
    public boolean onRequestedCpu()
    {
        return ok && requested.size() == 1 && mask.equals(requested) && lastCpu == requested.first();
    }

    @Override
    public String toString()
    {
        return "PinResult{requested=" + requested.describe() + ", mask=" + mask.describe() + ", tid=" + tid +
            ", lastCpu=" + lastCpu + ", ok=" + ok + (ok ? "" : ", error=" + error) + '}';
    }
}
