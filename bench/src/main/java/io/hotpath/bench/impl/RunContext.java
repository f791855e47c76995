package io.hotpath.bench.impl;

import io.hotpath.EngineConfig;
import io.hotpath.bench.measure.EngineHistograms;

import java.nio.file.Path;

/**
 * What an implementation needs to know to set a run up: thread counts, affinity profile and injected faults.
 * Immutable and thread safe.
 *
 * @param workers  engine workers, and threads of the peers' pools.
 * @param affinity an affinity profile, or null.
 * @param faults   injected faults; {@link Faults#NONE} in real runs.
 * @param sliceNs  length of one slice of a paired ping-pong row.
 * @param engineHistograms where the engine's own histograms of each hotpath row go, or null when they are off.
 */
public record RunContext(int workers, Path affinity, Faults faults, long sliceNs,
    EngineHistograms engineHistograms)
{
    /**
     * A context without the engine's histograms.
     *
     * @param workers  engine workers, and threads of the peers' pools.
     * @param affinity an affinity profile, or null.
     * @param faults   injected faults.
     * @param sliceNs  length of one slice of a paired ping-pong row.
     */
    public RunContext(final int workers, final Path affinity, final Faults faults, final long sliceNs)
    {
        this(workers, affinity, faults, sliceNs, null);
    }

    /**
     * The one place the engine's configuration for a run is made: every engine the bench starts comes from here, with
     * the engine's defaults (its idle strategy, its queues' and mailboxes' sizes) but for the worker count, the stall
     * watch's threshold and the fault listener, so that a row that runs the engine otherwise says so in its name (a
     * variant, {@code hotpath:NAME}). The affinity profile, when given, is applied here and nowhere else.
     *
     * @return a builder the caller may refine.
     */
    public EngineConfig.Builder engineConfig()
    {
        final EngineConfig.Builder builder = EngineConfig.builder()
            .workers(workers)
            // a paired row runs the floor inside the engine's handlers, a slice at a time: a turn that long is meant,
            // so the stall watch reports turns of ten slices (at least a second), not of its default 10 ms; the
            // threshold decides only when a turn is reported, and a turn costs the watch the same either way
            .stallThresholdNs(Math.min(60_000_000_000L, Math.max(1_000_000_000L, 10 * sliceNs)))
            .histograms(engineHistograms != null)
            .faultListener((ref, message, error, policy) ->
                System.err.println("hotpath-bench: actor '" + ref.name() + "' threw " + error));
        return withAffinityProfile(builder, affinity);
    }

    /**
     * The affinity profile places every engine worker the harness starts: its CPUs and idle strategies override the
     * harness's own choice, and its worker count must fit the scenario.
     */
    private static EngineConfig.Builder withAffinityProfile(final EngineConfig.Builder builder, final Path profile)
    {
        return profile == null ? builder : builder.affinity(profile);
    }
}
