package io.hotpath.affinity;

import static io.hotpath.affinity.TestProfiles.CONFIG;
import static io.hotpath.affinity.TestProfiles.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hotpath.ConfigException;
import io.hotpath.EngineConfig;
import io.hotpath.Idle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A placement is what an engine's settings say about where its workers run: a profile file is a file of engine
 * settings, and the keys and defaults are EngineConfig's.
 */
class AffinityProfileTest
{

    @TempDir
    Path dir;

    @Test
    void everyPlacementKeyIsReadFromTheEngineSettings()
    {
        final AffinityProfile p = parse("""
            workers=3
            idle=yield
            worker.0.cpu=2
            worker.0.idle=busy-spin
            worker.2.cpu=none
            worker.2.idle=park
            mandatory=TRUE
            other.cpus=0-1
            jvm.cpus=0-1,8-9
            description=three workers
            """);
        assertEquals("test", p.name());
        assertEquals(3, p.workers());
        assertEquals(2, p.cpu(0));
        assertEquals(AffinityProfile.NO_CPU, p.cpu(1));
        assertEquals(AffinityProfile.NO_CPU, p.cpu(2));
        assertEquals(Idle.BUSY_SPIN, p.idle(0));
        assertEquals(Idle.YIELD, p.idle(1), "the idle key is the default of every worker");
        assertEquals(Idle.PARK, p.idle(2));
        assertTrue(p.spins(0));
        assertTrue(p.spins(1));
        assertFalse(p.spins(2));
        assertTrue(p.mandatory());
        assertEquals(CpuSet.parse("0-1"), p.otherCpus());
        assertEquals(CpuSet.parse("0-1,8-9"), p.jvmCpus());
        assertEquals(CpuSet.of(2), p.workerCpus());
        assertEquals("three workers", p.description());
    }

    @Test
    void aProfileWithoutWorkersHasTheEngineDefaultWorkerCount() throws IOException
    {
        final Path file = Files.writeString(dir.resolve("no-workers.properties"), "description=no worker count\n");
        final AffinityProfile p = AffinityProfile.load(file);
        assertEquals(Runtime.getRuntime().availableProcessors(), p.workers(),
            "one default for the worker count, EngineConfig's");
        assertEquals(EngineConfig.IDLE_DEFAULT, p.idle(0));
        assertEquals(EngineConfig.MANDATORY_DEFAULT, p.mandatory());
        assertEquals(EngineConfig.OTHER_CPUS_DEFAULT, p.otherCpus());
        assertEquals(EngineConfig.JVM_CPUS_DEFAULT, p.jvmCpus());
        assertEquals(AffinityProfile.NO_CPU, p.cpu(p.workers() - 1));
    }

    @Test
    void aPlacementIsAValue()
    {
        final AffinityProfile a = parse("workers=2\nworker.1.cpu=5\nidle=busy-spin\nother.cpus=0\n");
        final AffinityProfile b = new AffinityProfile("test", "", new int[]{AffinityProfile.NO_CPU, 5},
            List.of(Idle.BUSY_SPIN, Idle.BUSY_SPIN), false, CpuSet.of(0), CpuSet.EMPTY);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals("test: workers=2 [0:none/busy-spin 1:cpu5/busy-spin] other.cpus=0 jvm.cpus=none mandatory=false",
            a.toString());
        final int[] cpus = {1};
        final AffinityProfile copied = new AffinityProfile("x", "", cpus, List.of(Idle.PARK), false, CpuSet.EMPTY,
            CpuSet.EMPTY);
        cpus[0] = 7;
        assertEquals(1, copied.cpu(0), "the placement keeps its own copy");
    }

    @Test
    void aPlacementNeedsOneCpuAndOneIdleStrategyPerWorker()
    {
        assertThat(assertThrows(IllegalArgumentException.class, () -> new AffinityProfile("x", "", new int[]{1, 2},
            List.of(Idle.PARK), false, CpuSet.EMPTY, CpuSet.EMPTY)).getMessage())
            .contains("2 CPUs, 1 idle strategies");
        assertThat(assertThrows(IllegalArgumentException.class, () -> new AffinityProfile("x", "", new int[]{-3},
            List.of(Idle.PARK), false, CpuSet.EMPTY, CpuSet.EMPTY)).getMessage())
            .contains("CPU -3 is outside 0..65535");
        assertThat(assertThrows(NullPointerException.class, () -> new AffinityProfile("x", "", new int[]{1},
            List.of(Idle.PARK), false, null, CpuSet.EMPTY)).getMessage())
            .contains("otherCpus is null");
    }

    @Test
    void everyProblemOfAProfileFileIsReportedAtOnceNamingTheKey()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> parse("workers=2\nbogus=1\nmandatory=maybe\nworker.1.idle=fast\nworker.0.cpu=x\nother.cpus=0-a\n"));
        assertThat(ex.problems()).containsExactly(
            "bogus=1: unknown key; the keys are workers, idle, worker.N.idle, idle.maxParkNs, worker.N.embedded, " +
                "worker.namePrefix, worker.N.cpu, mandatory, other.cpus, jvm.cpus, description, inbound.capacity, inbound.laneCapacity, " +
                "inbound.drainLimit, mailbox.capacity, actor.batchBudget, actor.batchTimeNs, outbound.capacity, handoff.maxDepth, send.fullQueuePolicy, " +
                "send.timeoutNs, close.timeoutNs, close.onShutdown, worker.daemon, await.monitorCheck, await.spinNs, await.onLoopStack, " +
                "stall.thresholdNs, stall.graceNs, histograms, jmx, engine.name " +
                "(N a worker index), listed with their defaults in io.hotpath.EngineConfig",
            "mandatory=maybe: must be true or false",
            "other.cpus=0-a: \"0-a\" is not a cpu list: \"a\" is not a CPU number; expected e.g. 0-3,8,10-11",
            "worker.0.cpu=x: must be a CPU number from 0 to 65535, or none",
            "worker.1.idle=fast: must be one of busy-spin, yield, backoff, park");
        assertThat(ex.source()).endsWith("test.properties");
        assertThat(ex.getMessage()).startsWith("5 bad engine settings in ");
    }

    @Test
    void shippedProfilesLoad()
    {
        final AffinityProfile def = AffinityProfile.load(CONFIG.resolve("default.properties"));
        assertEquals("default", def.name());
        assertEquals(1, def.workers());
        assertEquals(AffinityProfile.NO_CPU, def.cpu(0));
        assertEquals(Idle.BACKOFF, def.idle(0));
        assertFalse(def.mandatory());

        final AffinityProfile two = AffinityProfile.load(CONFIG.resolve("two-core.properties"));
        assertEquals(2, two.workers());
        assertEquals(CpuSet.of(0, 1), two.workerCpus());

        final AffinityProfile sixteen = AffinityProfile.load(CONFIG.resolve("isolated-16.properties"));
        assertEquals(4, sixteen.workers());
        assertTrue(sixteen.mandatory());
        assertEquals(Idle.BUSY_SPIN, sixteen.idle(3));
    }

    @Test
    void aMissingFileIsAnIoErrorNamingIt()
    {
        final UncheckedIOException ex = assertThrows(UncheckedIOException.class,
            () -> AffinityProfile.load(CONFIG.resolve("nope.properties")));
        assertThat(ex.getMessage()).contains("nope.properties");
    }


}
