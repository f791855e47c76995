package io.hotpath;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.ThreadPinning;
import org.junit.jupiter.api.Test;

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
 * An engine placed by an affinity profile: each worker pins itself on its own thread and reads the mask back.
 */
class EngineAffinityTest
{
    @Test
    void workersPinThemselvesAndReportTheMaskReadBack()
    {
        assumeTrue(ThreadPinning.isSupported(), ThreadPinning.unsupportedReason());
        final int cpus = ThreadPinning.currentThreadMask().size();
        assumeTrue(cpus >= 2, "needs two CPUs");
        final int first = ThreadPinning.currentThreadMask().first();
        final int last = ThreadPinning.currentThreadMask().last();
        final AffinityProfile profile = AffinityProfile.builder().workers(2).idle("backoff")
            .cpu(0, first).cpu(1, last).build();
        try (Engine engine = Engine.start(TestEngines.config(1).affinity(profile).build()))
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
    void profileThatDoesNotFitTheMachineFailsAtStartNamingTheKey()
    {
        final AffinityProfile profile = AffinityProfile.builder().workers(1).cpu(0, 4000).build();
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Engine.start(TestEngines.config(1).affinity(profile).build()));
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
        final Path dir = Path.of("..", "affinity-config");
        final EngineConfig config = EngineConfig.builder().affinity(dir.resolve("default.properties")).build();
        assertThat(config.workers()).isPositive();
        final EngineConfig two = EngineConfig.builder().affinity(dir.resolve("two-core.properties")).build();
        assertEquals(2, two.workers());
        assertEquals(1, two.cpu(1));
    }
}
