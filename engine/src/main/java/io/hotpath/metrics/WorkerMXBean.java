package io.hotpath.metrics;

/**
 * One worker's counters over JMX, registered as {@code io.hotpath:type=Worker,engine=<engine.name>,name=<worker>}
 * while its engine runs (unless {@code jmx=false}); the figures of {@link WorkerStats}, read fresh on each call.
 * Latencies read -1 when {@code histograms} is off. Implemented by the engine; thread safe.
 */
public interface WorkerMXBean
{
    /** {@return the worker's thread name} */
    String getName();

    /** {@return the worker's index} */
    int getIndex();

    /** {@return the messages handed to handlers ({@link WorkerStats#handled()})} */
    long getHandledCount();

    /** {@return the direct handoffs ({@link WorkerStats#handoffs()})} */
    long getHandoffCount();

    /** {@return the messages appended to mailboxes ({@link WorkerStats#reschedules()})} */
    long getRescheduleCount();

    /** {@return the exceptions its actors threw ({@link WorkerStats#exceptions()})} */
    long getExceptionCount();

    /** {@return the dead letters found on this worker ({@link WorkerStats#deadLetters()})} */
    long getDeadLetterCount();

    /**
     * {@return the most frames seen at once in its inbound queue or one lane to it
     * ({@link WorkerStats#inboundHighWater()})}
     */
    int getInboundHighWater();

    /** {@return the frames in its inbound queue and the lanes to it now ({@link WorkerStats#inboundSize()})} */
    int getInboundSize();

    /**
     * {@return the most messages it kept at once for workers whose lanes (or inbound queues) were full
     * ({@link WorkerStats#outboundHighWater()})}
     */
    int getOutboundHighWater();

    /** {@return its actors above their mailbox capacity now ({@link WorkerStats#congestedActors()})} */
    int getCongestedActors();

    /** {@return the holds its senders wait in for congested targets now ({@link WorkerStats#congestedHolds()})} */
    int getCongestedHolds();

    /** {@return the awaits that suspended their method ({@link WorkerStats#awaitSuspensions()})} */
    long getAwaitSuspensions();

    /**
     * {@return the turns that ran longer than {@code stall.thresholdNs}, 0 when the detector is off
     * ({@link WorkerStats#stalls()})}
     */
    long getStallCount();

    /** {@return the longest stall so far, in ns ({@link WorkerStats#longestStallNs()})} */
    long getLongestStallNs();

    /** {@return the median handler time in ns, or -1 without histograms} */
    long getHandlerP50Ns();

    /** {@return the 99th percentile of handler times in ns, or -1 without histograms} */
    long getHandlerP99Ns();

    /** {@return the 99.9th percentile of handler times in ns, or -1 without histograms} */
    long getHandlerP999Ns();

    /** {@return the median inbound wait in ns, or -1 without histograms} */
    long getWaitP50Ns();

    /** {@return the 99th percentile of inbound waits in ns, or -1 without histograms} */
    long getWaitP99Ns();

    /** {@return the 99.9th percentile of inbound waits in ns, or -1 without histograms} */
    long getWaitP999Ns();
}
