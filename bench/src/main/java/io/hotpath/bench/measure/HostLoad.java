package io.hotpath.bench.measure;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the host did with its CPUs while a row was measured, read from {@code /proc/stat} (every CPU's time, and the
 * time the hypervisor stole) and {@code /proc/self/stat} (this JVM's own CPU time). Both count in the kernel's clock
 * ticks (USER_HZ, usually 10 ms), so a row of a second on two CPUs is read to about 1%. Stateless; the driver calls
 * it before and after each measurement, never while a measured thread waits for it.
 * <p>
 * {@code stealPct} is the share of all CPUs' time the hypervisor gave to other guests; {@code otherPct} is the share
 * the rest of this guest used (other processes: a build, another benchmark), which on a 2-CPU host pushes the two
 * measured threads onto one CPU.
 */
public final class HostLoad
{
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final Path SELF_STAT = Path.of("/proc/self/stat");

    private HostLoad()
    {
    }

    /**
     * The counters at one moment, in clock ticks.
     *
     * @param totalTicks every CPU's time: user, nice, system, idle, iowait, irq, softirq, steal.
     * @param busyTicks  time the guest's CPUs ran anything: user, nice, system, irq, softirq.
     * @param stealTicks time the hypervisor ran something else while a CPU of this guest wanted to run.
     * @param selfTicks  this process's user and system time.
     */
    public record Sample(long totalTicks, long busyTicks, long stealTicks, long selfTicks)
    {
    }

    /**
     * The host's load between two samples.
     *
     * @param stealPct share of all CPUs' time stolen by the hypervisor, percent.
     * @param otherPct share of all CPUs' time used by processes other than this JVM, percent.
     */
    public record Share(double stealPct, double otherPct) implements Serializable
    {
    }

    /**
     * @return the counters now, or null where they cannot be read (not Linux).
     */
    public static Sample sample()
    {
        try
        {
            final String cpu = Files.readAllLines(PROC_STAT, StandardCharsets.US_ASCII).get(0);
            final String[] f = cpu.trim().split("\\s+");
            if (!"cpu".equals(f[0]) || f.length < 9)
            {
                return null;
            }
            long total = 0;
            for (int i = 1; i <= 8; i++)
            {
                total += Long.parseLong(f[i]);
            }
            final long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) +
                Long.parseLong(f[6]) + Long.parseLong(f[7]);
            final String self = Files.readString(SELF_STAT, StandardCharsets.US_ASCII);
            // the command name in parentheses may hold spaces: count fields after its closing parenthesis
            final String[] s = self.substring(self.lastIndexOf(')') + 2).trim().split("\\s+");
            final long selfTicks = Long.parseLong(s[11]) + Long.parseLong(s[12]);
            return new Sample(total, busy, Long.parseLong(f[8]), selfTicks);
        }
        catch (final IOException | RuntimeException ex)
        {
            return null;
        }
    }

    /**
     * @param before a sample, or null.
     * @param after  a later sample, or null.
     * @return the load between them, or null when either is missing or no tick passed.
     */
    public static Share between(final Sample before, final Sample after)
    {
        if (before == null || after == null || after.totalTicks() <= before.totalTicks())
        {
            return null;
        }
        final double total = after.totalTicks() - before.totalTicks();
        final long other = (after.busyTicks() - before.busyTicks()) - (after.selfTicks() - before.selfTicks());
        return new Share(round(100.0 * (after.stealTicks() - before.stealTicks()) / total),
            round(100.0 * Math.max(0, other) / total));
    }

    private static double round(final double pct)
    {
        return Math.rint(pct * 10.0) / 10.0;
    }
}
