package io.hotpath.bench.cluster;

import io.hotpath.bench.measure.Probe;

import java.util.concurrent.TimeUnit;

/**
 * Raw Aeron Cluster's echo, run in slices ON THE CLIENT'S WORKER THREAD between slices of Hotpath's asks, so that the
 * two are compared on the same thread, the same members and the same moment of the host, as the remote rows alternate
 * with raw Aeron. The cluster's side needs no joining: the members' one service serves both ({@link EchoService}).
 * <p>
 * The keeper is the asking actor: when Hotpath's slice has lasted {@code sliceNs} ({@link #due}) it runs raw round
 * trips for a slice ({@link #run}), recorded as the floor's, then asks again. NOT thread safe: the keeper's thread
 * only.
 */
final class ClusterSlices
{
    private final Probe probe;
    private final long sliceNs;
    private final RawEcho raw;
    private long switchAtNs;
    private long sequence;

    /**
     * @param probe   records the raw round trips into the row's floor slices.
     * @param sliceNs length of each slice, Hotpath's and raw Aeron Cluster's.
     * @param raw     the raw side; handed to the keeper's thread before its first slice.
     */
    ClusterSlices(final Probe probe, final long sliceNs, final RawEcho raw)
    {
        this.probe = probe;
        this.sliceNs = sliceNs;
        this.raw = raw;
    }

    /**
     * @param nowNs System.nanoTime(), when a Hotpath round trip ended.
     * @return true when Hotpath's slice is over.
     */
    boolean due(final long nowNs)
    {
        if (switchAtNs == 0)
        {
            switchAtNs = nowNs + sliceNs;
            return false;
        }
        return nowNs - switchAtNs >= 0;
    }

    /**
     * Run raw round trips for a slice, each recorded as the floor's.
     *
     * @return null, or why the slice ended early: an echo that did not come back.
     */
    String run()
    {
        final long beganNs = System.nanoTime();
        probe.beginFloorSlice(beganNs);
        final long endNs = beganNs + sliceNs;
        long nowNs;
        do
        {
            final long roundTripNs = raw.roundTrip(++sequence);
            if (roundTripNs < 0)
            {
                probe.endFloorSlice(System.nanoTime());
                return "raw Aeron Cluster's echo of message " + sequence + " did not come back within " +
                    TimeUnit.NANOSECONDS.toSeconds(RawEcho.ECHO_TIMEOUT_NS) + " s (" + raw.state() + ")";
            }
            probe.onFloorRoundTrip(roundTripNs);
            nowNs = raw.echoEndNs();
        }
        while (nowNs - endNs < 0);
        probe.endFloorSlice(nowNs);
        switchAtNs = nowNs + sliceNs;
        return null;
    }
}
