package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;

/**
 * An implementation raced in the harness: the engine, the floor, or a peer. Used by the driver thread only.
 */
public interface BenchImpl extends AutoCloseable
{
    /**
     * @return the name in the table and the JSON, e.g. {@code hotpath}.
     */
    String name();

    /**
     * @param scenario a row.
     * @param context  the run's settings.
     * @return true when this implementation can express the row.
     */
    boolean supports(Scenario scenario, RunContext context);

    /**
     * @param scenario a supported row.
     * @return true when this implementation runs a paired row's floor slices on the row's own threads; false when it
     * runs the row without them (its threads cannot host the floor), so the driver reads the host's level before and
     * after the row, as for a row that is not paired. Default: every paired row.
     */
    default boolean alternatesWithFloor(final Scenario scenario)
    {
        return scenario.paired();
    }

    /**
     * Set the row up and start its traffic; warm-up begins. Every sender registers with the probe before traffic
     * starts, and the measuring end records into the probe.
     *
     * @param scenario a supported row.
     * @param context  the run's settings.
     * @param probe    the measuring end.
     * @return the running trial.
     * @throws Exception when it cannot start.
     */
    Trial start(Scenario scenario, RunContext context, Probe probe) throws Exception;

    /**
     * Release what outlives single trials (e.g. an actor system). Default: nothing.
     */
    @Override
    default void close()
    {
    }
}
