package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cross-thread ping-pong alternates with the floor on its own two threads: every implementation's row carries
 * pairs of slices, and the floor row itself (which has nothing to alternate with) carries none.
 */
class PairedRowTest
{
    @Test
    void everyCrossThreadPingPongAlternatesWithTheFloorOnItsOwnThreads() throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "pingpong-cross,pingpong-cross-written", "--impls", "hotpath,floor,jctools,disruptor",
            "--warmup", "100ms", "--duration", "300ms", "--pairs", "2", "--slice", "10ms"});
        final List<Result> results = Harness.race(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(7, results.size(), "the floor has no written row");
        for (final Result r : results)
        {
            assertNull(r.error(), r.impl() + ": " + r.error());
            assertEquals(0, r.lost());
            if (r.impl().equals("floor"))
            {
                assertNull(r.pairing(), "the floor row is the floor");
                continue;
            }
            final Pairing p = r.pairing();
            assertNotNull(p, r.scenario() + " " + r.impl());
            assertEquals(10_000_000L, p.sliceNs());
            // 300 ms of 10 ms slices hold about 15 pairs; a loaded machine may stretch the slices
            assertTrue(!p.pairs().isEmpty(), r.scenario() + " " + r.impl() + ": no pair in 300 ms");
            assertEquals(0, p.abandoned(), "the responder joined every floor slice");
            for (final Pairing.Pair pair : p.pairs())
            {
                assertTrue(pair.implCount() > 0 && pair.floorBeforeP50Ns() > 0 && pair.floorAfterP50Ns() > 0);
            }
            assertEquals(p.pairs().size(), p.straddled() + p.shared() +
                p.levels().stream().mapToInt(Pairing.Level::pairs).sum(), "every pair is kept or counted");
            assertTrue(r.histogram().getTotalCount() >= p.pairs().stream().mapToLong(Pairing.Pair::implCount).sum(),
                "the row's histogram holds every slice of the implementation");
        }
    }
}
