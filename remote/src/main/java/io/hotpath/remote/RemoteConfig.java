package io.hotpath.remote;

import io.hotpath.Idle;

import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Every setting of a {@link RemoteNode}, with its key, default and meaning in one place. Immutable, thread safe;
 * validated once by {@link Builder#build()}. Keys are the same in a properties file and in system properties (there
 * with the prefix {@code hotpath.}).
 */
public final class RemoteConfig
{
    /** Where the node listens: {@code udp://host:port} or {@code ipc://name}. Required. */
    public static final String ADDRESS = "remote.address";
    /**
     * The media driver: {@code invoker} (embedded, its agents run on the control worker's duty cycle), {@code shared}
     * (embedded, on one thread of its own) or {@code external} (a running driver at {@value #AERON_DIR}).
     * Default: {@code invoker}.
     */
    public static final String DRIVER = "remote.driver";
    /**
     * The media driver's directory. Embedded: default a fresh directory under /dev/shm (or java.io.tmpdir),
     * deleted on close. External: required, the running driver's.
     */
    public static final String AERON_DIR = "remote.aeronDir";
    /**
     * Where the control protocol (handshakes, heartbeats, failure detection), Aeron's client conductor and an invoker
     * driver run: -1 (the default) for a thread of the node's own, where no actor's handler can hold them up; or the
     * index of a worker, whose duty cycle they then share with its actors (no thread added, but a slow handler there
     * delays every remote message of the node, and a handler longer than {@link #FAILURE_TIMEOUT_NS} makes its peers
     * lose the node).
     */
    public static final String CONTROL_WORKER = "remote.controlWorker";
    /**
     * Idle strategy of the node's own thread ({@link #CONTROL_WORKER} -1): {@code busy-spin}, {@code yield},
     * {@code backoff} or {@code park}. With an invoker driver over UDP it serves the network, so it bounds how soon a
     * frame that arrives while it idles is taken. Default: {@code backoff}, which for this thread yields 64 times and
     * then parks, without the engine's spin phase.
     */
    public static final String IDLE = "remote.idle";
    /**
     * Longest park of the node's thread under {@code backoff} and {@code park}, in ns. Default: 100 us where that
     * thread takes the datagrams (an {@code invoker} driver over UDP), 1 ms where it takes none (an IPC address, or a
     * {@code shared} or {@code external} driver).
     */
    public static final String IDLE_MAX_PARK_NS = "remote.idleMaxParkNs";
    /**
     * Record stack traces in the exceptions that fail remote asks (the node's stack, not the asker's, kept as long
     * as the failed reply is kept) and refuse remote sends. Default: false: none for the node's own exceptions, and
     * one shared exception per remote actor and reason for the engine's kinds (a refused send's
     * {@link io.hotpath.QueueFullException} among them, its stack trace cleared).
     */
    public static final String STACK_TRACES = "remote.stackTraces";
    /** Term length of every publication, a power of two from 64 KiB; the largest message is an eighth. */
    public static final String TERM_LENGTH = "remote.termLength";
    /** MTU of UDP publications (frames longer than the MTU less 32 are fragmented). Default: {@value #MTU_DEFAULT}. */
    public static final String MTU = "remote.mtu";
    /** How often a node says hello to each peer, in ns. Default: {@value #HEARTBEAT_INTERVAL_NS_DEFAULT}. */
    public static final String HEARTBEAT_INTERVAL_NS = "remote.heartbeatIntervalNs";
    /** A peer not heard from for this long is lost, in ns. Default: {@value #FAILURE_TIMEOUT_NS_DEFAULT}. */
    public static final String FAILURE_TIMEOUT_NS = "remote.failureTimeoutNs";
    /** How long a resolve waits for its node to answer, in ns. Default: {@value #RESOLVE_TIMEOUT_NS_DEFAULT}. */
    public static final String RESOLVE_TIMEOUT_NS = "remote.resolveTimeoutNs";
    /** Messages a worker keeps per publication while Aeron pushes back. Default: {@value #BACKLOG_DEFAULT}. */
    public static final String BACKLOG = "remote.backlog";
    /** Most fragments a worker takes from its stream per duty cycle. Default: {@value #POLL_LIMIT_DEFAULT}. */
    public static final String POLL_LIMIT = "remote.pollLimit";
    /** How long close() keeps the node running to send its goodbyes, in ns. Default: {@value #CLOSE_LINGER_NS_DEFAULT}. */
    public static final String CLOSE_LINGER_NS = "remote.closeLingerNs";

    /** Default of {@link #CONTROL_WORKER}: a thread of the node's own. */
    public static final int CONTROL_WORKER_DEFAULT = -1;
    /** Default of {@link #IDLE}. */
    public static final Idle IDLE_DEFAULT = Idle.BACKOFF;
    /**
     * Default of {@link #IDLE_MAX_PARK_NS} where the node's thread takes the datagrams (an {@code invoker} driver over
     * UDP): 100 us, the longest a datagram that arrives while it idles waits to be taken.
     */
    public static final long IDLE_MAX_PARK_NS_DEFAULT = 100_000L;
    /**
     * Default of {@link #IDLE_MAX_PARK_NS} where the node's thread takes no datagrams (an IPC address, or a
     * {@code shared} or {@code external} driver): 1 ms. It then runs the control protocol and Aeron's conductors only,
     * whose work keeps it awake while messages flow; parked, each wake-up on a host with no spare CPU takes one from
     * a busy worker, and a tenth as many wake-ups cut the round trips that meet one (lab entry
     * 2026-11-29-node-thread-park-ipc).
     */
    public static final long IDLE_MAX_PARK_NS_CONTROL_ONLY_DEFAULT = 1_000_000L;
    /** Default of {@link #TERM_LENGTH}: 1 MiB, so messages up to 128 KiB. */
    public static final int TERM_LENGTH_DEFAULT = 1 << 20;
    /** Default of {@link #MTU}. */
    public static final int MTU_DEFAULT = 1408;
    /** Default of {@link #HEARTBEAT_INTERVAL_NS}: 200 ms. */
    public static final long HEARTBEAT_INTERVAL_NS_DEFAULT = 200_000_000L;
    /** Default of {@link #FAILURE_TIMEOUT_NS}: 2 s. */
    public static final long FAILURE_TIMEOUT_NS_DEFAULT = 2_000_000_000L;
    /** Default of {@link #RESOLVE_TIMEOUT_NS}: 5 s. */
    public static final long RESOLVE_TIMEOUT_NS_DEFAULT = 5_000_000_000L;
    /** Default of {@link #BACKLOG}. */
    public static final int BACKLOG_DEFAULT = 1024;
    /** Default of {@link #POLL_LIMIT}. */
    public static final int POLL_LIMIT_DEFAULT = 256;
    /** Default of {@link #CLOSE_LINGER_NS}: 100 ms. */
    public static final long CLOSE_LINGER_NS_DEFAULT = 100_000_000L;

    /** How a node reaches its media driver. */
    public enum Driver
    {
        /** Embedded; its conductor, sender and receiver run on the control worker's duty cycle (no thread). */
        INVOKER,
        /** Embedded; its agents share one thread of their own, which idles with Aeron's backoff. */
        SHARED,
        /** A driver already running (Aeron's C driver in production) at {@value #AERON_DIR}. */
        EXTERNAL
    }

    private final NodeAddress address;
    private final Driver driver;
    private final String aeronDir;
    private final int controlWorker;
    private final Idle idle;
    private final long idleMaxParkNs;
    private final boolean stackTraces;
    private final int termLength;
    private final int mtu;
    private final long heartbeatIntervalNs;
    private final long failureTimeoutNs;
    private final long resolveTimeoutNs;
    private final int backlog;
    private final int pollLimit;
    private final long closeLingerNs;
    private final Codecs codecs;
    private final Consumer<Object> driverCustomizer;

    private RemoteConfig(final Builder b)
    {
        address = b.address;
        driver = b.driver;
        aeronDir = b.aeronDir;
        controlWorker = b.controlWorker;
        idle = b.idle;
        idleMaxParkNs = b.idleMaxParkNs;
        stackTraces = b.stackTraces;
        termLength = b.termLength;
        mtu = b.mtu;
        heartbeatIntervalNs = b.heartbeatIntervalNs;
        failureTimeoutNs = b.failureTimeoutNs;
        resolveTimeoutNs = b.resolveTimeoutNs;
        backlog = b.backlog;
        pollLimit = b.pollLimit;
        closeLingerNs = b.closeLingerNs;
        codecs = b.codecs;
        driverCustomizer = b.driverCustomizer;
    }

    /**
     * {@return a builder with every default}
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /** {@return where the node listens ({@link #ADDRESS})} */
    public NodeAddress address()
    {
        return address;
    }

    /** {@return how the node reaches its media driver ({@link #DRIVER})} */
    public Driver driver()
    {
        return driver;
    }

    /** {@return the media driver's directory ({@link #AERON_DIR}), or null for a fresh one} */
    public String aeronDir()
    {
        return aeronDir;
    }

    /**
     * {@return the worker that runs the control protocol, or -1 for a thread of the node's own
     * ({@link #CONTROL_WORKER})}
     */
    public int controlWorker()
    {
        return controlWorker;
    }

    /** {@return the idle strategy of the node's own thread ({@link #IDLE})} */
    public Idle idle()
    {
        return idle;
    }

    /** {@return the longest park of the node's own thread, in ns ({@link #IDLE_MAX_PARK_NS})} */
    public long idleMaxParkNs()
    {
        return idleMaxParkNs;
    }

    /** {@return true when the exceptions that fail remote asks record stack traces ({@link #STACK_TRACES})} */
    public boolean stackTraces()
    {
        return stackTraces;
    }

    /** {@return the term length of every publication, in bytes ({@link #TERM_LENGTH})} */
    public int termLength()
    {
        return termLength;
    }

    /** {@return the MTU of UDP publications, in bytes ({@link #MTU})} */
    public int mtu()
    {
        return mtu;
    }

    /** {@return how often the node says hello to each peer, in ns ({@link #HEARTBEAT_INTERVAL_NS})} */
    public long heartbeatIntervalNs()
    {
        return heartbeatIntervalNs;
    }

    /** {@return how long a peer may stay silent before it is lost, in ns ({@link #FAILURE_TIMEOUT_NS})} */
    public long failureTimeoutNs()
    {
        return failureTimeoutNs;
    }

    /** {@return how long a resolve waits for its node to answer, in ns ({@link #RESOLVE_TIMEOUT_NS})} */
    public long resolveTimeoutNs()
    {
        return resolveTimeoutNs;
    }

    /** {@return the messages a worker keeps per publication while Aeron pushes back ({@link #BACKLOG})} */
    public int backlog()
    {
        return backlog;
    }

    /** {@return the most fragments a worker takes from its stream per duty cycle ({@link #POLL_LIMIT})} */
    public int pollLimit()
    {
        return pollLimit;
    }

    /** {@return how long close() keeps the node running to send its goodbyes, in ns ({@link #CLOSE_LINGER_NS})} */
    public long closeLingerNs()
    {
        return closeLingerNs;
    }

    /** {@return the codecs that write and read the node's messages} */
    public Codecs codecs()
    {
        return codecs;
    }

    /** {@return what adjusts an embedded driver's context before launch (for tests: loss injection), or null} */
    public Consumer<Object> driverCustomizer()
    {
        return driverCustomizer;
    }

    @Override
    public String toString()
    {
        return "RemoteConfig[address=" + address + ", driver=" + driver.name().toLowerCase(Locale.ROOT) +
            (aeronDir == null ? "" : ", aeronDir=" + aeronDir) + ", controlWorker=" + controlWorker +
            (controlWorker < 0 ? ", idle=" + idle.configName() : "") +
            ", termLength=" + termLength + ", heartbeatIntervalNs=" + heartbeatIntervalNs + ", failureTimeoutNs=" +
            failureTimeoutNs + ", backlog=" + backlog + ", " + codecs + "]";
    }

    /**
     * Collects settings; not thread safe.
     */
    public static final class Builder
    {
        private NodeAddress address;
        private Driver driver = Driver.INVOKER;
        private String aeronDir;
        private int controlWorker = CONTROL_WORKER_DEFAULT;
        private Idle idle = IDLE_DEFAULT;
        /** Set explicitly; else {@link #build} takes the default for the address and the driver. */
        private long idleMaxParkNs;
        private boolean idleMaxParkNsSet;
        private boolean stackTraces;
        private int termLength = TERM_LENGTH_DEFAULT;
        private int mtu = MTU_DEFAULT;
        private long heartbeatIntervalNs = HEARTBEAT_INTERVAL_NS_DEFAULT;
        private long failureTimeoutNs = FAILURE_TIMEOUT_NS_DEFAULT;
        private long resolveTimeoutNs = RESOLVE_TIMEOUT_NS_DEFAULT;
        private int backlog = BACKLOG_DEFAULT;
        private int pollLimit = POLL_LIMIT_DEFAULT;
        private long closeLingerNs = CLOSE_LINGER_NS_DEFAULT;
        private Codecs codecs = Codecs.standard();
        private Consumer<Object> driverCustomizer;

        private Builder()
        {
        }

        /**
         * Set where the node listens ({@link #ADDRESS}); required.
         *
         * @param value {@code udp://host:port} or {@code ipc://name}; see {@link NodeAddress}.
         * @return this.
         * @throws IllegalArgumentException when it does not parse.
         */
        public Builder address(final String value)
        {
            address = NodeAddress.parse(value);
            return this;
        }

        /**
         * Choose how the node reaches its media driver ({@link #DRIVER}).
         *
         * @param value invoker, shared or external; not null.
         * @return this.
         */
        public Builder driver(final Driver value)
        {
            driver = Objects.requireNonNull(value, "driver");
            return this;
        }

        /**
         * Use the running driver at this directory ({@code driver=external}), e.g. another node's on this host for
         * IPC.
         *
         * @param directory the driver's aeron.dir.
         * @return this.
         */
        public Builder externalDriver(final String directory)
        {
            driver = Driver.EXTERNAL;
            aeronDir = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /**
         * Set the media driver's directory ({@link #AERON_DIR}).
         *
         * @param value the directory; null for a fresh one under /dev/shm (or java.io.tmpdir) when embedded.
         * @return this.
         */
        public Builder aeronDir(final String value)
        {
            aeronDir = value;
            return this;
        }

        /**
         * Choose where the control protocol, Aeron's client conductor and an invoker driver run
         * ({@link #CONTROL_WORKER}).
         *
         * @param value -1 for a thread of the node's own, or a worker index of the node's engine.
         * @return this.
         */
        public Builder controlWorker(final int value)
        {
            controlWorker = value;
            return this;
        }

        /**
         * Set the idle strategy of the node's own thread ({@link #IDLE}).
         *
         * @param value not null.
         * @return this.
         */
        public Builder idle(final Idle value)
        {
            idle = Objects.requireNonNull(value, "idle");
            return this;
        }

        /**
         * Set the longest park of the node's own thread ({@link #IDLE_MAX_PARK_NS}); unset, 100 us with an invoker
         * driver over UDP and 1 ms otherwise.
         *
         * @param value from 1 us to 1 s, in ns.
         * @return this.
         */
        public Builder idleMaxParkNs(final long value)
        {
            idleMaxParkNs = value;
            idleMaxParkNsSet = true;
            return this;
        }

        /**
         * Record stack traces in the exceptions that fail remote asks ({@link #STACK_TRACES}).
         *
         * @param value true to record them.
         * @return this.
         */
        public Builder stackTraces(final boolean value)
        {
            stackTraces = value;
            return this;
        }

        /**
         * Set the term length of every publication ({@link #TERM_LENGTH}); the largest message is an eighth of it.
         *
         * @param value a power of two from 64 KiB to 1 GiB (65,536 to 1,073,741,824), in bytes.
         * @return this.
         */
        public Builder termLength(final int value)
        {
            termLength = value;
            return this;
        }

        /**
         * Set the MTU of UDP publications ({@link #MTU}).
         *
         * @param value a multiple of 32 from 512 to 65504, in bytes.
         * @return this.
         */
        public Builder mtu(final int value)
        {
            mtu = value;
            return this;
        }

        /**
         * Set how often the node says hello to each peer ({@link #HEARTBEAT_INTERVAL_NS}).
         *
         * @param value at least 1 ms, in ns.
         * @return this.
         */
        public Builder heartbeatIntervalNs(final long value)
        {
            heartbeatIntervalNs = value;
            return this;
        }

        /**
         * Set how long a peer may stay silent before it is lost ({@link #FAILURE_TIMEOUT_NS}).
         *
         * @param value at least twice the heartbeat interval, in ns.
         * @return this.
         */
        public Builder failureTimeoutNs(final long value)
        {
            failureTimeoutNs = value;
            return this;
        }

        /**
         * Set how long a resolve waits for its node to answer ({@link #RESOLVE_TIMEOUT_NS}).
         *
         * @param value positive, in ns.
         * @return this.
         */
        public Builder resolveTimeoutNs(final long value)
        {
            resolveTimeoutNs = value;
            return this;
        }

        /**
         * Set the messages a worker keeps per publication while Aeron pushes back ({@link #BACKLOG}).
         *
         * @param value at least 1.
         * @return this.
         */
        public Builder backlog(final int value)
        {
            backlog = value;
            return this;
        }

        /**
         * Set the most fragments a worker takes from its stream per duty cycle ({@link #POLL_LIMIT}).
         *
         * @param value at least 1.
         * @return this.
         */
        public Builder pollLimit(final int value)
        {
            pollLimit = value;
            return this;
        }

        /**
         * Set how long close() keeps the node running to send its goodbyes ({@link #CLOSE_LINGER_NS}).
         *
         * @param value not negative, in ns.
         * @return this.
         */
        public Builder closeLingerNs(final long value)
        {
            closeLingerNs = value;
            return this;
        }

        /**
         * Set the codecs that write and read the node's messages; default {@link Codecs#standard()}.
         *
         * @param value the codecs, not null.
         * @return this.
         */
        public Builder codecs(final Codecs value)
        {
            codecs = Objects.requireNonNull(value, "codecs");
            return this;
        }

        /**
         * Adjust an embedded driver's {@code io.aeron.driver.MediaDriver.Context} before it launches, e.g. to inject
         * loss in tests. Typed as Object so that this class loads without Aeron.
         *
         * @param value given the context.
         * @return this.
         */
        public Builder driverCustomizer(final Consumer<Object> value)
        {
            driverCustomizer = value;
            return this;
        }

        /**
         * Apply settings from properties ({@code remote.*} keys; with {@code hotpath.} before them too, as in
         * system properties).
         *
         * @param props  the properties.
         * @param source named in errors, e.g. a file name.
         * @return this.
         */
        public Builder properties(final Properties props, final String source)
        {
            for (final String key : props.stringPropertyNames())
            {
                final String name = key.startsWith("hotpath.") ? key.substring("hotpath.".length()) : key;
                if (name.startsWith("remote."))
                {
                    apply(name, props.getProperty(key).trim(), source);
                }
            }
            return this;
        }

        private void apply(final String key, final String value, final String source)
        {
            try
            {
                switch (key)
                {
                    case ADDRESS -> address(value);
                    case DRIVER -> driver(Driver.valueOf(value.toUpperCase(Locale.ROOT)));
                    case AERON_DIR -> aeronDir(value);
                    case CONTROL_WORKER -> controlWorker(Integer.parseInt(value));
                    case IDLE -> idle(Idle.parse(value));
                    case IDLE_MAX_PARK_NS -> idleMaxParkNs(Long.parseLong(value));
                    case STACK_TRACES -> stackTraces(parseBoolean(value));
                    case TERM_LENGTH -> termLength(Integer.parseInt(value));
                    case MTU -> mtu(Integer.parseInt(value));
                    case HEARTBEAT_INTERVAL_NS -> heartbeatIntervalNs(Long.parseLong(value));
                    case FAILURE_TIMEOUT_NS -> failureTimeoutNs(Long.parseLong(value));
                    case RESOLVE_TIMEOUT_NS -> resolveTimeoutNs(Long.parseLong(value));
                    case BACKLOG -> backlog(Integer.parseInt(value));
                    case POLL_LIMIT -> pollLimit(Integer.parseInt(value));
                    case CLOSE_LINGER_NS -> closeLingerNs(Long.parseLong(value));
                    default -> throw new IllegalArgumentException("unknown key");
                }
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(source + ": " + key + "=" + value + ": " + ex.getMessage(), ex);
            }
        }

        private static boolean parseBoolean(final String value)
        {
            if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false"))
            {
                return Boolean.parseBoolean(value);
            }
            throw new IllegalArgumentException("expected true or false");
        }

        /**
         * Check every setting and make the configuration.
         *
         * @return the configuration.
         * @throws IllegalArgumentException naming the key, the value and what is allowed.
         */
        public RemoteConfig build()
        {
            if (address == null)
            {
                throw new IllegalArgumentException(ADDRESS + " is required: udp://host:port or ipc://name");
            }
            if (driver == Driver.EXTERNAL && aeronDir == null)
            {
                throw new IllegalArgumentException(DRIVER + "=external needs " + AERON_DIR + ", the running driver's " +
                    "directory");
            }
            if (!idleMaxParkNsSet)
            {
                idleMaxParkNs = driver == Driver.INVOKER && address.isUdp() ? IDLE_MAX_PARK_NS_DEFAULT :
                    IDLE_MAX_PARK_NS_CONTROL_ONLY_DEFAULT;
            }
            check(controlWorker >= -1, CONTROL_WORKER, controlWorker, "-1 (a thread of the node's own) or a worker " +
                "index");
            check(idleMaxParkNs >= 1_000 && idleMaxParkNs <= 1_000_000_000L, IDLE_MAX_PARK_NS, idleMaxParkNs,
                "from 1 us to 1 s");
            check(termLength >= 64 * 1024 && termLength <= 1 << 30 && Integer.bitCount(termLength) == 1, TERM_LENGTH,
                termLength, "a power of two from 64 KiB to 1 GiB (65,536 to 1,073,741,824)");
            check(mtu >= 512 && mtu <= 65504 && mtu % 32 == 0, MTU, mtu, "a multiple of 32 from 512 to 65504");
            check(heartbeatIntervalNs >= 1_000_000, HEARTBEAT_INTERVAL_NS, heartbeatIntervalNs, "at least 1 ms");
            check(failureTimeoutNs >= 2 * heartbeatIntervalNs, FAILURE_TIMEOUT_NS, failureTimeoutNs,
                "at least twice " + HEARTBEAT_INTERVAL_NS);
            check(resolveTimeoutNs > 0, RESOLVE_TIMEOUT_NS, resolveTimeoutNs, "positive");
            check(backlog >= 1, BACKLOG, backlog, "at least 1");
            check(pollLimit >= 1, POLL_LIMIT, pollLimit, "at least 1");
            check(closeLingerNs >= 0, CLOSE_LINGER_NS, closeLingerNs, "not negative");
            return new RemoteConfig(this);
        }

        private static void check(final boolean ok, final String key, final long value, final String allowed)
        {
            if (!ok)
            {
                throw new IllegalArgumentException("bad " + key + "=" + value + ": must be " + allowed);
            }
        }
    }
}
