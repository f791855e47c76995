package io.hotpath;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineConfigTest
{
    @Test
    void defaultsAreDocumentedValues()
    {
        final EngineConfig c = EngineConfig.builder().build();
        assertEquals(Runtime.getRuntime().availableProcessors(), c.workers());
        assertEquals(EngineConfig.IDLE_DEFAULT, c.idle(0));
        assertEquals(Idle.BACKOFF, c.idle(0));
        assertEquals(EngineConfig.WORKER_EMBEDDED_DEFAULT, c.embedded(0));
        assertEquals(EngineConfig.INBOUND_CAPACITY_DEFAULT, c.inboundCapacity());
        assertEquals(c.inboundCapacity(), c.inboundLaneCapacity(), "unset, a lane holds as many as an inbound queue");
        assertEquals(64, EngineConfig.builder().inboundCapacity(64).build().inboundLaneCapacity());
        assertEquals(0, EngineConfig.builder().inboundLaneCapacity(0).build().inboundLaneCapacity(), "lanes off");
        assertEquals(EngineConfig.MAILBOX_CAPACITY_DEFAULT, c.mailboxCapacity());
        assertEquals(EngineConfig.INBOUND_DRAIN_LIMIT_DEFAULT, c.inboundDrainLimit());
        assertEquals(EngineConfig.BATCH_BUDGET_DEFAULT, c.batchBudget());
        assertEquals(EngineConfig.BATCH_TIME_NS_DEFAULT, c.batchTimeNs());
        assertEquals(EngineConfig.HANDOFF_MAX_DEPTH_DEFAULT, c.handoffMaxDepth());
        assertEquals(FullQueuePolicy.WAIT, c.fullQueuePolicy());
        assertEquals("hp-worker-0", c.workerName(0));
        assertNull(c.affinity(), "no placement key set: the workers are not placed");
        assertEquals(AffinityProfile.NO_CPU, c.cpu(0));
    }

    @Test
    void badValuesAreRejectedNamingTheKey()
    {
        assertMessage(EngineConfig.builder().workers(0), "workers=0");
        assertMessage(EngineConfig.builder().idle("spin"), "idle=spin");
        assertMessage(EngineConfig.builder().workers(2).idle(2, "yield"), "worker.2.idle=yield");
        assertMessage(EngineConfig.builder().workers(2).cpu(0, -5), "worker.0.cpu=-5");
        assertMessage(EngineConfig.builder().otherCpus(null), "other.cpus=null");
        assertMessage(EngineConfig.builder().inboundCapacity(1000), "inbound.capacity=1000");
        assertMessage(EngineConfig.builder().inboundLaneCapacity(100), "inbound.laneCapacity=100");
        assertMessage(EngineConfig.builder().inboundLaneCapacity(-1), "inbound.laneCapacity=-1");
        assertMessage(EngineConfig.builder().mailboxCapacity(0), "mailbox.capacity=0");
        assertMessage(EngineConfig.builder().inboundDrainLimit(0), "inbound.drainLimit=0");
        assertMessage(EngineConfig.builder().batchBudget(-1), "actor.batchBudget=-1");
        assertMessage(EngineConfig.builder().batchTimeNs(999), "actor.batchTimeNs=999: must be from 1,000 (1 us)");
        assertMessage(EngineConfig.builder().batchTimeNs(2_000_000_000L), "actor.batchTimeNs=2000000000");
        assertMessage(EngineConfig.builder().handoffMaxDepth(-1), "handoff.maxDepth=-1");
        assertMessage(EngineConfig.builder().sendTimeoutNs(-5), "send.timeoutNs=-5");
        assertMessage(EngineConfig.builder().fullQueuePolicy(null), "send.fullQueuePolicy=null");
        assertMessage(EngineConfig.builder().workers(2).namePrefix("a-very-long-prefix-"), "worker.namePrefix");
    }

    @Test
    void everyBadValueIsReportedAtOnce()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> EngineConfig.builder().workers(2).idle("spin").embedded(3, true).batchBudget(0).build());
        assertThat(ex.problems()).containsExactly(
            "idle=spin: must be one of busy-spin, yield, backoff, park",
            "worker.3.embedded=true: must be set for a worker of the engine: N from 0 to 1 (workers=2)",
            "actor.batchBudget=0: must be 1 or more");
        assertThat(ex.getMessage()).startsWith("3 bad engine settings:\n  idle=spin");
    }

    @Test
    void propertiesApplyEveryKey()
    {
        final Properties p = new Properties();
        p.setProperty("workers", "3");
        p.setProperty("idle", "yield");
        p.setProperty("worker.2.idle", "park");
        p.setProperty("worker.1.embedded", "true");
        p.setProperty("idle.maxParkNs", "5000");
        p.setProperty("worker.namePrefix", "w-");
        p.setProperty("worker.0.cpu", "1");
        p.setProperty("worker.2.cpu", "none");
        p.setProperty("mandatory", "true");
        p.setProperty("other.cpus", "0");
        p.setProperty("jvm.cpus", "0-1");
        p.setProperty("description", "every key");
        p.setProperty("inbound.capacity", "64");
        p.setProperty("inbound.drainLimit", "16");
        p.setProperty("mailbox.capacity", "8");
        p.setProperty("actor.batchBudget", "4");
        p.setProperty("actor.batchTimeNs", "50000");
        p.setProperty("handoff.maxDepth", "0");
        p.setProperty("send.fullQueuePolicy", "drop");
        p.setProperty("send.timeoutNs", "7");
        p.setProperty("close.timeoutNs", "9");
        p.setProperty("await.monitorCheck", "off");
        p.setProperty("await.spinNs", "0");
        p.setProperty("await.onLoopStack", "false");
        final EngineConfig c = EngineConfig.builder().properties(p, "test.properties").build();
        assertEquals(3, c.workers());
        assertEquals(Idle.YIELD, c.idle(0));
        assertEquals(Idle.PARK, c.idle(2));
        assertTrue(c.embedded(1));
        assertEquals(5000, c.idleMaxParkNs());
        assertEquals("w-2", c.workerName(2));
        assertEquals(1, c.cpu(0));
        assertEquals(AffinityProfile.NO_CPU, c.cpu(1));
        assertEquals(AffinityProfile.NO_CPU, c.cpu(2));
        assertTrue(c.affinity().mandatory());
        assertEquals(CpuSet.of(0), c.affinity().otherCpus());
        assertEquals(CpuSet.of(0, 1), c.affinity().jvmCpus());
        assertEquals("every key", c.affinity().description());
        assertEquals("test.properties", c.affinity().name());
        assertEquals(64, c.inboundCapacity());
        assertEquals(16, c.inboundDrainLimit());
        assertEquals(8, c.mailboxCapacity());
        assertEquals(4, c.batchBudget());
        assertEquals(50_000, c.batchTimeNs());
        assertEquals(0, c.handoffMaxDepth());
        assertEquals(FullQueuePolicy.DROP, c.fullQueuePolicy());
        assertEquals(7, c.sendTimeoutNs());
        assertEquals(9, c.closeTimeoutNs());
        assertEquals(MonitorCheck.OFF, c.awaitMonitorCheck());
        assertEquals(0, c.awaitSpinNs());
        assertFalse(c.awaitOnLoopStack());
    }

    @Test
    void namesAreAcceptedInAnyCase()
    {
        final Properties p = new Properties();
        p.setProperty("workers", "2");
        p.setProperty("idle", "BUSY-SPIN");
        p.setProperty("worker.1.idle", "Park");
        p.setProperty("worker.1.embedded", "TRUE");
        p.setProperty("worker.0.cpu", "None");
        p.setProperty("mandatory", "False");
        p.setProperty("send.fullQueuePolicy", "Drop");
        p.setProperty("await.monitorCheck", "ALWAYS");
        p.setProperty("await.onLoopStack", "FALSE");
        final EngineConfig c = EngineConfig.builder().properties(p, "test.properties").build();
        assertEquals(Idle.BUSY_SPIN, c.idle(0));
        assertEquals(Idle.PARK, c.idle(1));
        assertTrue(c.embedded(1));
        assertEquals(AffinityProfile.NO_CPU, c.cpu(0));
        assertFalse(c.affinity().mandatory());
        assertEquals(FullQueuePolicy.DROP, c.fullQueuePolicy());
        assertEquals(MonitorCheck.ALWAYS, c.awaitMonitorCheck());
        assertFalse(c.awaitOnLoopStack());
        assertEquals(Idle.YIELD, EngineConfig.builder().idle("Yield").build().idle(0));
        assertEquals(Idle.PARK, EngineConfig.builder().workers(1).idle(0, "PARK").build().idle(0));
    }

    @Test
    void unknownAndMalformedPropertiesAreRejectedAllAtOnce()
    {
        final Properties p = new Properties();
        p.setProperty("inbound.capcity", "64");
        p.setProperty("workers", "two");
        p.setProperty("send.fullQueuePolicy", "block");
        p.setProperty("worker.N.cpu", "1");
        p.setProperty("worker.0.cpus", "1");
        p.setProperty("worker.x.idle", "park");
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> EngineConfig.builder().properties(p, "x.properties"));
        assertEquals("x.properties", ex.source());
        assertThat(ex.problems()).hasSize(6);
        assertThat(ex.problems().get(0)).startsWith("inbound.capcity=64: unknown key; the keys are workers, idle,");
        assertThat(ex.problems().get(1)).isEqualTo("send.fullQueuePolicy=block: must be fail, drop or wait");
        assertThat(ex.problems().get(2)).startsWith("worker.0.cpus=1: unknown key");
        assertThat(ex.problems().get(3)).startsWith("worker.N.cpu=1: unknown key");
        assertThat(ex.problems().get(4)).startsWith("worker.x.idle=park: unknown key");
        assertThat(ex.problems().get(5)).isEqualTo("workers=two: must be a whole number");

        final Properties one = new Properties();
        one.setProperty("workers", "two");
        assertThat(assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().properties(one, "y.properties")).getMessage())
            .isEqualTo("bad engine setting workers=two: must be a whole number (in y.properties)");
    }

    @Test
    void nullArgumentsAreNamed()
    {
        final EngineConfig.Builder b = EngineConfig.builder();
        assertThat(assertThrows(NullPointerException.class, () -> b.properties(null, "x")).getMessage())
            .isEqualTo("properties(props, source): props is null");
        assertThat(assertThrows(NullPointerException.class, () -> b.properties(new Properties(), null)).getMessage())
            .startsWith("properties(props, source): source is null");
        assertThat(assertThrows(NullPointerException.class, () -> b.affinity((Path) null)).getMessage())
            .isEqualTo("affinity(profileFile): profileFile is null");
        assertThat(assertThrows(NullPointerException.class, () -> b.idle((Idle) null)).getMessage())
            .isEqualTo("idle(value): value is null");
        assertThat(assertThrows(NullPointerException.class, () -> b.idle(0, (Idle) null)).getMessage())
            .isEqualTo("idle(worker, value): value is null");
        assertThat(assertThrows(NullPointerException.class, () -> b.clock(null)).getMessage())
            .isEqualTo("clock(value): value is null");
        assertMessage(EngineConfig.builder().idle((String) null), "idle=null");
        assertMessage(EngineConfig.builder().faultListener(null), "faultListener=null");
    }

    @Test
    void theLaterOfTwoSettingsOfAKeyWins()
    {
        final Properties yield = new Properties();
        yield.setProperty("idle", "yield");
        yield.setProperty("workers", "3");
        assertEquals(Idle.PARK, EngineConfig.builder().properties(yield, "p").idle("park").build().idle(0));
        assertEquals(Idle.YIELD, EngineConfig.builder().idle("park").properties(yield, "p").build().idle(0));
        assertEquals(2, EngineConfig.builder().properties(yield, "p").workers(2).build().workers());
        assertEquals(3, EngineConfig.builder().workers(2).properties(yield, "p").build().workers());
    }

    @Test
    void perWorkerKeysAreSpelledWithTheWorkerIndex()
    {
        assertEquals("worker.3.cpu", EngineConfig.workerKey(EngineConfig.WORKER_CPU, 3));
        assertEquals("worker.0.idle", EngineConfig.workerKey(EngineConfig.WORKER_IDLE, 0));
        assertEquals("worker.12.embedded", EngineConfig.workerKey(EngineConfig.WORKER_EMBEDDED, 12));
    }

    @Test
    void toStringShowsEveryValueAndThePlacement()
    {
        final EngineConfig c = EngineConfig.builder().workers(2).idle("busy-spin").cpu(1, 1).build();
        assertThat(c.toString()).contains("workers=2", "idle=[busy-spin, busy-spin]",
            "affinity=code: workers=2 [0:none/busy-spin 1:cpu1/busy-spin]");
    }

    private static void assertMessage(final EngineConfig.Builder builder, final String expected)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, builder::build);
        assertThat(ex.getMessage()).contains(expected).contains("must be");
    }
}
