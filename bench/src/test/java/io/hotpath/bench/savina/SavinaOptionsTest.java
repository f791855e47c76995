package io.hotpath.bench.savina;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SavinaOptionsTest
{
    @Test
    void defaultsAreThreeWarmUpsFiveRunsTwoWorkersBackoffBothRuntimes()
    {
        final SavinaOptions o = SavinaOptions.parse(new String[0]);

        assertEquals(3, o.warmup());
        assertEquals(5, o.iterations());
        assertEquals(2, o.workers());
        assertEquals("backoff", o.idle());
        assertEquals(List.of(Implementation.HOTPATH, Implementation.PEKKO_CLASSIC), o.implementations());
        assertTrue(o.only().isEmpty());
        assertFalse(o.quick());
        assertEquals(Path.of("bench-results"), o.outputDir());
    }

    @Test
    void everyOptionIsRead()
    {
        final SavinaOptions o = SavinaOptions.parse(new String[]{"--iterations", "7", "--warmup", "0", "--only",
            "PingPong,big", "--quick", "--workers", "1", "--idle", "BUSY-SPIN", "--impl", "pekko-classic",
            "--timeout-s", "9", "--out", "x/y"});

        assertEquals(7, o.iterations());
        assertEquals(0, o.warmup());
        assertEquals(List.of("pingpong", "big"), o.only());
        assertTrue(o.quick());
        assertEquals(1, o.workers());
        assertEquals("busy-spin", o.idle());
        assertEquals(List.of(Implementation.PEKKO_CLASSIC), o.implementations());
        assertEquals(9, o.timeoutSeconds());
        assertEquals(Path.of("x/y"), o.outputDir());
    }

    @Test
    void badOptionsAreRejectedByName()
    {
        assertTrue(message("--iterations", "0").contains("--iterations"));
        assertTrue(message("--idle", "sleepy").contains("busy-spin"));
        assertTrue(message("--impl", "akka").contains("pekko-classic"));
        assertTrue(message("--warmup").contains("needs a value"));
        assertTrue(message("--fast").contains("--fast"));
    }

    @Test
    void onlySelectsBenchmarksByNameAndAnUnknownNameFailsTheRun()
    {
        assertEquals(2, SavinaMain.run(new String[]{"--only", "nosuch"}));
        assertEquals(6, SavinaMain.all(false).size());
        assertEquals(SavinaMain.all(false).stream().map(SavinaBenchmark::name).toList(),
            SavinaMain.all(true).stream().map(SavinaBenchmark::name).toList());
    }

    @Test
    void defaultSizesAreTheSuites()
    {
        assertEquals("N=40000", PingPong.DEFAULT.parameters());
        assertEquals("N=1000000", Counting.DEFAULT.parameters());
        assertEquals("N=100 R=100000", ThreadRing.DEFAULT.parameters());
        assertEquals("C=100 N=200000", Chameneos.DEFAULT.parameters());
        assertEquals("N=10000 A=60", ForkJoinThroughput.DEFAULT.parameters());
        assertEquals("N=20000 W=120", Big.DEFAULT.parameters());
    }

    private static String message(final String... args)
    {
        return assertThrows(IllegalArgumentException.class, () -> SavinaOptions.parse(args)).getMessage();
    }
}
