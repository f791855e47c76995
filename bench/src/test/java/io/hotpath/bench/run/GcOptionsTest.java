package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.report.MiniJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --gc} (the collector of the run's JVMs) and {@code --old-gen} (each row's heap collected fully in the middle
 * of its warm-up, so that what it set up is old, as in a service that has run a while).
 */
class GcOptionsTest
{
    @Test
    void theCollectorIsG1UnlessNamedAndAnUnknownOneIsRefusedNamingTheKnown() throws OptionException
    {
        assertEquals(GcChoice.G1, HarnessOptions.parse(new String[0]).gc());
        assertEquals(GcChoice.ZGC, HarnessOptions.parse(new String[]{"--gc", "ZGC"}).gc());
        assertEquals(GcChoice.PARALLEL, HarnessOptions.parse(new String[]{"--gc=parallel"}).gc());
        final OptionException unknown = assertThrows(OptionException.class,
            () -> HarnessOptions.parse(new String[]{"--gc", "shenandoah"}));
        assertEquals("--gc: unknown collector 'shenandoah'; known: g1, zgc, parallel", unknown.getMessage());
        assertTrue(HarnessOptions.parse(new String[]{"--old-gen"}).oldGen());
        assertFalse(HarnessOptions.parse(new String[0]).oldGen());
        final OptionException valued = assertThrows(OptionException.class,
            () -> HarnessOptions.parse(new String[]{"--old-gen=yes"}));
        assertTrue(valued.getMessage().contains("--old-gen takes no value"), valued.getMessage());
        final String help = HelpText.text();
        assertTrue(help.contains("--gc NAME") && help.contains("g1, zgc, parallel") && help.contains("--old-gen"),
            help);
    }

    @Test
    void eachRowsJvmIsStartedUnderTheCollectorAskedForAndChecksIt() throws OptionException
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--gc", "zgc", "--old-gen", "--quick"});
        final HarnessOptions again = HarnessOptions.parse(options.toArgs().toArray(String[]::new));
        assertEquals(GcChoice.ZGC, again.gc(), "a forked row's JVM is told the collector");
        assertTrue(again.oldGen());
        final List<String> command = ChildJvm.command(options.gc(), new String[]{"--quick"});
        assertEquals(1, command.stream().filter((a) -> a.startsWith("-XX:+Use") && a.endsWith("GC")).count(),
            command.toString());
        assertTrue(command.contains("-XX:+UseZGC"), command.toString());
        assertNull(GcChoice.ZGC.mismatch(List.of("ZGC Minor Cycles", "ZGC Major Cycles")));
        assertNull(GcChoice.G1.mismatch(List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation")));
        final String wrong = GcChoice.PARALLEL.mismatch(List.of("G1 Young Generation", "G1 Old Generation"));
        assertTrue(wrong.contains("not the parallel that --gc asks for"), wrong);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aForkedRowRunsUnderTheParallelCollectorAndTheRunSaysWhichCollectorAndOldGen(@TempDir final Path dir)
        throws Exception
    {
        // the row's JVM refuses to run (and the row fails) unless its collector is the one asked for
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--fork", "--quick", "--gc", "parallel",
            "--old-gen", "--scenarios", "blast", "--impls", "hotpath", "--out", dir.toString()});
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(Harness.OK, status, out.toString(StandardCharsets.UTF_8));
        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("summary.json")));
        final Map<String, Object> meta = (Map<String, Object>)root.get("meta");
        assertEquals(Boolean.TRUE, meta.get("oldGen"));
        assertFalse(((List<Object>)meta.get("collectors")).isEmpty());
        final Map<String, Object> row = (Map<String, Object>)((List<Object>)root.get("results")).get(0);
        assertNull(row.get("error"));
        assertTrue((Double)row.get("count") > 0, row.toString());
    }

    @Test
    void withOldGenEachRowCollectsTheWholeHeapTwiceDuringItsWarmUpAndLosesNothing(@TempDir final Path dir)
        throws Exception
    {
        final long plain = collectionsDuring(dir.resolve("plain"));
        final long old = collectionsDuring(dir.resolve("old"), "--old-gen");
        // two rows (the blast and the ping-pong), two more collections each
        assertTrue(old - plain >= 4, "collections: " + plain + " without, " + old + " with --old-gen");
    }

    private static long collectionsDuring(final Path dir, final String... extra) throws OptionException
    {
        final String[] base = {"--one-jvm", "--scenarios", "pingpong-cross,blast", "--impls", "hotpath",
            "--duration", "100ms", "--warmup", "60ms", "--pairs", "2", "--slice", "20ms", "--out", dir.toString()};
        final String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        final HarnessOptions options = HarnessOptions.parse(args);
        final long before = collections();
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(Harness.OK, status, "nothing lost: " + out.toString(StandardCharsets.UTF_8));
        return collections() - before;
    }

    private static long collections()
    {
        long count = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
        {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }
}
