package io.hotpath.bench.savina.concurrency;

import io.hotpath.Await;
import io.hotpath.bench.savina.Implementation;
import io.hotpath.bench.savina.SavinaOptions;
import io.hotpath.bench.savina.SavinaResult;
import io.hotpath.bench.savina.SavinaRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sequential bank: on Pekko in this JVM; on Hotpath in a JVM given the flag its {@code await} needs, through the
 * bench's {@code savina} command; and without the flag, a failure that names it.
 */
class BankingAwaitTest
{
    private static final String FLAG = "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED";

    @Test
    void onPekkoTheStashingBankIsRightAndOnHotpathWithoutTheFlagTheRunFailsNamingIt()
    {
        final List<SavinaResult> results = new SavinaRunner(SavinaOptions.parse(new String[]{"--warmup", "0",
            "--iterations", "1"}), line -> { }).run(new BankingAwait(10, 200), List.of(Implementation.values()));

        final SavinaResult pekko = results.get(1);
        assertNull(pekko.failure(), pekko.toString());
        final SavinaResult hotpath = results.get(0);
        if (Await.isAvailable())
        {
            assertNull(hotpath.failure(), hotpath.toString());
        }
        else
        {
            assertTrue(hotpath.failure().contains(FLAG), hotpath.failure());
        }
    }

    @Test
    void theSavinaCommandRunsTheAwaitingBankOnHotpathGivenTheFlag(@TempDir final Path out) throws Exception
    {
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
            "-Xmx256m", "-Djava.awt.headless=true", "-Dslf4j.internal.verbosity=ERROR",
            "-cp", System.getProperty("java.class.path"), "io.hotpath.bench.Main",
            "savina", "--only", "bankingawait,banking", "--quick", "--warmup", "0", "--iterations", "1",
            "--out", out.toString());
        final Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output;
        try (InputStream in = child.getInputStream())
        {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), output);

        assertEquals(0, child.exitValue(), output);
        final String row = output.lines().filter(l -> l.startsWith("BankingAwait  ")).findFirst().orElse("");
        assertFalse(row.isEmpty() || row.contains("FAILED"), output);
        assertTrue(output.contains("savina: BankingAwait on hotpath, run 1/1:"), output);
        assertTrue(output.contains("dead letters at the end of the runs: hotpath 0 pekko-classic 0"), output);
        assertEquals(2, out.toFile().list().length, "the JSON and the plot: " + output);
    }
}
