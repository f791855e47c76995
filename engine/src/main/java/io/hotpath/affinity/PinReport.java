package io.hotpath.affinity;

import io.hotpath.affinity.topology.ThreadPinning;

import java.util.List;

/**
 * How one engine thread ended up placed: which thread, what it asked for, and what the kernel reports.
 * The engine collects one per worker at start.
 * <p>
 * Immutable, so thread-safe.
 *
 * @param worker     worker index, or -1 for a thread that is not a worker.
 * @param threadName the Java thread's name, as {@code ps -L -o comm} shows it (15 characters at most).
 * @param result     the pin attempt, read back.
 */
public record PinReport(int worker, String threadName, PinResult result)
{
    private static final String[] HEADER = {"worker", "thread", "tid", "requested", "mask", "on cpu", "pinned"};

    /**
     * Pins the calling thread as worker {@code worker} and reports it under the thread's name.
     *
     * @param worker    worker index.
     * @param cpu       its CPU, or {@link AffinityProfile#NO_CPU} to only observe where it runs.
     * @param mandatory when true a failed pin throws.
     * @return the report.
     * @throws AffinityException when mandatory and the pin failed.
     */
    public static PinReport pinCurrentWorker(final int worker, final int cpu, final boolean mandatory)
    {
        final PinResult result = cpu == AffinityProfile.NO_CPU ?
            ThreadPinning.observeCurrentThread() : ThreadPinning.pinCurrentThread(cpu, mandatory);
        return new PinReport(worker, Thread.currentThread().getName(), result);
    }

    /** {@return the kernel's thread id, or -1 when unknown} */
    public int tid()
    {
        return result.tid();
    }

    /**
     * {@return the single CPU requested, or -1 when none}
     */
    public int requestedCpu()
    {
        return result.requestedCpu();
    }

    /** {@return the thread's affinity mask read back after the pin; empty when unknown} */
    public CpuSet mask()
    {
        return result.mask();
    }

    /** {@return the CPU the thread last ran on, or -1 when unknown} */
    public int lastCpu()
    {
        return result.lastCpu();
    }

    /** {@return true when the mask read back is exactly what was requested (or nothing was)} */
    public boolean ok()
    {
        return result.ok();
    }

    /**
     * Formats reports as an aligned table with a header, one line per report, for logs and the tool.
     *
     * @param reports the reports.
     * @return the table, each line ending in a newline.
     */
    public static String table(final List<PinReport> reports)
    {
        final String[][] rows = new String[reports.size() + 1][];
        rows[0] = HEADER;
        for (int i = 0; i < reports.size(); i++)
        {
            final PinReport report = reports.get(i);
            final PinResult result = report.result();
            rows[i + 1] = new String[]{
                report.worker() < 0 ? "-" : Integer.toString(report.worker()),
                report.threadName(),
                result.tid() < 0 ? "?" : Integer.toString(result.tid()),
                result.requested().isEmpty() ? "none" : result.requested().toString(),
                result.mask().isEmpty() ? "?" : result.mask().toString(),
                result.lastCpu() < 0 ? "?" : Integer.toString(result.lastCpu()),
                result.ok() ? (result.requested().isEmpty() ? "not asked" : "yes") : "NO: " + result.error()
            };
        }
        return Table.format(rows);
    }

    @Override
    public String toString()
    {
        return "PinReport{worker=" + worker + ", thread=" + threadName + ", tid=" + result.tid() +
            ", requested=" + result.requested().describe() + ", mask=" + result.mask().describe() +
            ", lastCpu=" + result.lastCpu() + ", ok=" + result.ok() + (result.ok() ? "" : ", error=" + result.error()) +
            '}';
    }
}
