package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.measure.FixedRateFigures;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.report.ResultTable;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fixed-rate row alternates with the floor on its sender's and receiver's threads, so that two implementations'
 * latencies compare at one speed level of the host; its schedule pauses through each floor slice, so no message is
 * charged with a slice.
 */
class PairedFixedRateTest
{
    private static final long SLICE_NS = TimeUnit.MILLISECONDS.toNanos(50);

    @Test
    void aFixedRateRowIsPairedWithTheFloorAndNoMessageIsChargedWithASlice() throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "fixed-rate", "--rate", "100k", "--impls", "hotpath,jctools,disruptor",
            "--warmup", "200ms", "--duration", "600ms", "--pairs", "0", "--slice", "50ms"});
        final List<Result> results = Harness.race(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(3, results.size());
        for (final Result r : results)
        {
            final String row = r.impl();
            assertNull(r.error(), row + ": " + r.error());
            assertEquals(0, r.lost(), row + ": every message sent was received");
            final Pairing p = r.pairing();
            assertNotNull(p, row + ": the row alternated with the floor");
            assertEquals(SLICE_NS, p.sliceNs());
            // 600 ms of 50 ms slices hold about 5 pairs; a loaded machine may stretch the slices
            assertTrue(!p.pairs().isEmpty(), row + ": no pair in 600 ms");
            assertEquals(0, p.abandoned(), row + ": the sender joined every floor slice");
            assertEquals(p.pairs().size(), p.straddled() + p.shared() +
                p.levels().stream().mapToInt(Pairing.Level::pairs).sum(), "every pair is kept or counted");
            for (final Pairing.Pair pair : p.pairs())
            {
                assertTrue(pair.implCount() > 0 && pair.implP50Ns() > 0, row + ": the slice recorded latencies");
            }
            // half the time is the floor's: were the schedule not paused through a slice, the messages due in it
            // would go after it, stamped when they were due, and a tenth of them would show 40 ms or more
            assertTrue(r.p90Ns() < SLICE_NS / 5, row + ": p90 " + r.p90Ns() + " ns");
            assertNotNull(r.intervals(), row + ": latencies per interval");
            assertTrue(r.intervals().p50Ns().stream().anyMatch((v) -> v != null),
                row + ": a paired fixed-rate row keeps its p50 per interval");
            final FixedRateFigures f = r.fixedRate();
            assertNotNull(f);
            // counted over the implementation's slices only: near the target, not half of it
            assertTrue(f.achievedPerSec() > 60_000 && f.achievedPerSec() < 200_000,
                row + ": achieved " + f.achievedPerSec());
        }
        final String table = ResultTable.format(options.scenarios(), options.impls(), results, Map.of());
        assertTrue(table.contains("\npaired fixed-rate: "), table);
        for (final String impl : options.impls())
        {
            assertTrue(table.matches("(?s).*\\nfixed-rate-100k\\s+" + impl + "\\s+(near|mid|far|none)\\s+\\d+.*"),
                impl + " has a row per level in the paired section:\n" + table);
        }
    }
}
