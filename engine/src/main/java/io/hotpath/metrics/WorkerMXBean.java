package io.hotpath.metrics;

/**
 * One worker's counters over JMX, registered as {@code io.hotpath:type=Worker,engine=<engine.name>,name=<worker>}
 * while its engine runs (unless {@code jmx=false}); the figures of {@link WorkerStats}, read fresh on each call.
 * Latencies read -1 when {@code histograms} is off. Implemented by the engine; thread safe.
 */
public interface WorkerMXBean
{
    /** @return the worker's thread name. */
    String getName();

    /** @return its index. */
    int getIndex();

    /** @return {@link WorkerStats#handled()}. */
    long getHandledCount();

    /** @return {@link WorkerStats#handoffs()}. */
    long getHandoffCount();

    /** @return {@link WorkerStats#reschedules()}. */
    long getRescheduleCount();

    /** @return {@link WorkerStats#exceptions()}. */
    long getExceptionCount();

    /** @return {@link WorkerStats#deadLetters()}. */
    long getDeadLetterCount();

    /** @return {@link WorkerStats#inboundHighWater()}. */
    int getInboundHighWater();

    /** @return {@link WorkerStats#inboundSize()}. */
    int getInboundSize();

    /** @return {@link WorkerStats#outboundHighWater()}. */
    int getOutboundHighWater();

    /** @return {@link WorkerStats#awaitSuspensions()}. */
    long getAwaitSuspensions();

    /** @return {@link WorkerStats#stalls()}. */
    long getStallCount();

    /** @return {@link WorkerStats#longestStallNs()}. */
    long getLongestStallNs();

    /** @return the median handler time in ns, or -1 without histograms. */
    long getHandlerP50Ns();

    /** @return the 99th percentile of handler times in ns, or -1 without histograms. */
    long getHandlerP99Ns();

    /** @return the 99.9th percentile of handler times in ns, or -1 without histograms. */
    long getHandlerP999Ns();

    /** @return the median inbound wait in ns, or -1 without histograms. */
    long getWaitP50Ns();

    /** @return the 99th percentile of inbound waits in ns, or -1 without histograms. */
    long getWaitP99Ns();

    /** @return the 99.9th percentile of inbound waits in ns, or -1 without histograms. */
    long getWaitP999Ns();
}
