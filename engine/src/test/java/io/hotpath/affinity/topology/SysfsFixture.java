package io.hotpath.affinity.topology;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the few sysfs and procfs files the topology reader looks at, for machines we do not have. */
final class SysfsFixture
{
    private final Path root;

    private SysfsFixture(final Path root)
    {
        this.root = root;
    }

    /** This 2-CPU VM as recorded from its /sys and /proc: 2 cores, no SMT, one node, no isolation. */
    static Path vm()
    {
        try
        {
            return Path.of(SysfsFixture.class.getResource("/topology/vm-2cpu").toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** A laptop: 1 package, 2 cores x 2 SMT threads (siblings 0+2, 1+3), one node, one L3, nothing isolated. */
    static Path laptop(final Path dir)
    {
        final SysfsFixture f = new SysfsFixture(dir);
        f.write("sys/devices/system/cpu/present", "0-3");
        f.write("sys/devices/system/cpu/online", "0-3");
        f.write("sys/devices/system/cpu/isolated", "");
        f.write("sys/devices/system/cpu/nohz_full", "(null)");
        for (int cpu = 0; cpu < 4; cpu++)
        {
            f.cpu(cpu, cpu % 2, 0, (cpu % 2) + "," + (cpu % 2 + 2), "0-3");
        }
        f.write("sys/devices/system/node/node0/cpulist", "0-3");
        f.write("proc/self/status", "Name:\tjava\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\n");
        f.write("proc/cpuinfo", "processor\t: 0\nmodel name\t: Intel(R) Core(TM) i7-8550U CPU @ 1.80GHz\n");
        return dir;
    }

    /**
     * A 2-socket server: 2 packages x 4 cores x 2 SMT threads. CPUs 0-3 and 4-7 are the first threads of
     * packages 0 and 1, CPU n+8 is CPU n's sibling; node 0 is 0-3,8-11, node 1 is 4-7,12-15; isolated and
     * nohz_full 2-7,10-15.
     */
    static Path server(final Path dir)
    {
        final SysfsFixture f = new SysfsFixture(dir);
        f.write("sys/devices/system/cpu/present", "0-15");
        f.write("sys/devices/system/cpu/online", "0-15");
        f.write("sys/devices/system/cpu/isolated", "2-7,10-15");
        f.write("sys/devices/system/cpu/nohz_full", "2-7,10-15");
        for (int cpu = 0; cpu < 16; cpu++)
        {
            final int first = cpu % 8;
            final int pkg = first / 4;
            f.cpu(cpu, first % 4, pkg, first + "," + (first + 8), pkg == 0 ? "0-3,8-11" : "4-7,12-15");
        }
        f.write("sys/devices/system/node/node0/cpulist", "0-3,8-11");
        f.write("sys/devices/system/node/node1/cpulist", "4-7,12-15");
        f.write("proc/self/status", "Name:\tjava\nCpus_allowed_list:\t0-15\n");
        f.write("proc/cpuinfo", "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Gold 5122 CPU @ 3.60GHz\n");
        return dir;
    }

    private void cpu(final int cpu, final int core, final int pkg, final String siblings, final String l3)
    {
        final String dir = "sys/devices/system/cpu/cpu" + cpu + "/";
        write(dir + "topology/core_id", Integer.toString(core));
        write(dir + "topology/physical_package_id", Integer.toString(pkg));
        write(dir + "topology/thread_siblings_list", siblings);
        write(dir + "cache/index0/level", "1");
        write(dir + "cache/index0/shared_cpu_list", siblings);
        write(dir + "cache/index3/level", "3");
        write(dir + "cache/index3/shared_cpu_list", l3);
    }

    private void write(final String relative, final String text)
    {
        try
        {
            final Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text + "\n");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
