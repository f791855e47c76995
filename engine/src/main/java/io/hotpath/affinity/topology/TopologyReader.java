package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads sysfs and procfs files into a {@link CpuTopology}. Stateless, so thread-safe.
 */
final class TopologyReader
{
    private static final Pattern NUMBERED = Pattern.compile("(cpu|node|index)\\d+");

    private TopologyReader()
    {
    }

    static CpuTopology readOrFallback(final Path root)
    {
        if (Files.isDirectory(cpuDir(root)))
        {
            return read(root);
        }
        final int count = Runtime.getRuntime().availableProcessors();
        final CpuSet all = CpuSet.range(0, count - 1);
        final SortedMap<Integer, CpuInfo> cpus = new TreeMap<>();
        all.stream().forEach(cpu -> cpus.put(cpu, new CpuInfo(cpu, cpu, 0, CpuSet.of(cpu), 0, CpuSet.EMPTY, true)));
        final SortedMap<Integer, CpuSet> nodes = new TreeMap<>();
        nodes.put(0, all);
        return new CpuTopology(all, all, cpus, nodes, CpuSet.EMPTY, CpuSet.EMPTY, all, CpuSet.EMPTY, "unknown");
    }

    static CpuTopology read(final Path root)
    {
        final Path cpuDir = cpuDir(root);
        if (!Files.isDirectory(cpuDir))
        {
            throw new UncheckedIOException(new IOException("no CPU topology: " + cpuDir + " is not a directory"));
        }

        final CpuSet present = cpuList(cpuDir.resolve("present"), numbered(cpuDir, "cpu"));
        final CpuSet online = cpuList(cpuDir.resolve("online"), present);
        final CpuSet isolated = cpuList(cpuDir.resolve("isolated"), CpuSet.EMPTY);
        final CpuSet nohzFull = cpuList(cpuDir.resolve("nohz_full"), CpuSet.EMPTY);

        final SortedMap<Integer, CpuSet> nodes = new TreeMap<>();
        final Path nodeDir = root.resolve("sys/devices/system/node");
        numbered(nodeDir, "node").stream().forEach(
            node -> nodes.put(node, cpuList(nodeDir.resolve("node" + node).resolve("cpulist"), CpuSet.EMPTY)));
        if (nodes.isEmpty())
        {
            nodes.put(0, present);
        }

        final SortedMap<Integer, CpuInfo> cpus = new TreeMap<>();
        present.stream().forEach(cpu -> cpus.put(cpu, readCpu(cpuDir.resolve("cpu" + cpu), cpu, online, nodes)));

        final CpuSet allowed = allowedFromStatus(root.resolve("proc/self/status"), online);
        return new CpuTopology(present, online, cpus, nodes, isolated, nohzFull, allowed, cpuset(root), model(root));
    }

    private static CpuInfo readCpu(
        final Path dir, final int cpu, final CpuSet online, final SortedMap<Integer, CpuSet> nodes)
    {
        final Path topology = dir.resolve("topology");
        final int coreId = number(topology.resolve("core_id"), cpu);
        final int packageId = number(topology.resolve("physical_package_id"), 0);
        final CpuSet siblings = cpuList(topology.resolve("thread_siblings_list"), CpuSet.of(cpu));

        int node = 0;
        for (final var entry : nodes.entrySet())
        {
            if (entry.getValue().contains(cpu))
            {
                node = entry.getKey();
                break;
            }
        }

        CpuSet l3 = CpuSet.EMPTY;
        final Path cacheDir = dir.resolve("cache");
        for (final int index : numbered(cacheDir, "index").toArray())
        {
            final Path cache = cacheDir.resolve("index" + index);
            if (number(cache.resolve("level"), 0) == 3)
            {
                l3 = cpuList(cache.resolve("shared_cpu_list"), CpuSet.EMPTY);
            }
        }
        return new CpuInfo(cpu, coreId, packageId, siblings, node, l3, online.contains(cpu));
    }

    private static CpuSet allowedFromStatus(final Path status, final CpuSet fallback)
    {
        final String text = text(status);
        if (text == null)
        {
            return fallback;
        }
        for (final String line : text.split("\n"))
        {
            if (line.startsWith("Cpus_allowed_list:"))
            {
                return parse(status, line.substring("Cpus_allowed_list:".length()));
            }
        }
        return fallback;
    }

    // "0::/path" is cgroup v2, "N:cpuset[,...]:/path" the v1 cpuset hierarchy
    private static CpuSet cpuset(final Path root)
    {
        final String text = text(root.resolve("proc/self/cgroup"));
        if (text == null)
        {
            return CpuSet.EMPTY;
        }
        final Path cgroupRoot = root.resolve("sys/fs/cgroup");
        for (final String line : text.split("\n"))
        {
            final String[] fields = line.split(":", 3);
            if (fields.length != 3)
            {
                continue;
            }
            final String path = fields[2].strip().replaceFirst("^/+", "");
            final Path file;
            if (fields[0].equals("0") && fields[1].isEmpty())
            {
                file = cgroupRoot.resolve(path).resolve("cpuset.cpus.effective");
            }
            else if (List.of(fields[1].split(",")).contains("cpuset"))
            {
                file = cgroupRoot.resolve("cpuset").resolve(path).resolve("cpuset.effective_cpus");
            }
            else
            {
                continue;
            }
            final CpuSet cpus = cpuList(file, CpuSet.EMPTY);
            if (!cpus.isEmpty())
            {
                return cpus;
            }
        }
        return CpuSet.EMPTY;
    }

    private static String model(final Path root)
    {
        final String text = text(root.resolve("proc/cpuinfo"));
        if (text != null)
        {
            for (final String line : text.split("\n"))
            {
                final int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).strip().equals("model name"))
                {
                    return line.substring(colon + 1).strip();
                }
            }
        }
        return "unknown";
    }

    // a directory's entries named prefix + number, e.g. cpu0, cpu1 (cpufreq and cpuidle do not match)
    private static CpuSet numbered(final Path dir, final String prefix)
    {
        if (!Files.isDirectory(dir))
        {
            return CpuSet.EMPTY;
        }
        final BitSet found = new BitSet();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, prefix + "*"))
        {
            for (final Path entry : entries)
            {
                final String name = entry.getFileName().toString();
                if (NUMBERED.matcher(name).matches() && name.startsWith(prefix))
                {
                    found.set(Integer.parseInt(name.substring(prefix.length())));
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return CpuSet.of(found);
    }

    private static CpuSet cpuList(final Path file, final CpuSet fallback)
    {
        final String text = text(file);
        return text == null ? fallback : parse(file, text);
    }

    private static CpuSet parse(final Path file, final String text)
    {
        // nohz_full reads "(null)" on kernels booted without it
        final String value = text.strip();
        if (value.equals("(null)"))
        {
            return CpuSet.EMPTY;
        }
        try
        {
            return CpuSet.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(file + ": " + ex.getMessage(), ex);
        }
    }

    private static int number(final Path file, final int fallback)
    {
        final String text = text(file);
        if (text == null)
        {
            return fallback;
        }
        try
        {
            return Integer.parseInt(text.strip());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(file + ": \"" + text.strip() + "\" is not a number", ex);
        }
    }

    private static String text(final Path file)
    {
        if (!Files.isRegularFile(file))
        {
            return null;
        }
        try
        {
            return Files.readString(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static Path cpuDir(final Path root)
    {
        return root.resolve("sys/devices/system/cpu");
    }
}
