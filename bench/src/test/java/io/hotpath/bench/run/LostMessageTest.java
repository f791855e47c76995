package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
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
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
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

    /**
     * Under {@code --peers-may-fail} a peer's loss is still printed, but only the engine's (and the floor's) set the
     * exit status.
     */
    @Test
    void underPeersMayFailOnlyTheEnginesLossFailsTheRun(@TempDir final Path dir) throws Exception
    {
        assertEquals(Harness.OK, dropOnce(dir.resolve("peer"), "jctools", " (a peer's; not in the exit status: " +
            "--peers-may-fail)"));
        assertEquals(Harness.FAILED, dropOnce(dir.resolve("engine"), "hotpath", System.lineSeparator()));
    }

    /** A run of one blast row that loses one message; its report's line about it must end as given. */
    private static int dropOnce(final Path dir, final String impl, final String lineEnd) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "blast", "--impls", impl, "--duration", "100ms", "--warmup", "50ms", "--peers-may-fail",
            "--out", dir.toString()});
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, new Faults(3, 0, 0), Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String messages = err.toString(StandardCharsets.UTF_8);
        assertTrue(messages.contains("LOST 1 message(s) in scenario blast on impl " + impl + lineEnd), messages);
        return status;
    }

    @Test
    void theSameRunWithoutTheDropPasses(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "pingpong-cross", "--impls", "hotpath", "--duration", "100ms", "--warmup", "50ms",
            "--out", dir.toString()});
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(Harness.OK, status, err.toString(StandardCharsets.UTF_8));
    }
}
