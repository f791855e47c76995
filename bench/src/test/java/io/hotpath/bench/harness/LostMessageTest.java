package io.hotpath.bench.harness;

import io.hotpath.bench.harness.impl.Implementations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LostMessageTest
{
    /** An early message, so even a slow, shared machine gets there within the short run. */
    @Test
    void aDroppedMessageFailsTheRunNamingScenarioAndImpl(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{
            "--scenarios", "pingpong-cross,blast", "--impls", "hotpath,jctools", "--duration", "100ms",
            "--warmup", "50ms", "--out", dir.toString()});
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, new Faults(3, 0, 0), Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String messages = err.toString(StandardCharsets.UTF_8);
        assertEquals(Harness.FAILED, status, messages);
        for (final String row : new String[]{"pingpong-cross on impl hotpath", "pingpong-cross on impl jctools",
            "blast on impl hotpath", "blast on impl jctools"})
        {
            assertTrue(messages.contains("LOST 1 message(s) in scenario " + row), messages);
        }
    }

    @Test
    void theSameRunWithoutTheDropPasses(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{
            "--scenarios", "pingpong-cross", "--impls", "hotpath", "--duration", "100ms", "--warmup", "50ms",
            "--out", dir.toString()});
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(Harness.OK, status, err.toString(StandardCharsets.UTF_8));
    }
}
