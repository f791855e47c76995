package io.hotpath;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.topology.ThreadPinning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An engine placed by its settings: a profile file is a file of engine settings, applied where it is called, and
 * each worker pins itself on its own thread and reads the mask back.
 */
class EngineAffinityTest
{
    private static final Path CONFIG = Path.of("..", "affinity-config");

    @TempDir
    Path dir;

    @Test
    void workersPinThemselvesAndReportTheMaskReadBack()
    {
        assumeTrue(ThreadPinning.isSupported(), ThreadPinning.unsupportedReason());
        final int cpus = ThreadPinning.currentThreadMask().size();
        assumeTrue(cpus >= 2, "needs two CPUs");
        final int first = ThreadPinning.currentThreadMask().first();
        final int last = ThreadPinning.currentThreadMask().last();
        try (Engine engine = Engine.start(TestEngines.config(2).cpu(0, first).cpu(1, last).build()))
        {
            final List<PinReport> reports = engine.affinityReport();
            assertEquals(2, reports.size());
            for (final PinReport report : reports)
            {
                final int expected = report.worker() == 0 ? first : last;
                assertTrue(report.ok(), report.toString());
                assertEquals(CpuSet.of(expected), report.mask());
                assertEquals(expected, report.lastCpu());
                assertEquals("hp-worker-" + report.worker(), report.threadName());
                assertTrue(report.tid() > 0);
            }
            final AtomicInteger onCpu = new AtomicInteger(-1);
            final ActorRef<String> probe = engine.actor((ActorContext<String> ctx) -> (String m) ->
                onCpu.set(ThreadPinning.currentCpu())).onWorker(1).spawn();
            probe.tell("where");
            TestEngines.await("probe ran", () -> onCpu.get() >= 0);
            assertEquals(last, onCpu.get(), "the handler runs on the pinned CPU");
            assertThat(PinReport.table(reports)).contains("hp-worker-0", "hp-worker-1");
        }
    }

    @Test
    void anEmbeddedWorkersThreadIsInTheReportOnceItHasDrivenTheWorker() throws Exception
    {
        assumeTrue(ThreadPinning.isSupported(), ThreadPinning.unsupportedReason());
        final int first = ThreadPinning.currentThreadMask().first();
        try (Engine engine = Engine.start(TestEngines.config(2).cpu(0, first).embedded(1, true).build()))
        {
            assertThat(engine.affinityReport()).extracting(PinReport::worker).containsExactly(0);
            final Thread driver = new Thread(() -> engine.invoker(1).doWork(), "md-reader");
            driver.start();
            driver.join();
            assertThat(engine.affinityReport()).extracting(PinReport::worker).containsExactlyInAnyOrder(0, 1);
            final PinReport embedded = engine.affinityReport().stream().filter(r -> r.worker() == 1).findFirst()
                .orElseThrow();
            assertEquals("md-reader", embedded.threadName());
            assertTrue(embedded.ok(), embedded.toString());
        }
    }

    @Test
    void aProfileOnTheClassPathConfiguresTheEngineInOneCall() throws IOException
    {
        final Path classes = Files.createDirectories(dir.resolve("classes/profiles"));
        Files.writeString(classes.resolve("pair.properties"), "workers=2\nidle=yield\n");
        final ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
            new java.net.URL[]{dir.resolve("classes").toUri().toURL()}, previous))
        {
            Thread.currentThread().setContextClassLoader(loader);
            final EngineConfig config = EngineConfig.builder().affinityResource("profiles/pair.properties").build();
            assertEquals(2, config.workers());
            assertEquals("pair", config.affinity().name());
            assertEquals(2, io.hotpath.affinity.AffinityProfile.fromResource("profiles/pair.properties").workers());
            final java.io.UncheckedIOException missing = org.junit.jupiter.api.Assertions.assertThrows(
                java.io.UncheckedIOException.class, () -> EngineConfig.builder().affinityResource("profiles/none"));
            assertThat(missing.getMessage()).contains("no such affinity profile on the class path: profiles/none");
        }
        finally
        {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    @Test
    void profileThatDoesNotFitTheMachineFailsAtStartNamingTheKey()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Engine.start(TestEngines.config(1).cpu(0, 4000).build()));
        assertThat(ex.getMessage()).contains("worker.0.cpu", "4000");
    }

    @Test
    void engineSettingsAndPlacementComeFromOneFile()
    {
        final Properties props = new Properties();
        props.setProperty("workers", "2");
        props.setProperty("worker.0.cpu", "none");
        props.setProperty("worker.1.idle", "park");
        props.setProperty("mandatory", "false");
        props.setProperty("inbound.capacity", "128");
        final EngineConfig config = EngineConfig.builder().properties(props, "mixed.properties").build();
        assertEquals(2, config.workers());
        assertEquals(Idle.PARK, config.idle(1));
        assertEquals(-1, config.cpu(0));
        assertEquals(128, config.inboundCapacity());
        assertThat(config.affinity()).isNotNull();
    }

    @Test
    void shippedProfilesLoadIntoAnEngineConfig()
    {
        final EngineConfig config = EngineConfig.builder().affinity(CONFIG.resolve("default.properties")).build();
        assertThat(config.workers()).isPositive();
        final EngineConfig two = EngineConfig.builder().affinity(CONFIG.resolve("two-core.properties")).build();
        assertEquals(2, two.workers());
        assertEquals(1, two.cpu(1));
        assertEquals("two-core", two.affinity().name());
    }

    @Test
    void settingsAfterAProfileOverrideIt()
    {
        final EngineConfig config = EngineConfig.builder()
            .affinity(CONFIG.resolve("two-core.properties"))
            .idle("busy-spin")
            .build();
        assertEquals(Idle.BUSY_SPIN, config.idle(0));
        assertEquals(Idle.BUSY_SPIN, config.idle(1));
        assertEquals(Idle.BUSY_SPIN, config.affinity().idle(1), "the placement has the engine's idle strategies");
        assertEquals(1, config.cpu(1), "the profile's other keys stay");

        final EngineConfig more = EngineConfig.builder()
            .affinity(CONFIG.resolve("two-core.properties"))
            .workers(3)
            .build();
        assertEquals(3, more.workers());
        assertEquals(3, more.affinity().workers());
        assertEquals(AffinityProfile.NO_CPU, more.cpu(2));
    }

    @Test
    void aProfileOverridesSettingsMadeBeforeIt()
    {
        final EngineConfig config = EngineConfig.builder()
            .workers(5)
            .idle("busy-spin")
            .affinity(CONFIG.resolve("two-core.properties"))
            .build();
        assertEquals(2, config.workers());
        assertEquals(Idle.BACKOFF, config.idle(0));
    }

    @Test
    void cpuEntriesNeverChangeTheWorkerCount()
    {
        final Properties plain = new Properties();
        plain.setProperty("inbound.capacity", "128");
        final Properties placed = new Properties();
        placed.putAll(plain);
        placed.setProperty("worker.0.cpu", "none");
        assertEquals(EngineConfig.builder().properties(plain, "plain").build().workers(),
            EngineConfig.builder().properties(placed, "placed").build().workers());
        assertEquals(Runtime.getRuntime().availableProcessors(),
            EngineConfig.builder().properties(placed, "placed").build().workers());
        assertEquals(3, EngineConfig.builder().workers(3).properties(placed, "placed").build().workers());
    }

    @Test
    void aProfileWithoutWorkersKeepsTheEngineWorkerCount() throws IOException
    {
        final Path profile = Files.writeString(dir.resolve("fourth.properties"), "worker.3.cpu=1\nidle=park\n");
        final EngineConfig config = EngineConfig.builder().workers(4).affinity(profile).build();
        assertEquals(4, config.workers());
        assertEquals(1, config.cpu(3));
        assertEquals(Idle.PARK, config.idle(3));
    }

    @Test
    void aCpuForAWorkerThatDoesNotExistNamesTheKeyAndTheWorkerRange()
    {
        final Properties props = new Properties();
        props.setProperty("worker.2.cpu", "1");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().workers(2).properties(props, "p").build());
        assertThat(ex.getMessage()).contains("worker.2.cpu=1", "N from 0 to 1 (workers=2)");
    }

    @Test
    void idleNamesInAProfileAreAcceptedInAnyCase() throws IOException
    {
        final Path profile = Files.writeString(dir.resolve("loud.properties"),
            "workers=2\nidle=BUSY-SPIN\nworker.1.idle=Park\nworker.0.cpu=None\n");
        final EngineConfig config = EngineConfig.builder().affinity(profile).build();
        assertEquals(Idle.BUSY_SPIN, config.idle(0));
        assertEquals(Idle.PARK, config.idle(1));
    }
}
