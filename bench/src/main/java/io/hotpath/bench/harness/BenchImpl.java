package io.hotpath.bench.harness;

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
