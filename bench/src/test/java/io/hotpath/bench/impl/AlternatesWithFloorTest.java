package io.hotpath.bench.impl;

import io.hotpath.bench.run.HarnessOptions;
import io.hotpath.bench.run.OptionException;
import io.hotpath.bench.scenario.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which implementations run a paired row's floor slices on the row's own threads: those that do are compared level by
 * level; Pekko's blast and fixed-rate actors cannot host the floor, so the driver reads the host's level around them.
 */
class AlternatesWithFloorTest
{
    @Test
    void pekkoAlternatesInItsPingPongOnlyAndThePeersInEveryPairedRow() throws OptionException
    {
        final List<Scenario> rows = HarnessOptions.parse(new String[]{"--scenarios",
            "pingpong-cross,blast,fixed-rate,burst-1000"}).scenarios();
        assertEquals(4, rows.size());
        for (final BenchImpl impl : List.of(new HotpathBench(), new JctoolsBench(), new DisruptorBench()))
        {
            for (final Scenario s : rows)
            {
                assertEquals(s.paired(), impl.alternatesWithFloor(s), impl.name() + " " + s.name());
            }
        }
        for (final BenchImpl pekko : List.of(new PekkoClassicBench(PekkoClassicBench.Dispatcher.DEFAULT),
            new PekkoClassicBench(PekkoClassicBench.Dispatcher.SIZED),
            new PekkoClassicBench(PekkoClassicBench.Dispatcher.AFFINITY), new PekkoTypedBench()))
        {
            for (final Scenario s : rows)
            {
                assertEquals(s.name().equals("pingpong-cross"), pekko.alternatesWithFloor(s),
                    pekko.name() + " " + s.name());
            }
        }
        assertTrue(row(rows, "fixed-rate-1m").paired() && !new PekkoTypedBench().alternatesWithFloor(
            row(rows, "fixed-rate-1m")), "a paired row Pekko runs without the floor");
        assertFalse(row(rows, "burst-1000").paired());
    }

    private static Scenario row(final List<Scenario> rows, final String name)
    {
        return rows.stream().filter((s) -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
