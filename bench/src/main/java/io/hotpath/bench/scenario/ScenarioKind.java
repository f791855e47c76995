package io.hotpath.bench.scenario;

/**
 * The shapes of traffic the harness knows; an implementation says which it can express. Immutable.
 */
public enum ScenarioKind
{
    /** An initiator sends, a responder replies; latency is the round trip, throughput round trips per second. */
    ROUND_TRIP,
    /** One sender to one receiver as fast as back-pressure allows; throughput only. */
    BLAST,
    /** A sender on every worker and one outside thread into one receiver; throughput only. */
    FAN_IN,
    /** gateway -> risk -> book -> publisher; latency from gateway to publisher. */
    PIPELINE,
    /** An open-loop sender at a fixed rate; latency from each message's intended send time. */
    FIXED_RATE,
    /** One message to an idle worker every few milliseconds; latency from send to handler. */
    WAKEUP,
    /** A round trip between two nodes over Aeron (package io.hotpath.bench.remote). */
    REMOTE_ROUND_TRIP,
    /** One sender to one receiver of another node over Aeron; throughput only. */
    REMOTE_BLAST,
    /** A client's ask through a cluster of Aeron Cluster members and its answer (package io.hotpath.bench.cluster). */
    CLUSTER_ROUND_TRIP
}
