package io.hotpath.bench.cluster;

import io.hotpath.bench.measure.LevelBounds;

import java.util.List;

/**
 * The levels of the cluster row's floor: the p50 of raw Aeron Cluster's echo round trip, read in each raw slice.
 * Stateless.
 */
final class ClusterLevels
{
    /** Raw Aeron Cluster's echo round trip through three members on 127.0.0.1. */
    static final LevelBounds BOUNDS = new LevelBounds("raw Aeron Cluster's echo round trip", List.of("near"),
        List.of(), 1_000_000_000L);

    private ClusterLevels()
    {
    }
}
