package io.hotpath.bench.measure;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a fixed-rate row achieved beside its target: the rate its sender kept while measured, how often a full queue
 * refused an offer, how many messages were still in flight when the measurement began (a row that starts with a
 * backlog measures the warm-up's debt), and for the engine how full its inbound queues got. Immutable.
 *
 * @param targetPerSec   the schedule's rate.
 * @param achievedPerSec messages sent per second while measured.
 * @param refusedOffers  offers refused while measured, by a full queue or a congested receiver (each retried later,
 *                       stamps unchanged).
 * @param backlogAtStart messages sent and not yet received when the measurement began.
 * @param mostInFlight   the most messages sent and not yet received while measured, looked at every
 *                       {@link ProbeSender#IN_FLIGHT_EVERY} sent.
 * @param inbound        the engine's inbound fill, or null for a peer.
 */
public record FixedRateFigures(
    long targetPerSec, Double achievedPerSec, long refusedOffers, long backlogAtStart, long mostInFlight,
    InboundFill inbound)
    implements Serializable
{
    /**
     * @return true when the engine's inbound queue was full while measured (its high-water mark, reset as the
     * measurement began, reached the capacity).
     */
    public boolean saturatedWhileMeasured()
    {
        return inbound != null && inbound.saturatedWhileMeasured();
    }

    /**
     * @return true when the engine refused offers while measured although its inbound queue never filled: the
     * receiver was congested (its mailbox above its capacity), and its senders were held back at the source.
     */
    public boolean congestedWhileMeasured()
    {
        return inbound != null && refusedOffers > 0 && !saturatedWhileMeasured();
    }

    /**
     * @return the JSON object.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("targetPerSec", targetPerSec);
        m.put("achievedPerSec", achievedPerSec);
        m.put("refusedOffers", refusedOffers);
        m.put("backlogAtStart", backlogAtStart);
        m.put("mostInFlight", mostInFlight);
        m.put("inbound", inbound == null ? null : inbound.toJson());
        m.put("saturatedWhileMeasured", saturatedWhileMeasured());
        m.put("congestedWhileMeasured", congestedWhileMeasured());
        return m;
    }
}
