package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Result;
import io.hotpath.bench.run.Harness;
import io.hotpath.bench.run.HarnessOptions;
import io.hotpath.bench.run.Implementations;
import io.hotpath.bench.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code disruptor-ref}: the Disruptor's blast with events that carry the message, raced beside {@code disruptor}
 * in one run, paired with the floor as every blast is, and losing nothing.
 */
class ReferenceBlastTest
{
    @Test
    void runsTheBlastAloneBesideTheDisruptorPairedWithTheFloor() throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios",
            "pingpong-cross,blast,fan-in", "--impls", "disruptor,disruptor-ref", "--warmup", "100ms", "--duration",
            "300ms", "--pairs", "2", "--slice", "10ms"});
        final List<Result> results = Harness.race(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()));
        final List<Result> byReference = results.stream().filter((r) -> r.impl().equals("disruptor-ref")).toList();
        assertEquals(1, byReference.size(), "disruptor-ref runs the blast only: " + results);
        assertEquals("blast", byReference.getFirst().scenario());
        for (final Result r : results)
        {
            assertNull(r.error(), r.impl() + " " + r.scenario() + ": " + r.error());
            assertEquals(0, r.lost(), r.impl() + " " + r.scenario());
            assertTrue(r.count() > 0, r.impl() + " " + r.scenario() + " received nothing");
        }
        final Result blast = byReference.getFirst();
        assertNotNull(blast.pairing(), "the blast alternates with the floor on its own threads");
        assertTrue(!blast.pairing().pairs().isEmpty(), "no pair of slices in 300 ms");
        assertTrue(new DisruptorBench(true).alternatesWithFloor(scenario("blast")));
    }

    @Test
    void aDroppedMessageIsCountedAsLost(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios", "blast",
            "--impls", "disruptor-ref", "--duration", "100ms", "--warmup", "50ms", "--out", dir.toString()});
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, new Faults(3, 0, 0), Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String messages = err.toString(StandardCharsets.UTF_8);
        assertEquals(Harness.FAILED, status, messages);
        assertTrue(messages.contains("LOST 1 message(s) in scenario blast on impl disruptor-ref"), messages);
    }

    @Test
    void supportsNothingButTheBlast() throws Exception
    {
        final DisruptorBench byReference = new DisruptorBench(true);
        final RunContext context = new RunContext(2, null, Faults.NONE, HarnessOptions.SLICE_NS_DEFAULT);
        for (final String name : List.of("pingpong-cross", "burst-1000", "fan-in", "fixed-rate-1m"))
        {
            assertTrue(!byReference.supports(scenario(name), context), name);
            assertTrue(new DisruptorBench().supports(scenario(name), context), "the disruptor row runs " + name);
        }
        assertTrue(byReference.supports(scenario("blast"), context));
        assertEquals("disruptor-ref", byReference.name());
    }

    private static Scenario scenario(final String name) throws Exception
    {
        return HarnessOptions.parse(new String[]{"--scenarios", "pingpong-cross,blast,fan-in,burst-1000,fixed-rate"})
            .scenarios().stream().filter((s) -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
