package io.hotpath.bench.remote;

import io.hotpath.bench.measure.LevelBounds;
import io.hotpath.bench.scenario.Scenario;

import java.util.List;

/**
 * The levels of the remote rows' floor: the p50 of raw Aeron's round trip between the nodes' two workers, read in each
 * raw slice of a paired {@code hotpath-remote} row (a blast's raw slice reads it before it blasts). Each transport has
 * bounds of its own, as its round trip is of another order. The bounds lie in the gaps between the clusters the raw
 * slices' p50 fell in over short runs of the three remote rows on the reference guest
 * (docs/lab/2026-11-28-remote-rows-paired.md, which holds the runs): as for the two-thread floor, a bound inside a
 * cluster would name one placement twice and drop the pairs whose two raw slices read a clock tick apart on either
 * side of it.
 * <p>
 * Over IPC the raw round trip clusters as the two-thread floor's does, a near cluster, then, past an empty stretch, a
 * far and a distant one with a narrow gap between them. Over UDP on 127.0.0.1, where each datagram costs a system call
 * on each side, a dense near cluster is followed by a thin spread (far) and a few slower slices (distant) after a
 * gap. Past the slowest cluster of either lies a stretch no slice fell in, then round trips that took the scheduler's
 * time, the two threads having taken turns on one CPU: the shared bound lies in that stretch. Stateless.
 */
final class RemoteLevels
{
    /** Raw Aeron's round trip over IPC. */
    static final LevelBounds IPC = new LevelBounds("raw Aeron's IPC round trip", List.of("near", "far", "distant"),
        List.of(500L, 1_000L), 10_000L);
    /** Raw Aeron's round trip over UDP on 127.0.0.1. */
    static final LevelBounds UDP = new LevelBounds("raw Aeron's UDP round trip", List.of("near", "far", "distant"),
        List.of(8_000L, 16_000L), 100_000L);

    private RemoteLevels()
    {
    }

    /**
     * @param scenario a remote row.
     * @return the levels its pairs are grouped by: the round trip of its transport.
     */
    static LevelBounds of(final Scenario scenario)
    {
        return RemoteSetup.ipc(scenario) ? IPC : UDP;
    }
}
