package io.hotpath.metrics;

import java.util.Map;

/**
 * An engine's counters over JMX, registered as {@code io.hotpath:type=Engine,name=<engine.name>} on the platform
 * MBean server while the engine runs (unless {@code jmx=false}). Each read takes a fresh {@link EngineStats}
 * snapshot. Implemented by the engine; thread safe. Read it with jconsole, VisualVM or any JMX client.
 */
public interface EngineMXBean
{
    /** {@return the engine's name ({@code engine.name})} */
    String getName();

    /** {@return the number of workers} */
    int getWorkers();

    /** {@return the messages handed to handlers on every worker} */
    long getHandledCount();

    /** {@return the number of dead letters so far, of every reason} */
    long getDeadLetterCount();

    /** {@return the number of dead letters so far per reason, keyed by the reason's name in lower case} */
    Map<String, Long> getDeadLetters();

    /** {@return the stalls found on every worker} */
    long getStallCount();

    /** {@return the number of live actors} */
    int getActorCount();

    /** {@return true once the engine's close() has been called} */
    boolean isClosing();

    /** {@return every figure as one JSON object ({@link EngineStats#toJson()})} */
    String getStatsJson();

    /** {@return every figure as a table ({@link EngineStats#toString()})} */
    String getStatsTable();

    /** Forget the latencies recorded so far (after a warm-up, say). */
    void resetHistograms();

    /** Forget the workers' high-water marks so far (after a warm-up, say): each holds the most seen since. */
    void resetHighWater();
}
