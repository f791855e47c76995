package io.hotpath.bench.cluster;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.report.MiniJson;
import io.hotpath.bench.run.Harness;
import io.hotpath.bench.run.HarnessOptions;
import io.hotpath.bench.run.Implementations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The cluster row end to end through the harness at a tiny size: three member JVMs start on this machine's loopback,
 * the Hotpath client's asks alternate with raw Aeron Cluster's echo in slices, nothing is lost, every pair is kept at
 * a level or counted as left out, the summary carries raw Aeron Cluster's level and the ratios, each member says what
 * its service thread allocated per message, and afterwards no member JVM runs and no directory of theirs is left.
 * Skipped, saying why, on a machine that cannot run three members (fewer than two CPUs, or too little free memory for
 * their heaps).
 */
class ClusterAskRowTest
{
    /** Three members' heaps and their JVMs' own memory, with room to spare. */
    private static final long MEMORY_NEEDED = 2L * 1024 * 1024 * 1024;

    @Test
    @SuppressWarnings("unchecked")
    void theClusterRowAlternatesHotpathAsksWithRawAeronClusterAndCleansUp(@TempDir final Path out) throws Exception
    {
        final int cpus = Runtime.getRuntime().availableProcessors();
        assumeTrue(cpus >= 2, "three cluster members and a client need two CPUs at least; this machine has " + cpus);
        final long free = ((com.sun.management.OperatingSystemMXBean)ManagementFactory.getOperatingSystemMXBean())
            .getFreeMemorySize();
        assumeTrue(free >= MEMORY_NEEDED, "three cluster members need about " + (MEMORY_NEEDED >> 20) + " MiB of " +
            "free memory; this machine has " + (free >> 20) + " MiB free");
        final Set<Path> dirsBefore = memberDirs();

        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios",
            "cluster-ask-3-members", "--impls", "hotpath-cluster", "--warmup", "1s", "--duration", "1s", "--pairs",
            "4", "--slice", "50ms", "--out", out.toString()});
        final ByteArrayOutputStream table = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        // the row prints its members' allocation on the JVM's standard error, as a row's engine prints its faults
        final PrintStream systemErr = System.err;
        System.setErr(errStream);
        final int status;
        try
        {
            status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
                new PrintStream(table, true, StandardCharsets.UTF_8), errStream);
        }
        finally
        {
            System.setErr(systemErr);
        }
        final String printed = table.toString(StandardCharsets.UTF_8);
        final String progress = err.toString(StandardCharsets.UTF_8);
        System.err.print(progress);
        assertEquals(Harness.OK, status, printed + progress);
        assertTrue(printed.contains("paired cluster round trips"), printed);

        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(
            Files.readString(out.resolve("summary.json")));
        final List<Object> results = (List<Object>)root.get("results");
        assertEquals(1, results.size(), printed);
        final Map<String, Object> r = (Map<String, Object>)results.get(0);
        assertEquals("cluster-ask-3-members", r.get("scenario"));
        assertEquals("hotpath-cluster", r.get("impl"));
        assertNull(r.get("error"));
        assertEquals(0.0, r.get("lost"), "nothing lost");
        final Map<String, Object> paired = (Map<String, Object>)r.get("paired");
        assertEquals(50_000_000.0, paired.get("sliceNs"));
        assertTrue(((String)paired.get("levelFloor")).startsWith("raw Aeron Cluster's"), (String)paired.get(
            "levelFloor"));
        final List<Map<String, Object>> pairs = (List<Map<String, Object>>)paired.get("pairs");
        assertTrue(!pairs.isEmpty(), "no pair");
        for (final Map<String, Object> pair : pairs)
        {
            assertTrue((Double)pair.get("floorBeforeP50Ns") > 0 && (Double)pair.get("floorAfterP50Ns") > 0, "" + pair);
            assertTrue((Double)pair.get("implCount") > 0, "" + pair);
        }
        int kept = 0;
        for (final Object l : (List<Object>)paired.get("levels"))
        {
            final Map<String, Object> level = (Map<String, Object>)l;
            kept += ((Double)level.get("pairs")).intValue();
            assertTrue((Double)level.get("p50RatioMedian") > 0, "" + level);
            assertTrue((Double)level.get("p999RatioPooled") > 0, "" + level);
        }
        assertEquals(pairs.size(), kept + ((Double)paired.get("straddled")).intValue() +
            ((Double)paired.get("shared")).intValue(), "every pair is kept or counted");

        assertTrue(progress.contains("hotpath-cluster: allocated in the"), progress);
        for (int member = 0; member < ThreeMembers.COUNT; member++)
        {
            assertTrue(progress.contains("  member " + member + " ("), progress);
        }
        assertTrue(progress.lines().filter(line -> line.contains("service thread: hotpath ")).count() ==
            ThreeMembers.COUNT, progress);

        assertNoMemberLeft();
        assertEquals(dirsBefore, memberDirs(), "the members' directories are deleted");
    }

    /** Every member JVM has ended (they close when told, or are killed). */
    private static void assertNoMemberLeft() throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<ProcessHandle> left;
        do
        {
            left = ProcessHandle.current().descendants()
                .filter(p -> p.isAlive() && p.info().commandLine().orElse("").contains(MemberMain.class.getName()))
                .toList();
            if (left.isEmpty())
            {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        while (System.nanoTime() - deadlineNs < 0);
        throw new AssertionError("cluster member JVMs still running: " + left);
    }

    /** The members' directories and their drivers' that exist now. */
    private static Set<Path> memberDirs() throws IOException
    {
        final Set<Path> dirs = new java.util.TreeSet<>();
        for (final Path root : List.of(Path.of(System.getProperty("java.io.tmpdir")), Path.of("/dev/shm")))
        {
            if (Files.isDirectory(root))
            {
                try (Stream<Path> list = Files.list(root))
                {
                    dirs.addAll(list.filter(p -> p.getFileName().toString().startsWith("hotpath-bench-cluster-"))
                        .collect(Collectors.toSet()));
                }
            }
        }
        return dirs;
    }
}
