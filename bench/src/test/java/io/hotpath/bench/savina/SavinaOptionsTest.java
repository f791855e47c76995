package io.hotpath.bench.savina;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

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
        assertEquals(SavinaSuite.all(false).stream().map(SavinaBenchmark::name).toList(),
            SavinaSuite.all(true).stream().map(SavinaBenchmark::name).toList());
        assertEquals(List.of("Big", "PingPong"), SavinaSuite.select(List.of("big", "PINGPONG"), List.of(), false)
            .stream().map(SavinaBenchmark::name).sorted().toList());
        assertEquals(List.of("ForkJoinThroughput"), SavinaSuite.select(List.of("fjthroughput"), List.of(), true)
            .stream().map(SavinaBenchmark::name).toList());
    }

    @Test
    void familySelectsItsBenchmarksAndAnUnknownFamilyIsRejected()
    {
        assertEquals(List.of(Family.CONCURRENCY, Family.MICRO),
            SavinaOptions.parse(new String[]{"--family", "Concurrency,micro"}).families());
        for (final Family family : Family.values())
        {
            final List<SavinaBenchmark> chosen = SavinaSuite.select(List.of(), List.of(family), false);
            assertFalse(chosen.isEmpty(), family.label());
            assertTrue(chosen.stream().allMatch(b -> b.family() == family), chosen.toString());
        }
        assertTrue(message("--family", "macro").contains("parallelism"));
        final String nothingLeft = assertThrows(IllegalArgumentException.class,
            () -> SavinaSuite.select(List.of("pingpong"), List.of(Family.PARALLELISM), false)).getMessage();
        assertTrue(nothingLeft.contains("--family"), nothingLeft);
    }

    @Test
    void helpNamesEveryBenchmarkWithItsDefaultSizesUnderItsFamily()
    {
        final String usage = SavinaOptions.USAGE;
        for (final SavinaBenchmark b : SavinaSuite.all(false))
        {
            final String key = b.name().toLowerCase(Locale.ROOT);
            final String line = usage.lines().filter(l -> l.trim().startsWith(key + " ")).findFirst().orElse("");
            assertTrue(line.endsWith(b.parameters()), b.name() + " in:\n" + usage);
            assertTrue(usage.indexOf(b.family().label() + ":") < usage.indexOf(line), b.name());
        }
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
        assertEquals("N=40000", ForkJoinCreation.DEFAULT.parameters());
    }

    private static String message(final String... args)
    {
        return assertThrows(IllegalArgumentException.class, () -> SavinaOptions.parse(args)).getMessage();
    }
}
