package io.hotpath.metrics;

import java.util.Map;

/**
 * An engine's counters over JMX, registered as {@code io.hotpath:type=Engine,name=<engine.name>} on the platform
 * MBean server while the engine runs (unless {@code jmx=false}). Each read takes a fresh {@link EngineStats}
 * snapshot. Implemented by the engine; thread safe. Read it with jconsole, VisualVM or any JMX client.
 */
public interface EngineMXBean
{
    /** @return the engine's name ({@code engine.name}). */
    String getName();

    /** @return the number of workers. */
    int getWorkers();

    /** @return messages handed to handlers on every worker. */
    long getHandledCount();

    /** @return every dead letter so far. */
    long getDeadLetterCount();

    /** @return dead letters per reason (lower case). */
    Map<String, Long> getDeadLetters();

    /** @return stalls found on every worker. */
    long getStallCount();

    /** @return live actors. */
    int getActorCount();

    /** @return true once close() has been called. */
    boolean isClosing();

    /** @return {@link EngineStats#toJson()}. */
    String getStatsJson();

    /** @return {@link EngineStats#toString()}: the table. */
    String getStatsTable();

    /** Forget the latencies recorded so far (after a warm-up, say). */
    void resetHistograms();
}
