package io.hotpath.bench.scenario;

/**
 * One row of the results table: a named shape of traffic with its parameters. Immutable.
 *
 * @param name       as printed in the table and the JSON, e.g. {@code pingpong-cross} or {@code fixed-rate-1m}.
 * @param kind       the shape of traffic.
 * @param inFlight   messages circulating at once (round trips and pipelines).
 * @param colocated  true when the actors share one worker (one thread).
 * @param ratePerSec target rate of a fixed-rate run, 0 otherwise.
 * @param idle       the idle strategy a wake-up run measures, or the cluster row's members' (and its client's
 *                   driver's); null otherwise.
 * @param written    true when the sender writes into the message (a stamp, the responder's thread); a ping-pong
 *                   that is not written passes one message and nothing else, as the floor passes one value.
 * @param queueFrames frames of the engine's inbound queue and lanes and of the receiver's mailbox, and of the peers'
 *                   queue or ring, when the row sets them (its name then says so, e.g. {@code fixed-rate-1m-q64k});
 *                   0 for the engine's defaults.
 */
public record Scenario(
    String name, ScenarioKind kind, int inFlight, boolean colocated, long ratePerSec, String idle, boolean written,
    int queueFrames)
{
    /**
     * A row with the engine's default sizes.
     */
    public Scenario(final String name, final ScenarioKind kind, final int inFlight, final boolean colocated,
        final long ratePerSec, final String idle, final boolean written)
    {
        this(name, kind, inFlight, colocated, ratePerSec, idle, written, 0);
    }

    /**
     * @return true when latency is recorded (every kind but the throughput-only ones).
     */
    public boolean hasLatency()
    {
        return kind != ScenarioKind.BLAST && kind != ScenarioKind.FAN_IN && kind != ScenarioKind.REMOTE_BLAST;
    }

    /**
     * @return true for a row between processes over Aeron (two nodes, or a client and a cluster), raced by the remote
     * and cluster implementations only.
     */
    public boolean remote()
    {
        return kind == ScenarioKind.REMOTE_ROUND_TRIP || kind == ScenarioKind.REMOTE_BLAST ||
            kind == ScenarioKind.CLUSTER_ROUND_TRIP;
    }

    /**
     * @return true when the run is a loop of round trips whose two halves may run on different threads.
     */
    public boolean hasCrossThreadShare()
    {
        return kind == ScenarioKind.ROUND_TRIP || kind == ScenarioKind.PIPELINE;
    }

    /**
     * @return true for a row that alternates with the floor on its own two threads in slices: a cross-thread
     * ping-pong (one round trip in flight between two threads), compared with the floor pair by pair; blast, whose
     * rate is grouped by the floor's speed level; and fixed-rate, whose latencies are grouped the same way, so that
     * two implementations' rows compare at one level; and the remote rows, whose floor is raw Aeron on the nodes'
     * worker threads (package io.hotpath.bench.remote).
     */
    public boolean paired()
    {
        return kind == ScenarioKind.ROUND_TRIP && inFlight == 1 && !colocated || kind == ScenarioKind.BLAST ||
            kind == ScenarioKind.FIXED_RATE || remote();
    }

    /**
     * @return true for a paired local ping-pong, whose round trips compare with the floor's pair by pair.
     */
    public boolean pairedRoundTrip()
    {
        return paired() && kind == ScenarioKind.ROUND_TRIP;
    }
}
