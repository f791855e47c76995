package io.hotpath.bench.report;

import io.hotpath.bench.measure.HostLevel;
import io.hotpath.bench.measure.HostLoad;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.Scenarios;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultTableTest
{
    @Test
    void rowsAnImplementationCannotRunAreLeftOutAndNamedOnceUnderTheTable()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same", "pingpong-backlog"), new long[]{1});
        final List<Result> results = List.of(
            row("pingpong-same", "hotpath", 1, 600L, 2_000L, 1_000_000.0),
            row("pingpong-same", "floor", 1, 300L, 400L, 3_000_000.0),
            row("pingpong-backlog", "hotpath", 1, 900L, 5_000L, 2_000_000.0));
        final String table = ResultTable.format(scenarios, List.of("hotpath", "floor"), results,
            Map.of("floor", List.of("pingpong-backlog")));
        assertFalse(table.matches("(?s).*\\npingpong-backlog\\s+floor.*"), table);
        assertEquals(1, table.split("cannot express").length - 1, table);
        assertTrue(table.contains("cannot express the row: floor (pingpong-backlog)"), table);
        assertTrue(table.matches("(?s).*pingpong-same\\s+floor\\s+2\\.00\\s+5\\.00\\s+0\\.33\\s+near>far\\n.*"), table);
        assertEquals(1, table.split("hotpath vs")[1].lines().filter(l -> l.startsWith("pingpong")).count(),
            "no ratio row where the peer did not run");
    }

    @Test
    void aRatioSaysAtWhichLevelsItsTwoRowsRan()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same", "pingpong-backlog"), new long[]{1});
        final List<Result> results = List.of(
            row("pingpong-same", "hotpath", 1, 600L, 2_000L, 1_000_000.0, new HostLevel(300L, 300L)),
            row("pingpong-same", "floor", 1, 300L, 400L, 3_000_000.0, new HostLevel(300L, 300L)),
            row("pingpong-backlog", "hotpath", 1, 900L, 5_000L, 2_000_000.0, new HostLevel(300L, 300L)),
            row("pingpong-backlog", "floor", 1, 900L, 5_000L, 2_000_000.0, new HostLevel(150L, 600L)));
        final String ratios = ResultTable.format(scenarios, List.of("hotpath", "floor"), results, Map.of())
            .split("hotpath vs")[1];
        assertTrue(ratios.matches("(?s).*\\npingpong-same\\s+floor\\s+2\\.00\\s+5\\.00\\s+0\\.33\\s+mid\\n.*"),
            ratios);
        // the floor's row moved from near to far while hotpath's stayed at mid
        assertTrue(ratios.matches(
            "(?s).*\\npingpong-backlog\\s+floor\\s+1\\.00\\s+1\\.00\\s+1\\.00\\s+mid / near>far\\n.*"), ratios);
    }

    @Test
    void repeatedRowsAreComparedRunByRun()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same"), new long[]{1});
        final String table = ResultTable.format(scenarios, List.of("hotpath", "floor"), twoRuns(), Map.of());
        assertTrue(table.matches("(?s).*\\npingpong-same #1\\s+floor\\s+2\\.00.*"), table);
        assertTrue(table.matches("(?s).*\\npingpong-same #2\\s+floor\\s+3\\.00.*"), table);
    }

    @Test
    void theTableListsEachRunsRowsInTheOrderOfTheImplementationsWhateverOrderTheyRanIn()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same"), new long[]{1});
        final List<Result> inImplOrder = twoRuns();
        // run 2 began with the floor
        final List<Result> runOrder = List.of(inImplOrder.get(0), inImplOrder.get(1), inImplOrder.get(3),
            inImplOrder.get(2));
        final List<String> rows = ResultTable.format(scenarios, List.of("hotpath", "floor"), runOrder, Map.of())
            .lines()
            .filter((l) -> l.startsWith("pingpong-same #"))
            .map((l) -> l.replaceAll("^(pingpong-same #\\d)\\s+(\\S+).*", "$1 $2"))
            .limit(4)
            .toList();
        assertEquals(List.of("pingpong-same #1 hotpath", "pingpong-same #1 floor", "pingpong-same #2 hotpath",
            "pingpong-same #2 floor"), rows);
    }

    @Test
    void aRepeatedRunShowsEachRowsSpreadOverItsRuns()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same"), new long[]{1});
        final List<Result> results = List.of(
            row("pingpong-same", "hotpath", 1, 600L, 2_000L, 40_000_000.0),
            row("pingpong-same", "floor", 1, 300L, 400L, 100_000_000.0),
            row("pingpong-same", "hotpath", 2, 900L, 2_000L, 20_000_000.0),
            row("pingpong-same", "floor", 2, 330L, 400L, 90_000_000.0),
            row("pingpong-same", "hotpath", 3, 700L, 2_000L, 30_000_000.0),
            Result.failed("pingpong-same", "floor", 3, "did not start"));
        final String table = ResultTable.format(scenarios, List.of("hotpath", "floor"), results, Map.of());
        final String section = table.substring(table.indexOf("across runs"));
        assertTrue(section.matches("(?s).*\\npingpong-same\\s+hotpath\\s+3\\s+20,000,000 / 30,000,000 / " +
            "40,000,000\\s+2\\.00\\s+600 / 700 / 900\\s+1\\.50\\n.*"), section);
        assertTrue(section.matches("(?s).*\\npingpong-same\\s+floor\\s+2\\s+90,000,000 / 95,000,000 / " +
            "100,000,000\\s+1\\.11\\s+300 / 315 / 330\\s+1\\.10\\n.*"), section);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSummaryCarriesTheSpreadOfRepeatedRowsOnly()
    {
        final List<Result> repeated = List.of(
            row("blast", "hotpath", 1, 0L, 0L, 40_000_000.0),
            row("blast", "hotpath", 2, 0L, 0L, 20_000_000.0),
            row("blast", "jctools", 1, 0L, 0L, 60_000_000.0),
            Result.failed("blast", "jctools", 2, "did not start"));
        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(Reports.summaryJson(Map.of(), repeated));
        final List<Object> spread = (List<Object>)root.get("spread");
        assertEquals(1, spread.size(), "jctools ran once successfully: no spread");
        final Map<String, Object> hotpath = (Map<String, Object>)spread.get(0);
        assertEquals("blast", hotpath.get("scenario"));
        assertEquals("hotpath", hotpath.get("impl"));
        assertEquals(2.0, hotpath.get("runs"));
        assertEquals(Map.of("low", 20_000_000.0, "median", 30_000_000.0, "high", 40_000_000.0, "spread", 2.0),
            hotpath.get("perSec"));
        assertEquals(null, hotpath.get("p50Ns"), "a blast has no latency");

        final Map<String, Object> single = (Map<String, Object>)MiniJson.parse(
            Reports.summaryJson(Map.of(), List.of(row("blast", "hotpath", 1, 0L, 0L, 1.0))));
        assertFalse(single.containsKey("spread"));
    }

    @Test
    void aSingleRunHasNoSpreadSection()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-same"), new long[]{1});
        final String table = ResultTable.format(scenarios, List.of("hotpath"),
            List.of(row("pingpong-same", "hotpath", 1, 600L, 2_000L, 1.0)), Map.of());
        assertFalse(table.contains("across runs"), table);
    }

    /** Two runs of the same-worker ping-pong, the engine's and the floor's rows of each, in --impls order. */
    @Test
    void aPairedFixedRateRowIsComparedWithHotpathsAtTheSameLevelOnly()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("fixed-rate"), new long[]{1_000_000});
        // hotpath's pairs at near and distant, JCTools' at near and far: only near compares
        final Result hotpath = paired("hotpath",
            List.of(level("near", 330, 1_300_000), level("distant", 811, 6_000_000)));
        final Result jctools = paired("jctools",
            List.of(level("near", 260, 3_400_000), level("far", 700, 2_000_000)));
        final String section = ResultTable.format(scenarios, List.of("hotpath", "jctools"), List.of(hotpath, jctools),
            Map.of()).split("paired fixed-rate: ")[1];
        final String row = "(?s).*\\nfixed-rate-1m\\s+";
        assertTrue(section.matches(row + "jctools\\s+near\\s+4\\s+200\\s+260\\s+3,400,000\\s+1\\.27\\s+0\\.38\\n.*"),
            section);
        assertTrue(section.matches(row + "jctools\\s+far\\s+4\\s+200\\s+700\\s+2,000,000\\s+-\\s+-\\n.*"),
            "no hotpath pair at far: " + section);
        assertTrue(section.matches(row + "hotpath\\s+distant\\s+4\\s+200\\s+811\\s+6,000,000\\s+-\\s+-\\n.*"),
            section);
    }

    @Test
    void anEngineRacedOnlyUnderAnotherIdleStrategyIsWhatThePeersAreComparedWith()
    {
        // --idle busy-spin puts hotpath:busy-spin in the engine's place: the ratios and the paired sections compare
        // each peer with it, as they would with hotpath
        final List<Scenario> fixedRate = Scenarios.select(List.of("fixed-rate"), new long[]{1_000_000});
        final Result engine = paired("hotpath:busy-spin", List.of(level("near", 330, 1_300_000)));
        final Result jctools = paired("jctools", List.of(level("near", 260, 3_400_000)));
        final String section = ResultTable.format(fixedRate, List.of("hotpath:busy-spin", "jctools"),
            List.of(engine, jctools), Map.of()).split("paired fixed-rate: ")[1];
        assertTrue(section.matches("(?s).*\\nfixed-rate-1m\\s+jctools\\s+near\\s+4\\s+200\\s+260\\s+3,400,000" +
            "\\s+1\\.27\\s+0\\.38\\n.*"), section);

        final List<Scenario> same = Scenarios.select(List.of("pingpong-same"), new long[]{1});
        final String ratios = ResultTable.format(same, List.of("hotpath:busy-spin", "floor"), List.of(
            row("pingpong-same", "hotpath:busy-spin", 1, 600L, 2_000L, 1_000_000.0),
            row("pingpong-same", "floor", 1, 300L, 400L, 3_000_000.0)), Map.of()).split("hotpath vs")[1];
        assertTrue(ratios.matches("(?s).*\\npingpong-same\\s+floor\\s+2\\.00\\s+5\\.00\\s+0\\.33\\s+near>far\\n.*"),
            ratios);
        assertEquals("hotpath", ResultTable.engineReference(List.of(
            row("pingpong-same", "hotpath:busy-spin", 1, 1L, 1L, 1.0), row("pingpong-same", "hotpath", 1, 1L, 1L,
                1.0))), "the engine on its defaults first, where the run has it");
    }

    @Test
    void aRepeatedPairedRowShowsItsSpreadAtEachLevelItKeptInTwoRunsOrMoreFastestFirst()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("blast"), new long[]{1});
        final List<Result> results = List.of(
            pairedRow("blast", "hotpath", 1, List.of(rate("far", 26_000_000), rate("near", 40_000_000))),
            pairedRow("blast", "hotpath", 2, List.of(rate("far", 36_400_000), rate("near", 41_000_000))),
            pairedRow("blast", "hotpath", 3, List.of(rate("mid", 30_000_000), rate("far", 28_000_000))));
        final String section = ResultTable.format(scenarios, List.of("hotpath"), results, Map.of())
            .split("across runs at one level: ")[1];
        assertTrue(section.matches("(?s).*\\nblast\\s+hotpath\\s+far\\s+3\\s+26,000,000 / 28,000,000 / 36,400,000"
            + "\\s+1\\.40\\n.*"), section);
        assertTrue(section.indexOf(" near ") < section.indexOf(" far "), "levels fastest first: " + section);
        assertFalse(section.contains(" mid "), "mid was kept in one run only: " + section);
        final List<RunSpread.LevelRow> rows = RunSpread.perLevel(results);
        assertEquals(List.of("near", "far"), rows.stream().map(RunSpread.LevelRow::level).toList());
        assertEquals(2, rows.get(0).runs(), "near in runs 1 and 2");
        assertEquals("perSec", rows.get(0).figure());
        assertTrue(Reports.summaryJson(Map.of(), results).contains("\"spreadPerLevel\""));
    }

    private static Pairing.Level rate(final String name, final double perSec)
    {
        return new Pairing.Level(name, 14, 200, null, null, 1_000, null, null, null, perSec);
    }

    private static Result pairedRow(final String scenario, final String impl, final int run,
        final List<Pairing.Level> levels)
    {
        return new Result(scenario, impl, run, 10L, 0L, null, null, null, null, null, null, null, 3e7, null, null,
            null, new HostLoad.Share(0.5, 2.0), null, new Pairing(100_000_000L, levels, List.of(), 0, 0, 0), null,
            null, null);
    }

    private static Pairing.Level level(final String name, final long p50, final long p999)
    {
        return new Pairing.Level(name, 4, 200, p50, 1.0, 1_000, p999, 1.0, 1.0, null);
    }

    private static Result paired(final String impl, final List<Pairing.Level> levels)
    {
        return new Result("fixed-rate-1m", impl, 1, 10L, 0L, 300L, 300L, 300L, 300L, 300L, 300L, 300.0, 1e6, null,
            null, null, new HostLoad.Share(0.5, 2.0), null, new Pairing(100_000_000L, levels, List.of(), 0, 0, 0),
            null, null, null);
    }

    private static List<Result> twoRuns()
    {
        return List.of(
            row("pingpong-same", "hotpath", 1, 600L, 2_000L, 1.0),
            row("pingpong-same", "floor", 1, 300L, 400L, 1.0),
            row("pingpong-same", "hotpath", 2, 900L, 2_000L, 1.0),
            row("pingpong-same", "floor", 2, 300L, 400L, 1.0));
    }

    private static Result row(final String scenario, final String impl, final int run, final long p50,
        final long p999, final double throughput)
    {
        return row(scenario, impl, run, p50, p999, throughput, new HostLevel(150L, 500L));
    }

    private static Result row(final String scenario, final String impl, final int run, final long p50,
        final long p999, final double throughput, final HostLevel level)
    {
        return new Result(scenario, impl, run, 10L, 0L, p50, p50, p999, p999, p999, p999, (double)p50, throughput,
            1.0, null, null, new HostLoad.Share(0.5, 2.0), null, null, null, null, level);
    }
}
