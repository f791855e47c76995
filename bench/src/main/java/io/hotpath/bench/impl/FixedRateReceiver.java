package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;

/**
 * The receiving end of a fixed-rate row: records each message's latency from its intended send time. In a paired
 * row it also keeps the floor's time (it is the row's recording thread), and leaves unrecorded the messages that
 * waited in the queue through a floor slice ({@link FloorSlices#sentAtJoin}); they are counted as received.
 * NOT thread safe: owned by the receiving thread.
 */
final class FixedRateReceiver
{
    private final Probe probe;
    private final Faults faults;
    private final FloorSlices floor;
    /** Messages through this sequence waited in the queue through the last floor slice: not recorded. */
    private long waitedThrough;

    /**
     * @param probe  the run's probe.
     * @param faults the run's injected faults (a dropped message is neither recorded nor counted).
     * @param floor  the floor slices of a paired row, shared with the sender; null for none.
     */
    FixedRateReceiver(final Probe probe, final Faults faults, final FloorSlices floor)
    {
        this.probe = probe;
        this.faults = faults;
        this.floor = floor;
    }

    /**
     * @param m a message of the row, as it arrived.
     */
    void onMessage(final Envelope m)
    {
        final long nowNs = System.nanoTime();
        if (faults.drops(m.sequence))
        {
            // lost on purpose: neither recorded nor counted
        }
        else if (m.sequence <= waitedThrough)
        {
            probe.onUnrecorded();
        }
        else
        {
            probe.onLatency(m.stampNs, nowNs);
        }
        if (floor != null && floor.onLatencyReceived(nowNs))
        {
            waitedThrough = floor.sentAtJoin();
        }
    }
}
