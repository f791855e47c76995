package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;

import static io.hotpath.EngineConfig.JVM_CPUS;
import static io.hotpath.EngineConfig.OTHER_CPUS;
import static io.hotpath.EngineConfig.WORKERS;
import static io.hotpath.EngineConfig.WORKER_CPU;
import static io.hotpath.EngineConfig.WORKER_CPU_NONE;
import static io.hotpath.EngineConfig.workerKey;
import static io.hotpath.affinity.AffinityProfile.NO_CPU;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Judges an {@link AffinityProfile} against a {@link CpuTopology}. Errors mean the profile cannot work
 * on this machine as written (a CPU that does not exist, is offline or is not allowed to the process,
 * meaning outside {@link CpuTopology#pinnable()},
 * two workers on one CPU); warnings mean it works but costs latency (spinning on CPU 0, on a CPU that is
 * not isolated, on SMT siblings of another spinner, more spinners than cores, workers over several NUMA
 * nodes). Every message names the key, the value and what is allowed.
 * <p>
 * Stateless, so thread-safe.
 */
public final class ProfileCheck
{
    private ProfileCheck()
    {
    }

    /**
     * {@return findings, errors first, in key order within each severity}
     *
     * @param profile  the profile to judge.
     * @param topology the machine it is meant for.
     */
    public static List<Finding> check(final AffinityProfile profile, final CpuTopology topology)
    {
        final List<Finding> findings = new ArrayList<>();
        final Map<Integer, Integer> workerOfCpu = new HashMap<>();
        final List<Integer> spinningPinned = new ArrayList<>();
        int spinning = 0;

        for (int worker = 0; worker < profile.workers(); worker++)
        {
            final int cpu = profile.cpu(worker);
            final String key = workerKey(WORKER_CPU, worker);
            final String entry = key + "=" + (cpu == NO_CPU ? WORKER_CPU_NONE : cpu) + ": ";
            final String spinner = "worker " + worker + " spins (" + profile.idle(worker).configName() + ")";
            spinning += profile.spins(worker) ? 1 : 0;

            if (cpu == NO_CPU)
            {
                if (profile.spins(worker))
                {
                    findings.add(Finding.warning(key, entry + spinner +
                        " but is not pinned; it competes with every other thread for a CPU"));
                }
                continue;
            }

            if (!cpuUsable(entry, key, CpuSet.of(cpu), topology, findings, true))
            {
                continue;
            }
            final Integer taken = workerOfCpu.putIfAbsent(cpu, worker);
            if (taken != null)
            {
                findings.add(Finding.error(key, entry + "CPU " + cpu + " is already taken by worker." + taken +
                    "; each worker needs a CPU of its own"));
                continue;
            }
            if (!profile.spins(worker))
            {
                continue;
            }
            spinningPinned.add(worker);
            if (cpu == 0)
            {
                findings.add(Finding.warning(key, entry + spinner +
                    " on CPU 0, which takes most interrupts and kernel housekeeping; pick another CPU"));
            }
            if (!topology.isolated().contains(cpu))
            {
                findings.add(Finding.warning(key, entry + spinner + " on CPU " + cpu +
                    ", which is not isolated, so the scheduler will run other threads there; isolated CPUs are " +
                    topology.isolated().describe()));
            }
        }

        smtSharing(profile, topology, spinningPinned, findings);
        coreAndNodeSpread(profile, topology, spinning, findings);

        final String otherEntry = OTHER_CPUS + "=" + profile.otherCpus() + ": ";
        if (cpuUsable(otherEntry, OTHER_CPUS, profile.otherCpus(), topology, findings, true))
        {
            // a worker that backs off or parks gives its CPU away anyway; only spinners lose by sharing
            final CpuSet spinnerCpus = CpuSet.of(spinningPinned.stream().mapToInt(profile::cpu).toArray());
            final CpuSet overlap = profile.otherCpus().intersect(spinnerCpus);
            if (!overlap.isEmpty())
            {
                findings.add(Finding.warning(OTHER_CPUS, otherEntry + "overlaps the CPUs " + overlap +
                    " of spinning workers, so the engine's other threads will interrupt them"));
            }
        }
        cpuUsable(JVM_CPUS + "=" + profile.jvmCpus() + ": ", JVM_CPUS, profile.jvmCpus(),
            topology, findings, false);

        findings.sort((a, b) -> a.severity() != b.severity() ?
            a.severity().compareTo(b.severity()) : a.key().compareTo(b.key()));
        return findings;
    }

    /**
     * {@return true when the findings hold no error, so the profile can be used here}
     *
     * @param findings what {@link #check} found.
     */
    public static boolean passes(final List<Finding> findings)
    {
        return findings.stream().noneMatch(Finding::isError);
    }

    private static boolean cpuUsable(
        final String entry,
        final String key,
        final CpuSet cpus,
        final CpuTopology topology,
        final List<Finding> findings,
        final boolean mustBeAllowed)
    {
        final CpuSet missing = cpus.minus(topology.present());
        if (!missing.isEmpty())
        {
            findings.add(Finding.error(key, entry + cpuWord(missing) + " " + missing + doesOrDo(missing) +
                " not exist; this machine has CPUs " + topology.present()));
            return false;
        }
        final CpuSet offline = cpus.minus(topology.online());
        if (!offline.isEmpty())
        {
            findings.add(Finding.error(key, entry + cpuWord(offline) + " " + offline + isOrAre(offline) +
                " offline; online CPUs are " + topology.online()));
            return false;
        }
        final CpuSet forbidden = cpus.minus(topology.pinnable());
        if (!forbidden.isEmpty())
        {
            final String message = entry + cpuWord(forbidden) + " " + forbidden + isOrAre(forbidden) +
                " not allowed to this process; allowed CPUs are " + topology.pinnable();
            findings.add(mustBeAllowed ? Finding.error(key, message) : Finding.warning(key, message));
            return false;
        }
        return true;
    }

    private static void smtSharing(
        final AffinityProfile profile,
        final CpuTopology topology,
        final List<Integer> spinningPinned,
        final List<Finding> findings)
    {
        for (int i = 0; i < spinningPinned.size(); i++)
        {
            for (int j = 0; j < i; j++)
            {
                final int worker = spinningPinned.get(i);
                final int other = spinningPinned.get(j);
                final int cpu = profile.cpu(worker);
                if (topology.smtSiblings(cpu).contains(profile.cpu(other)))
                {
                    final String key = workerKey(WORKER_CPU, worker);
                    final Optional<Core> core = topology.coreOf(cpu);
                    findings.add(Finding.warning(key, key + "=" + cpu + ": spinning worker " + worker +
                        " shares a physical core (" + core.map(Core::describe).orElse("?") +
                        ") with spinning worker " + other + " on CPU " + profile.cpu(other) +
                        "; SMT siblings share execution units and slow each other down"));
                }
            }
        }
    }

    private static void coreAndNodeSpread(
        final AffinityProfile profile, final CpuTopology topology, final int spinning, final List<Finding> findings)
    {
        final long cores = topology.cores().stream()
            .filter(c -> !c.cpus().intersect(topology.pinnable()).isEmpty())
            .count();
        if (spinning > cores)
        {
            findings.add(Finding.warning(WORKERS, WORKERS + "=" + profile.workers() + ": " +
                spinning + " workers spin but this process has only " + cores +
                " physical cores; spinners will share cores or time-slice"));
        }

        final TreeSet<Integer> nodes = new TreeSet<>();
        profile.workerCpus().stream()
            .map(topology::nodeOf)
            .filter(n -> n >= 0)
            .forEach(nodes::add);
        if (nodes.size() > 1)
        {
            findings.add(Finding.warning(WORKERS, WORKERS + "=" + profile.workers() +
                ": pinned workers span NUMA nodes " + nodes + "; messages between them cross the interconnect" +
                " and memory is remote for some of them"));
        }
    }

    private static String cpuWord(final CpuSet cpus)
    {
        return cpus.size() == 1 ? "CPU" : "CPUs";
    }

    private static String isOrAre(final CpuSet cpus)
    {
        return cpus.size() == 1 ? " is" : " are";
    }

    private static String doesOrDo(final CpuSet cpus)
    {
        return cpus.size() == 1 ? " does" : " do";
    }
}
