package io.hotpath.cluster;

import io.hotpath.remote.Codecs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a {@link ClusterClient} reaches a cluster. Immutable once built, thread safe.
 *
 * @param codecs          the same type ids as the service's.
 * @param members         the members' endpoints (their ingress ports).
 * @param clientId        identifies the client's numbered messages across sessions and leaders; unique per client.
 * @param egressChannel   where answers come back, e.g. {@code aeron:udp?endpoint=localhost:0}.
 * @param aeronDir        a media driver already running there; null for an embedded driver in {@code driverDir}.
 * @param driverDir       the embedded driver's directory, deleted on close; null for a fresh temporary one.
 * @param worker          the index of the engine's worker that hosts the client's link (its duty cycle polls the
 *                        egress).
 * @param askTimeout      an ask without a timeout of its own fails after this long.
 * @param connectTimeout  how long to wait for a session (at start, and for each resolve).
 * @param resendCapacity  bytes of messages kept until the cluster has acknowledged them, to send again to a new
 *                        leader; a power of two. When full, the engine's full-queue policy applies to further sends.
 * @param ackEvery        a tell asks the cluster for an acknowledgement once every this many tells.
 * @param idle            the embedded driver's idle strategy: backoff, busy-spin, yield or sleep.
 */
public record ClusterClientConfig(Codecs codecs, ClusterMembers members, long clientId, String egressChannel,
    String aeronDir, Path driverDir, int worker, Duration askTimeout, Duration connectTimeout, int resendCapacity,
    int ackEvery, String idle)
{
    /**
     * Check the settings.
     *
     * @throws IllegalArgumentException saying which setting is wrong.
     */
    public ClusterClientConfig
    {
        Objects.requireNonNull(codecs, "codecs");
        Objects.requireNonNull(members, "members");
        Objects.requireNonNull(egressChannel, "egressChannel");
        Objects.requireNonNull(askTimeout, "askTimeout");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        if (worker < 0)
        {
            throw new IllegalArgumentException("cluster client worker " + worker + " is negative");
        }
        if (askTimeout.isNegative() || askTimeout.isZero() || connectTimeout.isNegative() || connectTimeout.isZero())
        {
            throw new IllegalArgumentException("cluster client timeouts must be positive: ask " + askTimeout +
                ", connect " + connectTimeout);
        }
        if (resendCapacity < 4096 || Integer.bitCount(resendCapacity) != 1)
        {
            throw new IllegalArgumentException("cluster client resendCapacity " + resendCapacity +
                " is not a power of two of at least 4096");
        }
        if (ackEvery < 1)
        {
            throw new IllegalArgumentException("cluster client ackEvery " + ackEvery + " is not positive");
        }
        Idles.of(idle);
    }

    /** Default of {@link #askTimeout()} and {@link #connectTimeout()}, in ms. */
    public static final long TIMEOUT_MS_DEFAULT = 10_000;
    /** Default of {@link #resendCapacity()}, in bytes. */
    public static final int RESEND_CAPACITY_DEFAULT = 4 * 1024 * 1024;
    /** Default of {@link #ackEvery()}. */
    public static final int ACK_EVERY_DEFAULT = 256;

    /**
     * {@return settings with the defaults: a random client id, answers on an ephemeral loopback port, an embedded
     * driver in a temporary directory, worker 0, {@link #TIMEOUT_MS_DEFAULT} for asks and connects,
     * {@link #RESEND_CAPACITY_DEFAULT} bytes kept for resending, an acknowledgement every {@link #ACK_EVERY_DEFAULT}
     * tells, a backoff driver}
     *
     * @param codecs  the same type ids as the service's.
     * @param members the members' endpoints.
     */
    public static ClusterClientConfig defaults(final Codecs codecs, final ClusterMembers members)
    {
        return new ClusterClientConfig(codecs, members, ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE,
            "aeron:udp?endpoint=localhost:0", null, null, 0, Duration.ofMillis(TIMEOUT_MS_DEFAULT),
            Duration.ofMillis(TIMEOUT_MS_DEFAULT), RESEND_CAPACITY_DEFAULT, ACK_EVERY_DEFAULT, "backoff");
    }

    /**
     * {@return these settings with another ask timeout}
     *
     * @param value positive.
     */
    public ClusterClientConfig withAskTimeout(final Duration value)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, aeronDir, driverDir, worker, value,
            connectTimeout, resendCapacity, ackEvery, idle);
    }

    /**
     * {@return these settings with the link on another worker}
     *
     * @param value a worker of the client's engine.
     */
    public ClusterClientConfig withWorker(final int value)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, aeronDir, driverDir, value,
            askTimeout, connectTimeout, resendCapacity, ackEvery, idle);
    }

    /**
     * {@return these settings with a media driver already running in that directory, in place of an embedded one}
     *
     * @param value the driver's {@code aeron.dir}.
     */
    public ClusterClientConfig withAeronDir(final String value)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, value, driverDir, worker, askTimeout,
            connectTimeout, resendCapacity, ackEvery, idle);
    }

    /**
     * {@return these settings with the embedded driver in that directory}
     *
     * @param value deleted on close.
     */
    public ClusterClientConfig withDriverDir(final Path value)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, aeronDir, value, worker, askTimeout,
            connectTimeout, resendCapacity, ackEvery, idle);
    }

    /**
     * {@return these settings with another capacity for the messages kept until acknowledged}
     *
     * @param bytes a power of two of at least 4096.
     */
    public ClusterClientConfig withResendCapacity(final int bytes)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, aeronDir, driverDir, worker,
            askTimeout, connectTimeout, bytes, ackEvery, idle);
    }

    /**
     * {@return these settings with another client id} Each client needs its own: a client numbers its messages from
     * 1, and the cluster drops a number it has applied for that id already (as a copy sent again to a new leader).
     *
     * @param value the id.
     */
    public ClusterClientConfig withClientId(final long value)
    {
        return new ClusterClientConfig(codecs, members, value, egressChannel, aeronDir, driverDir, worker,
            askTimeout, connectTimeout, resendCapacity, ackEvery, idle);
    }

    /**
     * {@return these settings with another idle strategy for the embedded driver}
     *
     * @param value backoff, busy-spin, yield or sleep.
     */
    public ClusterClientConfig withIdle(final String value)
    {
        return new ClusterClientConfig(codecs, members, clientId, egressChannel, aeronDir, driverDir, worker,
            askTimeout, connectTimeout, resendCapacity, ackEvery, value);
    }
}
