package io.hotpath.bench.affinity;

import io.hotpath.affinity.topology.Core;
import io.hotpath.affinity.topology.CpuInfo;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.topology.CpuTopology;
import io.hotpath.affinity.PinResult;
import io.hotpath.affinity.topology.ThreadPinning;

import java.io.PrintStream;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Prints a {@link CpuTopology} for people. Stateless, so thread-safe.
 */
final class TopologyPrinter
{
    private TopologyPrinter()
    {
    }

    static void print(final CpuTopology t, final String source, final PrintStream out)
    {
        out.println("CPU topology (read from " + source + ")");
        line(out, "CPU model", t.model());
        line(out, "CPUs", "present " + t.present() + ", online " + t.online());
        line(out, "packages", joined(t.packages()));
        line(out, "NUMA nodes", joined(t.nodes()));
        line(out, "L3 caches", t.l3Groups().isEmpty() ? "unknown" :
            t.l3Groups().stream().map(CpuSet::toString).collect(Collectors.joining("  ")));
        line(out, "physical cores", t.cores().size() + " (" + t.cpus().size() + " logical CPUs" +
            (t.cores().size() < t.cpus().size() ? ", SMT on" : ", no SMT") + ")");
        for (final Core core : t.cores())
        {
            out.println("    " + core.describe() + ": CPUs " + core.cpus());
        }
        line(out, "isolated CPUs", t.isolated().describe());
        line(out, "nohz_full CPUs", t.nohzFull().describe());
        line(out, "affinity mask", t.allowed() + " (CPUs this process started on)");
        line(out, "cpuset", t.cpuset().isEmpty() ? "unknown" : t.cpuset().toString());
        line(out, "pinnable CPUs", t.pinnable().toString());
        out.println();
        out.println("  cpu  package  core  node  smt siblings  L3       flags");
        for (final CpuInfo c : t.cpus())
        {
            out.println(String.format("  %-3d  %-7d  %-4d  %-4d  %-12s  %-7s  %s",
                c.cpu(), c.packageId(), c.coreId(), c.node(), t.smtSiblings(c.cpu()).describe(),
                c.l3().isEmpty() ? "?" : c.l3().toString(), flags(t, c)).stripTrailing());
        }
        out.println();
        if (ThreadPinning.isSupported())
        {
            final PinResult here = ThreadPinning.observeCurrentThread();
            line(out, "pinning", "supported (this thread: tid " + here.tid() + ", on CPU " + here.lastCpu() +
                ", mask " + here.mask().describe() + ")");
        }
        else
        {
            line(out, "pinning", "not available: " + ThreadPinning.unsupportedReason());
        }
    }

    private static String flags(final CpuTopology t, final CpuInfo c)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(c.online() ? "" : "offline ");
        sb.append(t.isolated().contains(c.cpu()) ? "isolated " : "");
        sb.append(t.nohzFull().contains(c.cpu()) ? "nohz_full " : "");
        sb.append(t.pinnable().contains(c.cpu()) ? "" : "not-allowed ");
        return sb.toString().strip();
    }

    private static String joined(final Map<Integer, CpuSet> groups)
    {
        return groups.entrySet().stream()
            .map(e -> e.getKey() + ": " + e.getValue())
            .collect(Collectors.joining("  "));
    }

    private static void line(final PrintStream out, final String label, final String value)
    {
        out.printf("  %-15s %s%n", label, value);
    }
}
