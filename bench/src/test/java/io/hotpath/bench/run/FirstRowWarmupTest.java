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

/**
 * The first row of an implementation and a scenario in a JVM warms up for {@link HarnessOptions#FIRST_ROW_WARMUP_NS}
 * at least, since its code is compiled then; the same row run again warms up as usual (400 ms here).
 */
class FirstRowWarmupTest
{
    @Test
    void onlyTheFirstRunOfARowInThisJvmWarmsUpLonger(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios", "pingpong-same",
            "--impls", "hotpath", "--repeat", "2", "--duration", "20ms", "--out", dir.toString()});
        final ByteArrayOutputStream progress = new ByteArrayOutputStream();
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final long startNs = System.nanoTime();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(progress, true, StandardCharsets.UTF_8));
        final long tookNs = System.nanoTime() - startNs;
        assertEquals(Harness.OK, status, out.toString(StandardCharsets.UTF_8));
        final String lines = progress.toString(StandardCharsets.UTF_8);
        final String first = "warmup (2000 ms, its first row in this JVM)...";
        assertEquals(1, lines.split(java.util.regex.Pattern.quote(first), -1).length - 1, lines);
        assertTrue(lines.contains("pingpong-same #1 hotpath " + first), lines);
        assertTrue(lines.contains("pingpong-same #2 hotpath warmup..."), lines);
        assertTrue(tookNs >= HarnessOptions.FIRST_ROW_WARMUP_NS, "the first row warmed up for 2 s: " + tookNs);
    }
}
