package io.hotpath.bench.run;

import io.hotpath.EngineConfig;
import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.measure.FixedRateFigures;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.report.ResultTable;
import io.hotpath.bench.scenario.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixedRateRowTest
{
    @Test
    void aFixedRateRowReportsItsAchievedRateAndTheEnginesInboundFill() throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "fixed-rate", "--rate", "20k", "--impls", "hotpath,jctools", "--warmup", "100ms",
            "--duration", "300ms", "--repeat", "2", "--pairs", "0", "--slice", "50ms"});
        final List<Result> results = Harness.race(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(List.of("hotpath#1", "jctools#1", "jctools#2", "hotpath#2"),
            results.stream().map((r) -> r.impl() + "#" + r.run()).toList(),
            "the implementations take turns, each repetition beginning one further on");
        for (final Result r : results)
        {
            final FixedRateFigures f = r.fixedRate();
            assertNotNull(f);
            assertEquals(20_000, f.targetPerSec());
            // a loaded machine may stall the sender, which then catches up: the rate stays near its target
            assertTrue(f.achievedPerSec() > 5_000 && f.achievedPerSec() < 60_000, "achieved " + f.achievedPerSec());
            assertTrue(f.refusedOffers() >= 0 && f.backlogAtStart() >= 0);
            if (r.impl().equals("hotpath"))
            {
                assertEquals(EngineConfig.INBOUND_CAPACITY_DEFAULT, f.inbound().capacity(),
                    "a fixed-rate row whose name says nothing runs the engine's default sizes");
                assertTrue(f.inbound().highWaterInWarmup() >= 1, "a message went through the queue in the warm-up");
                assertTrue(f.inbound().highWaterMeasured() >= 1, "and again while measured, after the reset");
            }
            else
            {
                assertNull(f.inbound(), "a peer has no engine inbound queue");
            }
        }
        final String table = ResultTable.format(options.scenarios(), options.impls(), results, java.util.Map.of());
        assertTrue(table.contains("fixed-rate-20k #2"), table);
        assertTrue(table.contains("fixed-rate-20k hotpath: inbound queue saturated while measured in"), table);
        assertTrue(table.contains("a quarter full or more in"), table);
    }

    @Test
    void theRowNamedQ64kRunsTheEngineWithQueuesAsLargeAsTheSendersPool() throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "fixed-rate-20k-q64k", "--rate", "20k", "--impls", "hotpath", "--warmup", "100ms",
            "--duration", "200ms", "--pairs", "0", "--slice", "50ms"});
        final List<Result> results = Harness.race(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(List.of("fixed-rate-20k-q64k"), results.stream().map(Result::scenario).toList());
        final FixedRateFigures f = results.getFirst().fixedRate();
        assertEquals(Scenarios.LARGE_QUEUE_FRAMES, f.inbound().capacity());
        assertTrue(f.inbound().highWaterMeasured() >= 1, "a message went through the inbound queue while measured");
    }
}
