package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineConfigTest
{
    @Test
    void defaultsAreDocumentedValues()
    {
        final EngineConfig c = EngineConfig.builder().build();
        assertEquals(Runtime.getRuntime().availableProcessors(), c.workers());
        assertEquals(Idle.BACKOFF, c.idle(0));
        assertEquals(EngineConfig.INBOUND_CAPACITY_DEFAULT, c.inboundCapacity());
        assertEquals(EngineConfig.MAILBOX_CAPACITY_DEFAULT, c.mailboxCapacity());
        assertEquals(EngineConfig.INBOUND_DRAIN_LIMIT_DEFAULT, c.inboundDrainLimit());
        assertEquals(EngineConfig.BATCH_BUDGET_DEFAULT, c.batchBudget());
        assertEquals(EngineConfig.HANDOFF_MAX_DEPTH_DEFAULT, c.handoffMaxDepth());
        assertEquals(FullQueuePolicy.WAIT, c.fullQueuePolicy());
        assertEquals("hp-worker-0", c.workerName(0));
    }

    @Test
    void badValuesAreRejectedNamingTheKey()
    {
        assertMessage(EngineConfig.builder().workers(0), "workers=0");
        assertMessage(EngineConfig.builder().idle("spin"), "idle=spin");
        assertMessage(EngineConfig.builder().workers(2).idle(2, "yield"), "worker.2.idle=yield");
        assertMessage(EngineConfig.builder().inboundCapacity(1000), "inbound.capacity=1000");
        assertMessage(EngineConfig.builder().mailboxCapacity(0), "mailbox.capacity=0");
        assertMessage(EngineConfig.builder().inboundDrainLimit(0), "inbound.drainLimit=0");
        assertMessage(EngineConfig.builder().batchBudget(-1), "actor.batchBudget=-1");
        assertMessage(EngineConfig.builder().handoffMaxDepth(-1), "handoff.maxDepth=-1");
        assertMessage(EngineConfig.builder().sendTimeoutNs(-5), "send.timeoutNs=-5");
        assertMessage(EngineConfig.builder().workers(2).namePrefix("a-very-long-prefix-"), "worker.namePrefix");
    }

    @Test
    void propertiesApplyEveryKey()
    {
        final Properties p = new Properties();
        p.setProperty("workers", "3");
        p.setProperty("idle", "yield");
        p.setProperty("worker.2.idle", "park");
        p.setProperty("worker.1.embedded", "true");
        p.setProperty("inbound.capacity", "64");
        p.setProperty("mailbox.capacity", "8");
        p.setProperty("send.fullQueuePolicy", "drop");
        p.setProperty("handoff.maxDepth", "0");
        final EngineConfig c = EngineConfig.builder().properties(p, "test.properties").build();
        assertEquals(3, c.workers());
        assertEquals(Idle.YIELD, c.idle(0));
        assertEquals(Idle.PARK, c.idle(2));
        assertTrue(c.embedded(1));
        assertEquals(64, c.inboundCapacity());
        assertEquals(8, c.mailboxCapacity());
        assertEquals(FullQueuePolicy.DROP, c.fullQueuePolicy());
        assertEquals(0, c.handoffMaxDepth());
    }

    @Test
    void unknownAndMalformedPropertiesAreRejected()
    {
        final Properties unknown = new Properties();
        unknown.setProperty("inbound.capcity", "64");
        assertThat(assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().properties(unknown, "x.properties")).getMessage())
            .contains("unknown engine setting 'inbound.capcity'", "x.properties");

        final Properties malformed = new Properties();
        malformed.setProperty("workers", "two");
        assertThat(assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().properties(malformed, "x.properties")).getMessage())
            .contains("workers=two", "not a whole number");

        final Properties policy = new Properties();
        policy.setProperty("send.fullQueuePolicy", "block");
        assertThat(assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().properties(policy, "x.properties")).getMessage())
            .contains("send.fullQueuePolicy=block", "fail, drop or wait");
    }

    private static void assertMessage(final EngineConfig.Builder builder, final String expected)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, builder::build);
        assertThat(ex.getMessage()).contains(expected).contains("must be");
    }
}
