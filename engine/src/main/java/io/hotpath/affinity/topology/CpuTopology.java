package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The machine's CPU layout as Linux describes it in sysfs and procfs: which CPUs exist and are online,
 * how they group into physical cores, packages, NUMA nodes and L3 caches, which are isolated or run
 * tickless, which this process may use, and the CPU model.
 * <p>
 * Immutable, so thread-safe. Built by {@link #current()} or, from a recorded tree, {@link #read(Path)}.
 */
public final class CpuTopology
{
    private final CpuSet present;
    private final CpuSet online;
    private final SortedMap<Integer, CpuInfo> cpus;
    private final SortedMap<Integer, CpuSet> nodes;
    private final List<CpuSet> l3Groups;
    private final List<Core> cores;
    private final CpuSet isolated;
    private final CpuSet nohzFull;
    private final CpuSet allowed;
    private final CpuSet cpuset;
    private final String model;

    CpuTopology(
        final CpuSet present,
        final CpuSet online,
        final SortedMap<Integer, CpuInfo> cpus,
        final SortedMap<Integer, CpuSet> nodes,
        final CpuSet isolated,
        final CpuSet nohzFull,
        final CpuSet allowed,
        final CpuSet cpuset,
        final String model)
    {
        this.present = present;
        this.online = online;
        this.cpus = Collections.unmodifiableSortedMap(new TreeMap<>(cpus));
        this.nodes = Collections.unmodifiableSortedMap(new TreeMap<>(nodes));
        this.isolated = isolated;
        this.nohzFull = nohzFull;
        this.allowed = allowed;
        this.cpuset = cpuset;
        this.model = model;

        final List<CpuSet> l3 = new ArrayList<>();
        final Map<List<Integer>, CpuSet> coreCpus = new LinkedHashMap<>();
        for (final CpuInfo info : cpus.values())
        {
            if (!info.l3().isEmpty() && !l3.contains(info.l3()))
            {
                l3.add(info.l3());
            }
            coreCpus.merge(List.of(info.packageId(), info.coreId()), info.siblings().union(CpuSet.of(info.cpu())),
                CpuSet::union);
        }
        this.l3Groups = List.copyOf(l3);
        final List<Core> coreList = new ArrayList<>();
        coreCpus.forEach((key, set) -> coreList.add(new Core(key.get(0), key.get(1), set)));
        coreList.sort(Comparator.comparingInt(Core::packageId).thenComparingInt(Core::coreId));
        this.cores = List.copyOf(coreList);
    }

    /**
     * Reads this machine's topology from {@code /sys} and {@code /proc}; the allowed CPUs come from
     * {@code sched_getaffinity} of the calling thread when pinning is supported. Where sysfs is missing
     * (not Linux) every available processor is taken as its own core on one node.
     *
     * @return the topology.
     */
    public static CpuTopology current()
    {
        final CpuTopology topology = TopologyReader.readOrFallback(Path.of("/"));
        final CpuSet mask = ThreadPinning.currentThreadMask();
        return mask.isEmpty() ? topology : topology.withAllowed(mask);
    }

    /**
     * Reads a topology from a tree laid out like {@code /}: {@code root/sys/devices/system/cpu/...},
     * {@code root/sys/devices/system/node/...}, {@code root/proc/self/status}, {@code root/proc/cpuinfo}.
     * Files that are missing take harmless defaults; only the cpu directory is required.
     *
     * @param root the tree's root, e.g. a recorded fixture.
     * @return the topology; the allowed CPUs come from {@code proc/self/status}, else all online CPUs; the
     *     cpuset from {@code proc/self/cgroup} and the cgroup v2 or v1 cpuset files under {@code sys/fs/cgroup}.
     * @throws java.io.UncheckedIOException when the cpu directory is missing or a file cannot be read.
     */
    public static CpuTopology read(final Path root)
    {
        return TopologyReader.read(root);
    }

    /**
     * {@return a copy with those allowed CPUs}
     *
     * @param allowedCpus the CPUs this process may use.
     */
    public CpuTopology withAllowed(final CpuSet allowedCpus)
    {
        return new CpuTopology(present, online, cpus, nodes, isolated, nohzFull, allowedCpus, cpuset, model);
    }

    /** {@return the CPUs the kernel knows of, online or not} */
    public CpuSet present()
    {
        return present;
    }

    /** {@return the CPUs that are online} */
    public CpuSet online()
    {
        return online;
    }

    /**
     * {@return the affinity mask the process started with (what {@code taskset -p} shows)}
     */
    public CpuSet allowed()
    {
        return allowed;
    }

    /**
     * {@return the CPUs of the process's cpuset cgroup, or the empty set when no cpuset file was found}
     */
    public CpuSet cpuset()
    {
        return cpuset;
    }

    /**
     * The CPUs a thread of this process can be pinned to. A thread may widen its mask beyond what the
     * process started with (a JVM launched under {@code taskset}, or kept off isolated CPUs by
     * {@code isolcpus}, can still pin a worker onto an isolated CPU), but never beyond its cpuset.
     *
     * @return the cpuset's online CPUs when the cpuset is known, else the affinity mask.
     */
    public CpuSet pinnable()
    {
        return cpuset.isEmpty() ? allowed : cpuset.intersect(online);
    }

    /**
     * {@return CPUs removed from the scheduler's balancing ({@code isolcpus}); empty when none}
     */
    public CpuSet isolated()
    {
        return isolated;
    }

    /**
     * {@return CPUs running without the periodic tick when busy ({@code nohz_full}); empty when none}
     */
    public CpuSet nohzFull()
    {
        return nohzFull;
    }

    /**
     * {@return the CPU model name, or {@code "unknown"}}
     */
    public String model()
    {
        return model;
    }

    /**
     * {@return every present CPU in ascending order}
     */
    public List<CpuInfo> cpus()
    {
        return List.copyOf(cpus.values());
    }

    /**
     * {@return what is known of a logical CPU, if it is present}
     *
     * @param cpu a logical CPU.
     */
    public Optional<CpuInfo> cpu(final int cpu)
    {
        return Optional.ofNullable(cpus.get(cpu));
    }

    /**
     * {@return physical cores ordered by package then core id}
     */
    public List<Core> cores()
    {
        return cores;
    }

    /**
     * {@return its physical core, if the CPU exists}
     *
     * @param cpu a logical CPU.
     */
    public Optional<Core> coreOf(final int cpu)
    {
        final CpuInfo info = cpus.get(cpu);
        if (info == null)
        {
            return Optional.empty();
        }
        return cores.stream()
            .filter(c -> c.packageId() == info.packageId() && c.coreId() == info.coreId())
            .findFirst();
    }

    /**
     * {@return the other logical CPUs on its physical core; empty without SMT or when the CPU is unknown}
     *
     * @param cpu a logical CPU.
     */
    public CpuSet smtSiblings(final int cpu)
    {
        return coreOf(cpu).map(c -> c.cpus().minus(CpuSet.of(cpu))).orElse(CpuSet.EMPTY);
    }

    /**
     * {@return NUMA node id to its CPUs}
     */
    public SortedMap<Integer, CpuSet> nodes()
    {
        return nodes;
    }

    /**
     * {@return the NUMA node of a CPU, or -1 when the CPU is unknown}
     *
     * @param cpu a logical CPU.
     */
    public int nodeOf(final int cpu)
    {
        final CpuInfo info = cpus.get(cpu);
        return info == null ? -1 : info.node();
    }

    /**
     * {@return package id to its CPUs}
     */
    public SortedMap<Integer, CpuSet> packages()
    {
        final SortedMap<Integer, CpuSet> packages = new TreeMap<>();
        for (final CpuInfo info : cpus.values())
        {
            packages.merge(info.packageId(), CpuSet.of(info.cpu()), CpuSet::union);
        }
        return Collections.unmodifiableSortedMap(packages);
    }

    /**
     * {@return groups of CPUs sharing one L3 cache; empty when sysfs does not say}
     */
    public List<CpuSet> l3Groups()
    {
        return l3Groups;
    }

    @Override
    public String toString()
    {
        return "CpuTopology{present=" + present + ", online=" + online + ", cores=" + cores.size() +
            ", nodes=" + nodes.size() + ", isolated=" + isolated.describe() + ", nohzFull=" + nohzFull.describe() +
            ", allowed=" + allowed + ", cpuset=" + cpuset.describe() + ", model=" + model + '}';
    }
}
