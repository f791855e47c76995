package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinReport;

import static io.hotpath.EngineConfig.WORKER_CPU;
import static io.hotpath.EngineConfig.WORKER_CPU_NONE;
import static io.hotpath.EngineConfig.workerKey;
import static io.hotpath.affinity.AffinityProfile.NO_CPU;

import io.hotpath.Idle;

import java.util.ArrayList;
import java.util.List;

/**
 * A profile laid onto a topology: for each worker, its CPU, physical core, SMT siblings, NUMA node and L3
 * group, so a reader sees what sits next to what; and, after start, a check that the threads really are
 * where the plan says.
 * <p>
 * Immutable, so thread-safe.
 */
public final class AffinityPlan
{
    /**
     * Where one worker goes.
     *
     * @param worker      worker index.
     * @param cpu         its CPU, or {@link AffinityProfile#NO_CPU} when unpinned.
     * @param idle        its idle strategy.
     * @param core        the CPU's physical core, or null when unpinned or the CPU is unknown.
     * @param smtSiblings the other logical CPUs on that core.
     * @param node        the CPU's NUMA node, or -1.
     * @param l3          CPUs sharing the CPU's L3 cache; empty when unknown.
     * @param isolated    whether the CPU is isolated from the scheduler.
     * @param nohzFull    whether the CPU runs tickless.
     */
    public record Placement(
        int worker, int cpu, Idle idle, Core core, CpuSet smtSiblings, int node, CpuSet l3, boolean isolated,
        boolean nohzFull)
    {
    }

    private final AffinityProfile profile;
    private final CpuTopology topology;
    private final List<Placement> placements;

    private AffinityPlan(final AffinityProfile profile, final CpuTopology topology, final List<Placement> placements)
    {
        this.profile = profile;
        this.topology = topology;
        this.placements = placements;
    }

    /**
     * {@return the plan}
     *
     * @param profile  the profile; need not pass {@link ProfileCheck}, unknown CPUs are shown as such.
     * @param topology the machine.
     */
    public static AffinityPlan of(final AffinityProfile profile, final CpuTopology topology)
    {
        final List<Placement> placements = new ArrayList<>();
        for (int worker = 0; worker < profile.workers(); worker++)
        {
            final int cpu = profile.cpu(worker);
            placements.add(new Placement(
                worker,
                cpu,
                profile.idle(worker),
                cpu == NO_CPU ? null : topology.coreOf(cpu).orElse(null),
                cpu == NO_CPU ? CpuSet.EMPTY : topology.smtSiblings(cpu),
                cpu == NO_CPU ? -1 : topology.nodeOf(cpu),
                cpu == NO_CPU ? CpuSet.EMPTY : topology.cpu(cpu).map(CpuInfo::l3).orElse(CpuSet.EMPTY),
                topology.isolated().contains(cpu),
                topology.nohzFull().contains(cpu)));
        }
        return new AffinityPlan(profile, topology, List.copyOf(placements));
    }

    /** {@return the profile the plan lays out} */
    public AffinityProfile profile()
    {
        return profile;
    }

    /** {@return where each worker goes, in worker order} */
    public List<Placement> placements()
    {
        return placements;
    }

    /**
     * {@return one line per worker, then one for the engine's other threads and one for the JVM's}
     */
    public List<String> lines()
    {
        final List<String> lines = new ArrayList<>();
        for (final Placement p : placements)
        {
            final StringBuilder sb = new StringBuilder("worker ").append(p.worker()).append(" -> ");
            if (p.cpu() == NO_CPU)
            {
                sb.append("unpinned (any of CPUs ").append(topology.allowed()).append(')');
            }
            else if (p.core() == null)
            {
                sb.append("CPU ").append(p.cpu()).append(" -> no such CPU here");
            }
            else
            {
                sb.append("CPU ").append(p.cpu()).append(" -> ").append(p.core().describe())
                    .append(", SMT siblings ").append(p.smtSiblings().describe())
                    .append(", NUMA node ").append(p.node());
                if (!p.l3().isEmpty())
                {
                    sb.append(", L3 shared with ").append(p.l3());
                }
                sb.append(p.isolated() ? ", isolated" : "").append(p.nohzFull() ? ", nohz_full" : "");
            }
            lines.add(sb.append("; idle ").append(p.idle().configName()).toString());
        }
        lines.add("other threads -> " + (profile.otherCpus().isEmpty() ?
            "not pinned (any allowed CPU)" : "CPUs " + profile.otherCpus()));
        lines.add("JVM GC/JIT threads (advice) -> " + (profile.jvmCpus().isEmpty() ?
            "no advice" : "CPUs " + profile.jvmCpus()));
        return lines;
    }

    /**
     * Compares what the workers report after pinning with the plan: every pinned worker must report a
     * mask of exactly its CPU and have last run there.
     *
     * @param reports one report per worker, in any order; non-worker reports are ignored.
     * @return errors, one per worker that is not where the plan says; empty when all are.
     */
    public List<Finding> verify(final List<PinReport> reports)
    {
        final List<Finding> findings = new ArrayList<>();
        for (final Placement p : placements)
        {
            final String key = workerKey(WORKER_CPU, p.worker());
            final String entry = key + "=" + (p.cpu() == NO_CPU ? WORKER_CPU_NONE : p.cpu()) + ": ";
            final PinReport report = reports.stream().filter(r -> r.worker() == p.worker()).findFirst().orElse(null);
            if (report == null)
            {
                findings.add(Finding.error(key, entry + "no report from worker " + p.worker()));
            }
            else if (!report.ok())
            {
                findings.add(Finding.error(key, entry + report.threadName() + " was not pinned: " +
                    report.result().error()));
            }
            else if (p.cpu() != NO_CPU && !report.mask().equals(CpuSet.of(p.cpu())))
            {
                findings.add(Finding.error(key, entry + report.threadName() + " has mask " +
                    report.mask().describe() + " instead of " + p.cpu()));
            }
            else if (p.cpu() != NO_CPU && report.lastCpu() != p.cpu())
            {
                findings.add(Finding.error(key, entry + report.threadName() + " last ran on CPU " +
                    report.lastCpu() + " instead of " + p.cpu()));
            }
        }
        return findings;
    }

    @Override
    public String toString()
    {
        return String.join("\n", lines());
    }
}
