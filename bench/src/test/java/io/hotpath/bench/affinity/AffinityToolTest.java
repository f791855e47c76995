package io.hotpath.bench.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.PinResult;
import io.hotpath.affinity.topology.ThreadPinning;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AffinityToolTest
{
    @TempDir
    static Path dir;

    /** A recorded 2-CPU machine: CPUs 0-1, no SMT, one node, nothing isolated. */
    private static Path root;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    @BeforeAll
    static void recordedMachine() throws IOException
    {
        root = dir.resolve("vm");
        write("sys/devices/system/cpu/present", "0-1");
        write("sys/devices/system/cpu/online", "0-1");
        write("sys/devices/system/cpu/isolated", "");
        for (int cpu = 0; cpu < 2; cpu++)
        {
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/core_id", Integer.toString(cpu));
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list", Integer.toString(cpu));
        }
        write("sys/devices/system/node/node0/cpulist", "0-1");
        write("proc/self/status", "Cpus_allowed_list:\t0-1");
        write("proc/cpuinfo", "model name\t: AMD EPYC");
    }

    @Test
    void helpPrintsUsage()
    {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("usage: affinity [--profile FILE] [--verify]"), out());
    }

    @Test
    void printsTheTopology()
    {
        assertEquals(0, run("--root", root.toString()));
        assertTrue(out().contains("CPU model       AMD EPYC"), out());
        assertTrue(out().contains("physical cores  2 (2 logical CPUs, no SMT)"), out());
        assertTrue(out().contains("NUMA nodes      0: 0-1"), out());
        assertTrue(out().contains("isolated CPUs   none"), out());
        assertTrue(out().contains("pinnable CPUs   0-1"), out());
        assertEquals("", err());
    }

    @Test
    void aGoodProfileGivesThePlanAndExitZero() throws IOException
    {
        final Path profile = profile("good", "workers=2\nworker.0.cpu=0\nworker.1.cpu=1\nother.cpus=0\n");
        assertEquals(0, run("--root", root.toString(), "--profile", profile.toString()));
        assertTrue(out().contains("worker 1 -> CPU 1 -> package 0 core 1, SMT siblings none, NUMA node 0; idle backoff"),
            out());
        assertTrue(out().contains("Check: 0 error(s), 0 warning(s)"), out());
    }

    @Test
    void warningsAloneStillExitZero() throws IOException
    {
        final Path profile = profile("spin", "workers=1\nworker.0.cpu=0\nidle=busy-spin\n");
        assertEquals(0, run("--root", root.toString(), "--profile", profile.toString()));
        assertTrue(out().contains("Check: 0 error(s), 2 warning(s)"), out());
        assertTrue(out().contains("WARNING worker.0.cpu=0: worker 0 spins (busy-spin) on CPU 0"), out());
    }

    @Test
    void aProfileThatDoesNotFitExitsOne() throws IOException
    {
        final Path profile = profile("bad", "workers=2\nworker.0.cpu=1\nworker.1.cpu=7\n");
        assertEquals(1, run("--root", root.toString(), "--profile", profile.toString()));
        assertTrue(out().contains("ERROR worker.1.cpu=7: CPU 7 does not exist; this machine has CPUs 0-1"), out());
    }

    @Test
    void aMalformedProfileExitsOneListingEveryProblem() throws IOException
    {
        final Path profile = profile("malformed", "workers=2\nworker.0.idle=spin\nworkerz=3\n");
        assertEquals(1, run("--root", root.toString(), "--profile", profile.toString()));
        assertTrue(out().contains("2 error(s)"), out());
        assertTrue(out().contains("ERROR worker.0.idle=spin: must be one of busy-spin, yield, backoff, park"), out());
        assertTrue(out().contains("ERROR workerz=3: unknown key"), out());
    }

    @Test
    void aCpuForAWorkerThatDoesNotExistExitsOneNamingTheWorkerRange() throws IOException
    {
        final Path profile = profile("beyond", "workers=2\nworker.2.cpu=1\n");
        assertEquals(1, run("--root", root.toString(), "--profile", profile.toString()));
        assertTrue(out().contains("ERROR worker.2.cpu=1: must be set for a worker of the engine: N from 0 to 1 " +
            "(workers=2)"), out());
    }

    @Test
    void usageErrorsExitTwo()
    {
        assertEquals(2, run("--bogus"));
        assertTrue(err().contains("affinity: unknown option --bogus"), err());
        assertEquals(2, run("--profile"));
        assertTrue(err().contains("--profile needs a value"), err());
        assertEquals(2, run("--verify"));
        assertTrue(err().contains("--verify needs --profile FILE"), err());
        assertEquals(2, run("--profile", dir.resolve("missing.properties").toString()));
        assertTrue(err().contains("cannot read profile"), err());
        assertEquals(2, run("--root", dir.resolve("nowhere").toString()));
        assertTrue(err().contains("cannot read the CPU topology"), err());
    }

    @Test
    void verifyPinsAThreadPerWorkerOnThisMachine() throws IOException
    {
        final int[] cpus = ThreadPinning.currentThreadMask().toArray();
        final StringBuilder text = new StringBuilder("workers=" + cpus.length + "\n");
        for (int i = 0; i < cpus.length; i++)
        {
            text.append("worker.").append(i).append(".cpu=").append(cpus[i]).append('\n');
        }
        assertEquals(0, run("--profile", profile("here", text.toString()).toString(), "--verify"), out());
        assertTrue(out().contains("every worker is where the profile says"), out());
        assertTrue(out().contains("hp-worker-0"), out());
    }

    @Test
    void verifyFailsWhenAWorkerIsNotWhereTheProfileSays() throws IOException
    {
        final Path profile = profile("moved", "workers=1\nworker.0.cpu=1\n");
        final Function<Path, List<PinReport>> misplaced = p -> List.of(new PinReport(0, "hp-worker-0",
            new PinResult(CpuSet.of(1), CpuSet.of(0, 1), 77, 0, true, "")));
        assertEquals(1, AffinityTool.run(
            new String[]{"--root", root.toString(), "--profile", profile.toString(), "--verify"},
            stream(outBytes), stream(errBytes), misplaced));
        assertTrue(out().contains("worker.0.cpu=1: hp-worker-0 has mask 0-1 instead of 1"), out());
    }

    private int run(final String... args)
    {
        outBytes.reset();
        errBytes.reset();
        return AffinityTool.run(args, stream(outBytes), stream(errBytes));
    }

    private String out()
    {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err()
    {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private static PrintStream stream(final ByteArrayOutputStream bytes)
    {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static Path profile(final String name, final String text) throws IOException
    {
        return Files.writeString(dir.resolve(name + ".properties"), text);
    }

    private static void write(final String relative, final String text) throws IOException
    {
        final Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
    }
}
