package io.hotpath.bench.remote;

import io.hotpath.bench.measure.LevelBounds;
import io.hotpath.bench.scenario.Scenario;

import java.util.List;

/**
 * The levels of the remote rows' floor: raw Aeron's round trip between the nodes' two workers, read in each raw slice
 * of a paired {@code hotpath-remote} row (a blast's raw slice reads it before it blasts). PROVISIONAL bounds, to be
 * set from the clusters of short runs. Stateless.
 */
final class RemoteLevels
{
    /** Raw Aeron's round trip over IPC. */
    static final LevelBounds IPC = new LevelBounds("raw Aeron's IPC round trip", List.of("near", "far"),
        List.of(1_000L), 200_000L);
    /** Raw Aeron's round trip over UDP on 127.0.0.1. */
    static final LevelBounds UDP = new LevelBounds("raw Aeron's UDP round trip", List.of("near", "far"),
        List.of(15_000L), 1_000_000L);

    private RemoteLevels()
    {
    }

    /**
     * @param scenario a remote row.
     * @return the levels its pairs are grouped by.
     */
    static LevelBounds of(final Scenario scenario)
    {
        return RemoteSetup.ipc(scenario) ? IPC : UDP;
    }
}
