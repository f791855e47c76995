package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.measure.Result;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stall of the fixed-rate sender must be charged to every message it delays, not just the one it held up: the
 * messages due during the stall are stamped with their intended send times, so each shows the part of the stall it
 * waited through. These are lower bounds the injected stall guarantees, whatever the machine's speed.
 */
class CoordinatedOmissionTest
{
    private static final long RATE = 100_000;
    private static final long STALL_NS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long HALF_STALL_NS = STALL_NS / 2;

    @Test
    void aSenderStallIsChargedToEveryMessageItDelays() throws Exception
    {
        for (final String impl : List.of("hotpath", "jctools"))
        {
            // message 20000 is due 200 ms after the start: inside the measurement (warm-up 100 ms, then 400 ms; the
            // first floor slice would be due 10 s after the start, so the schedule runs without a pause)
            final Result r = run(impl, new Faults(0, 20_000, STALL_NS));
            assertEquals(0, r.lost());
            final Histogram h = r.histogram();
            assertTrue(h.getMaxValue() >= h.lowestEquivalentValue(STALL_NS),
                impl + ": the stalled message waited the whole stall: max " + h.getMaxValue());
            // the messages due in the first half of the stall were sent after it: each waited at least half of it
            final long delayedByHalf = h.getCountBetweenValues(HALF_STALL_NS, h.getMaxValue());
            final long dueInFirstHalf = RATE * HALF_STALL_NS / TimeUnit.SECONDS.toNanos(1);
            assertTrue(delayedByHalf >= dueInFirstHalf,
                impl + ": " + delayedByHalf + " samples of " + h.getTotalCount() + " show at least half the stall; " +
                "at least " + dueInFirstHalf + " were due in that time");
            assertTrue(r.p99Ns() >= h.lowestEquivalentValue(HALF_STALL_NS),
                impl + ": more than 1% of the samples were delayed, so p99 shows it: " + r.p99Ns());
        }
    }

    private static Result run(final String impl, final Faults faults) throws OptionException
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "fixed-rate", "--rate", Long.toString(RATE), "--impls", impl, "--warmup", "100ms",
            "--duration", "400ms", "--pairs", "0", "--slice", "10s"});
        final List<Result> results = Harness.race(options, faults, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(1, results.size());
        assertEquals("fixed-rate-100k", results.get(0).scenario());
        return results.get(0);
    }
}
