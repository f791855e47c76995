package io.hotpath.bench.harness;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultTableTest
{
    @Test
    void unsupportedPairsPrintAsDashesAndRatiosCompareHotpathToEachPeer()
    {
        final List<Scenario> scenarios = Scenarios.select(List.of("pingpong-cross", "pingpong-backlog"), new long[]{1});
        final List<Result> results = List.of(
            row("pingpong-cross", "hotpath", 600L, 2_000L, 1_000_000.0),
            row("pingpong-cross", "floor", 300L, 400L, 3_000_000.0),
            row("pingpong-backlog", "hotpath", 900L, 5_000L, 2_000_000.0));
        final String table = ResultTable.format(scenarios, List.of("hotpath", "floor"), results);
        assertTrue(table.matches("(?s).*pingpong-backlog\\s+floor(\\s+-){10}\\n.*"), table);
        assertTrue(table.matches("(?s).*pingpong-cross\\s+floor\\s+2\\.00\\s+5\\.00\\s+0\\.33\\n.*"), table);
        assertEquals(1, table.split("hotpath vs")[1].lines().filter(l -> l.startsWith("pingpong")).count(),
            "no ratio row where the peer did not run");
    }

    @Test
    void rateLabelsArePredictable()
    {
        assertEquals("1m", Scenarios.rateLabel(1_000_000));
        assertEquals("250k", Scenarios.rateLabel(250_000));
        assertEquals("1500k", Scenarios.rateLabel(1_500_000));
        assertEquals("2500", Scenarios.rateLabel(2_500));
    }

    private static Result row(final String scenario, final String impl, final long p50, final long p999,
        final double throughput)
    {
        return new Result(scenario, impl, 10L, 0L, p50, p50, p999, p999, p999, p999, (double)p50, throughput, 1.0,
            null, null);
    }
}
