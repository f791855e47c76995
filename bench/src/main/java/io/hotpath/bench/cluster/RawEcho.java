package io.hotpath.bench.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.logbuffer.Header;
import io.hotpath.bench.remote.Ping;
import io.hotpath.cluster.ClusterClientConfig;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * Raw Aeron Cluster's echo, the client's side: an {@link AeronCluster} session of its own on the same media driver as
 * the Hotpath client's, with the same ingress and egress channels, offering a {@value #LENGTH}-byte message (the
 * size of the remote rows' ping) and polling the egress until the service's echo of it arrives. The message is a
 * {@link #MARK} byte (which the members' service tells raw messages apart by), then the send time and a sequence,
 * and the service sends it back untouched. NOT thread safe: made on one thread, then run by one thread at a time (the
 * keeper of the row's slices).
 */
final class RawEcho implements EgressListener, AutoCloseable
{
    /** The first byte of a raw message; Hotpath's messages begin with a kind from 1 to 4. */
    static final byte MARK = 0x7F;
    /** Bytes of a raw message. */
    static final int LENGTH = Ping.LENGTH;
    /** How long a round trip may take before the raw echo counts as lost. */
    static final long ECHO_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** The Hotpath client's ingress channel (its link's). */
    static final String INGRESS_CHANNEL = "aeron:udp?term-length=256k";

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int STAMP_OFFSET = 8;
    private static final int SEQUENCE_OFFSET = 16;

    private final Aeron aeron;
    private final AeronCluster cluster;
    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(LENGTH));
    private long expected;
    private boolean awaiting;
    private long echoEndNs;

    private RawEcho(final Aeron aeron, final AeronCluster.Context context)
    {
        this.aeron = aeron;
        this.cluster = AeronCluster.connect(context.egressListener(this));
        message.putByte(0, MARK);
    }

    /**
     * Open a session with the cluster, on a media driver already running. Blocks until the session is open.
     *
     * @param aeronDir the Hotpath client's driver's directory.
     * @param config   the Hotpath client's settings: the members' ingress endpoints, the egress channel, the connect
     *                 timeout.
     * @return the raw side.
     * @throws IllegalStateException when no driver runs there, or no session could be had in time.
     */
    static RawEcho connect(final String aeronDir, final ClusterClientConfig config)
    {
        final Aeron aeron;
        try
        {
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir));
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalStateException("raw Aeron Cluster's client found no media driver in " + aeronDir +
                ", where the Hotpath cluster client's embedded driver was looked for: " + ex, ex);
        }
        try
        {
            return new RawEcho(aeron, new AeronCluster.Context()
                .aeron(aeron)
                .ownsAeronClient(false)
                .ingressChannel(INGRESS_CHANNEL)
                .ingressEndpoints(config.members().ingressEndpoints())
                .egressChannel(config.egressChannel())
                .messageTimeoutNs(config.connectTimeout().toNanos()));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(aeron);
            throw new IllegalStateException("raw Aeron Cluster's client had no session with " +
                config.members().ingressEndpoints() + ": " + ex, ex);
        }
    }

    /**
     * Send a message stamped now and poll the egress until its echo arrives.
     *
     * @param sequence the message's sequence.
     * @return the round trip in ns, or -1 when the echo did not arrive within {@link #ECHO_TIMEOUT_NS}.
     */
    long roundTrip(final long sequence)
    {
        final long stampNs = System.nanoTime();
        final long deadlineNs = stampNs + ECHO_TIMEOUT_NS;
        message.putLong(STAMP_OFFSET, stampNs, ORDER);
        message.putLong(SEQUENCE_OFFSET, sequence, ORDER);
        while (cluster.offer(message, 0, LENGTH) < 0)
        {
            cluster.pollEgress();
            if (System.nanoTime() - deadlineNs > 0)
            {
                return -1;
            }
        }
        expected = sequence;
        awaiting = true;
        do
        {
            cluster.pollEgress();
            if (awaiting && System.nanoTime() - deadlineNs > 0)
            {
                return -1;
            }
        }
        while (awaiting);
        return echoEndNs - stampNs;
    }

    /** {@return when the last echo arrived, System.nanoTime()} */
    long echoEndNs()
    {
        return echoEndNs;
    }

    /** {@return the session's state, for a message when an echo was lost} */
    String state()
    {
        return "session " + cluster.clusterSessionId() + " with leader " + cluster.leaderMemberId() +
            (cluster.isClosed() ? ", closed" : "");
    }

    @Override
    public void onMessage(final long clusterSessionId, final long timestamp, final DirectBuffer buffer,
        final int offset, final int length, final Header header)
    {
        if (length == LENGTH && buffer.getByte(offset) == MARK &&
            buffer.getLong(offset + SEQUENCE_OFFSET, ORDER) == expected)
        {
            echoEndNs = System.nanoTime();
            awaiting = false;
        }
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(cluster, aeron);
    }
}
