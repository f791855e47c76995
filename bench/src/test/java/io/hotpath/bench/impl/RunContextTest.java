package io.hotpath.bench.impl;

import io.hotpath.EngineConfig;
import io.hotpath.bench.run.HarnessOptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RunContextTest
{
    @Test
    void theEngineOfARowHasTheEnginesDefaultsButForTheWorkersAndTheStallReportsThreshold()
    {
        final RunContext context = new RunContext(3, null, Faults.NONE, HarnessOptions.SLICE_NS_DEFAULT);
        final EngineConfig config = context.engineConfig().build();
        final EngineConfig defaults = EngineConfig.builder().workers(3).build();
        assertEquals(3, config.workers());
        for (int worker = 0; worker < 3; worker++)
        {
            assertEquals(EngineConfig.IDLE_DEFAULT, config.idle(worker), "worker " + worker);
        }
        assertEquals(EngineConfig.INBOUND_CAPACITY_DEFAULT, config.inboundCapacity());
        assertEquals(EngineConfig.MAILBOX_CAPACITY_DEFAULT, config.mailboxCapacity());
        assertEquals(defaults.batchBudget(), config.batchBudget());
        assertEquals(defaults.outboundCapacity(), config.outboundCapacity());
        assertEquals(defaults.handoffMaxDepth(), config.handoffMaxDepth());
        assertEquals(defaults.fullQueuePolicy(), config.fullQueuePolicy());
        assertEquals(1_000_000_000L, config.stallThresholdNs(),
            "ten slices of a paired row, at least a second: the floor runs a slice inside a handler");
    }
}
