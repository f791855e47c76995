package io.hotpath.bench.run;

import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import io.hotpath.bench.scenario.Scenarios;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HarnessOptionsTest
{
    @Test
    void noArgumentsSelectsEveryScenarioAndImplementationWithDefaults() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[0]);
        assertEquals(HarnessOptions.IMPLS, o.impls());
        assertEquals(Scenarios.catalogue(HarnessOptions.RATES_DEFAULT).stream()
            .filter((s) -> s.kind() != ScenarioKind.CLUSTER_ROUND_TRIP && s.queueFrames() == 0).toList(),
            o.scenarios(), "every row but the cluster rows, which start JVMs of their own, and the rows that set the " +
            "queues' sizes, which run when named");
        assertEquals(HarnessOptions.DURATION_NS_DEFAULT, o.durationNs());
        assertEquals(HarnessOptions.WARMUP_NS_DEFAULT, o.warmupNs());
        assertEquals(HarnessOptions.FIXED_RATE_WARMUP_NS_DEFAULT, o.fixedRateWarmupNs());
        assertEquals(HarnessOptions.PAIRED_WARMUP_NS_DEFAULT, o.pairedWarmupNs());
        assertEquals(1, o.repeat());
        assertEquals(HarnessOptions.PAIRS_DEFAULT, o.pairs());
        assertEquals(HarnessOptions.SLICE_NS_DEFAULT, o.sliceNs());
        assertEquals(2, o.workers());
        assertEquals(List.of(), o.variants(), "the engine's rows run with its defaults");
        assertNull(o.affinity());
        assertNull(o.out());
        assertFalse(o.quick());
    }

    @Test
    void parsesEveryValuedOptionInBothSpellings(@org.junit.jupiter.api.io.TempDir final Path dir) throws Exception
    {
        final Path profile = Files.writeString(dir.resolve("p.properties"), "workers=2\n");
        final HarnessOptions o = HarnessOptions.parse(new String[]{
            "--scenarios", "pipeline,fixed-rate", "--impls=hotpath,floor", "--duration", "5s", "--warmup=250ms",
            "--rate", "100k,1m,2500", "--workers", "3", "--affinity", profile.toString(), "--idle", "park",
            "--out", dir.toString(), "--json", dir.resolve("x.json").toString(), "--repeat", "5", "--pairs=4",
            "--slice", "20ms"});
        assertEquals(List.of("pipeline-colocated", "pipeline-spread", "fixed-rate-2500", "fixed-rate-100k",
            "fixed-rate-1m"), o.scenarios().stream().map(Scenario::name).toList());
        assertEquals(List.of("hotpath:park", "floor"), o.impls(), "--idle park races the engine parking, in its place");
        assertEquals(TimeUnit.SECONDS.toNanos(5), o.durationNs());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(250), o.warmupNs());
        assertArrayEquals(new long[]{2_500, 100_000, 1_000_000}, o.rates());
        assertEquals(3, o.workers());
        assertEquals(profile, o.affinity());
        assertEquals(Map.of("idle", "park"), o.variants().getFirst().settings());
        assertEquals(dir, o.out());
        assertEquals(5, o.repeat());
        assertEquals(4, o.pairs());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(20), o.sliceNs());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(250), o.fixedRateWarmupNs(), "a given warm-up applies to every row");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(250), o.pairedWarmupNs());
    }

    @Test
    void pairedRowsMeasureAtLeastTheirPairsAndFixedRateAndPairedRowsWarmUpLonger() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[]{"--pairs", "10", "--slice", "100ms"});
        final Scenario cross = scenario(o, "pingpong-cross");
        final Scenario written = scenario(o, "pingpong-cross-written");
        final Scenario same = scenario(o, "pingpong-same");
        final Scenario fixed = scenario(o, "fixed-rate-1m");
        assertTrue(cross.paired() && written.paired() && !same.paired() && !scenario(o, "burst-1000").paired());
        assertTrue(fixed.paired() && scenario(o, "blast").paired(), "rates and latencies per level");
        assertTrue(cross.pairedRoundTrip() && !fixed.pairedRoundTrip() && !scenario(o, "blast").pairedRoundTrip());
        assertEquals(TimeUnit.SECONDS.toNanos(2), o.durationNs(cross), "10 pairs of two 100 ms slices");
        assertEquals(TimeUnit.SECONDS.toNanos(2), o.durationNs(fixed));
        final HarnessOptions none = HarnessOptions.parse(new String[]{"--pairs", "0", "--duration", "300ms"});
        assertEquals(TimeUnit.MILLISECONDS.toNanos(300), none.durationNs(scenario(none, "fixed-rate-1m")),
            "no fewest pairs: the duration alone");
        assertEquals(HarnessOptions.DURATION_NS_DEFAULT, o.durationNs(same));
        assertEquals(HarnessOptions.FIXED_RATE_WARMUP_NS_DEFAULT, o.warmupNs(fixed));
        assertEquals(HarnessOptions.WARMUP_NS_DEFAULT, o.warmupNs(same));
        assertEquals(HarnessOptions.PAIRED_WARMUP_NS_DEFAULT, o.warmupNs(cross));
        assertEquals(HarnessOptions.PAIRED_WARMUP_NS_DEFAULT, o.warmupNs(scenario(o, "blast")));
        final HarnessOptions longer = HarnessOptions.parse(new String[]{"--duration", "5s"});
        assertEquals(TimeUnit.SECONDS.toNanos(5), longer.durationNs(scenario(longer, "pingpong-cross")));
    }

    @Test
    void theFirstRowOfAnImplementationAndAScenarioInAJvmWarmsUpTwoSecondsAtLeast() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[0]);
        final Scenario burst = scenario(o, "burst-1000");
        final Scenario cross = scenario(o, "pingpong-cross");
        final Scenario fixed = scenario(o, "fixed-rate-1m");
        assertEquals(HarnessOptions.FIRST_ROW_WARMUP_NS, o.warmupNs(burst, true));
        assertEquals(HarnessOptions.WARMUP_NS_DEFAULT, o.warmupNs(burst, false));
        assertEquals(HarnessOptions.FIRST_ROW_WARMUP_NS, o.warmupNs(cross, true));
        assertEquals(HarnessOptions.PAIRED_WARMUP_NS_DEFAULT, o.warmupNs(cross, false));
        assertEquals(HarnessOptions.FIXED_RATE_WARMUP_NS_DEFAULT, o.warmupNs(fixed, true));
        final HarnessOptions longer = HarnessOptions.parse(new String[]{"--warmup", "5s"});
        assertEquals(TimeUnit.SECONDS.toNanos(5), longer.warmupNs(scenario(longer, "burst-1000"), true),
            "a longer warm-up given stays");
        final HarnessOptions shorter = HarnessOptions.parse(new String[]{"--warmup", "100ms"});
        assertEquals(TimeUnit.MILLISECONDS.toNanos(100), shorter.warmupNs(scenario(shorter, "burst-1000"), true),
            "a warm-up given applies to every row, the first too");
        assertEquals(0, shorter.firstRowWarmupNs());
        final HarnessOptions quick = HarnessOptions.parse(new String[]{"--quick"});
        assertEquals(HarnessOptions.QUICK_WARMUP_NS, quick.warmupNs(scenario(quick, "burst-1000"), true),
            "a smoke run keeps its short warm-up");
        // the estimate counts it: a second run of a row warms up as usual
        final long once = RunPlan.estimateNs(HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios",
            "burst-1000", "--impls", "hotpath"}));
        final long twice = RunPlan.estimateNs(HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios",
            "burst-1000", "--impls", "hotpath", "--repeat", "2"}));
        assertEquals(HarnessOptions.FIRST_ROW_WARMUP_NS - HarnessOptions.WARMUP_NS_DEFAULT,
            2 * once - twice - RunPlan.RUN_OVERHEAD_NS);
    }

    private static Scenario scenario(final HarnessOptions o, final String name)
    {
        return o.scenarios().stream().filter((s) -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void groupSelectorsExpandToTheirRowsInCatalogueOrder() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[]{"--scenarios", "wakeup,pingpong"});
        assertEquals(List.of("pingpong-cross", "pingpong-cross-written", "pingpong-same", "pingpong-backlog",
            "wakeup-busy-spin",
            "wakeup-yield", "wakeup-backoff", "wakeup-park"), o.scenarios().stream().map(Scenario::name).toList());
    }

    @Test
    void quickShortensDurationsUnlessGiven() throws OptionException
    {
        final HarnessOptions quick = HarnessOptions.parse(new String[]{"--quick"});
        assertTrue(quick.quick());
        assertEquals(HarnessOptions.QUICK_DURATION_NS, quick.durationNs());
        assertEquals(HarnessOptions.QUICK_WARMUP_NS, quick.warmupNs());
        final HarnessOptions given = HarnessOptions.parse(new String[]{"--quick", "--duration", "1s"});
        assertEquals(TimeUnit.SECONDS.toNanos(1), given.durationNs());
    }

    @Test
    void rejectsWhatItCannotUseNamingTheOption()
    {
        assertRejected("--bogus", new String[]{"--bogus"});
        assertRejected("--duration", new String[]{"--duration", "5x"});
        assertRejected("--duration", new String[]{"--duration", "fast"});
        assertRejected("--duration", new String[]{"--duration"});
        assertRejected("--warmup", new String[]{"--warmup", "10"});
        assertRejected("--scenarios", new String[]{"--scenarios", "pingpong,nope"});
        assertRejected("--impls", new String[]{"--impls", "akka"});
        assertRejected("--rate", new String[]{"--rate", "0"});
        assertRejected("--rate", new String[]{"--rate", "1x"});
        assertRejected("--workers", new String[]{"--workers", "zero"});
        assertRejected("--workers", new String[]{"--workers", "0"});
        assertRejected("--idle", new String[]{"--idle", "sleepy"});
        assertRejected("--affinity", new String[]{"--affinity", "/no/such/profile.properties"});
        assertRejected("--out", new String[]{"--out", "a", "--out", "b"});
        assertRejected("--quick", new String[]{"--quick=yes"});
        assertRejected("--repeat", new String[]{"--repeat", "0"});
        assertRejected("--pairs", new String[]{"--pairs", "many"});
        assertRejected("--pairs", new String[]{"--pairs", "-1"});
        assertRejected("--pairs", new String[]{"--pairs", "1001"});
        assertRejected("--slice", new String[]{"--slice", "100us"});
        assertRejected("stray", new String[]{"stray"});
    }

    @Test
    void badOptionsExitWithStatusTwoBeforeAnyBenchmarkStarts()
    {
        assertEquals(Harness.BAD_OPTIONS, Harness.main(new String[]{"--duration", "soon"}));
        assertEquals(Harness.BAD_OPTIONS, Harness.main(new String[]{"--nope"}));
    }

    @Test
    void helpListsEveryOptionSaysHowLongARunTakesAndExitsZero() throws OptionException
    {
        final String help = HelpText.text();
        for (final String option : List.of("--scenarios", "--impls", "--duration", "--warmup", "--rate", "--workers",
            "--affinity", "--idle", "--out", "--json", "--quick", "--help", "--repeat", "--pairs", "--slice"))
        {
            assertTrue(help.contains(option), option);
        }
        for (final String selector : Scenarios.SELECTORS)
        {
            assertTrue(help.contains(selector), selector);
        }
        assertEquals(Harness.OK, Harness.main(new String[]{"--help"}));
        final String defaultRun = HelpText.duration(RunPlan.estimateNs(HarnessOptions.parse(new String[0])));
        assertTrue(help.contains("The default run takes about " + defaultRun), help);
        assertTrue(RunPlan.estimateNs(HarnessOptions.parse(new String[0])) < TimeUnit.MINUTES.toNanos(7),
            "the default run, a JVM per row, stays under seven minutes: " + defaultRun);
    }

    @Test
    void durationsInTheHelpReadAsMinutesAndSeconds()
    {
        assertEquals("40 s", HelpText.duration(TimeUnit.SECONDS.toNanos(40)));
        assertEquals("1 min", HelpText.duration(TimeUnit.SECONDS.toNanos(60)));
        assertEquals("2 min 10 s", HelpText.duration(TimeUnit.SECONDS.toNanos(122)));
    }

    private static void assertRejected(final String named, final String[] args)
    {
        final OptionException ex = assertThrows(OptionException.class, () -> HarnessOptions.parse(args));
        assertTrue(ex.getMessage().contains(named), () -> "'" + ex.getMessage() + "' should name " + named);
    }
}
