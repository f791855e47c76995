package io.hotpath;

import io.hotpath.affinity.AffinityProfile;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Every setting of an {@link Engine}, with its key, default and meaning in one place. Immutable and thread safe;
 * built by a {@link Builder}, which validates every value once, at {@link Builder#build()}.
 * <p>
 * Keys are the same in a properties file and in system properties (there with the prefix {@code hotpath.}).
 */
public final class EngineConfig
{
    /** Number of workers (event-loop threads). Default: the number of available processors. */
    public static final String WORKERS = "workers";
    /** Idle strategy of every worker: one of {@link Idle}, by name (busy-spin, yield, backoff, park). Default: backoff. */
    public static final String IDLE = "idle";
    /** Idle strategy of worker N, overriding {@value #IDLE}: {@code worker.N.idle}. */
    public static final String WORKER_IDLE = "worker.N.idle";
    /** Longest park of the park and backoff strategies, in ns. Default: {@value #IDLE_MAX_PARK_NS_DEFAULT}. */
    public static final String IDLE_MAX_PARK_NS = "idle.maxParkNs";
    /** Worker N runs on a thread the service owns, which calls its duty cycle: {@code worker.N.embedded}. */
    public static final String WORKER_EMBEDDED = "worker.N.embedded";
    /** Prefix of worker thread names; with the index at most 15 characters. Default: {@value #NAME_PREFIX_DEFAULT}. */
    public static final String NAME_PREFIX = "worker.namePrefix";
    /**
     * Frames each worker's inbound queue holds, a power of two; a frame keeps its slot until its handler returns.
     * Default: {@value #INBOUND_CAPACITY_DEFAULT}.
     */
    public static final String INBOUND_CAPACITY = "inbound.capacity";
    /** Most inbound frames taken per duty cycle. Default: {@value #INBOUND_DRAIN_LIMIT_DEFAULT}. */
    public static final String INBOUND_DRAIN_LIMIT = "inbound.drainLimit";
    /** Messages each actor's mailbox holds, a power of two. Default: {@value #MAILBOX_CAPACITY_DEFAULT}. */
    public static final String MAILBOX_CAPACITY = "mailbox.capacity";
    /** Most messages a ready actor handles before the next actor's turn. Default: {@value #BATCH_BUDGET_DEFAULT}. */
    public static final String BATCH_BUDGET = "actor.batchBudget";
    /** Most nested direct handoffs on one stack; deeper sends are queued. Default: {@value #HANDOFF_MAX_DEPTH_DEFAULT}. */
    public static final String HANDOFF_MAX_DEPTH = "handoff.maxDepth";
    /**
     * Messages one worker keeps for another whose inbound queue is full, published in order as room appears; the
     * sending actor is held meanwhile. Only a send beyond this many applies the full-queue policy. Default:
     * {@value #OUTBOUND_CAPACITY_DEFAULT}.
     */
    public static final String OUTBOUND_CAPACITY = "outbound.capacity";
    /** Default of {@link #OUTBOUND_CAPACITY}. */
    public static final int OUTBOUND_CAPACITY_DEFAULT = 16_384;
    /** What a send does when a queue is full: fail, drop or wait. Default: {@code wait}. */
    public static final String FULL_QUEUE_POLICY = "send.fullQueuePolicy";
    /** How long a send waits for room under the wait policy, in ns. Default: {@value #SEND_TIMEOUT_NS_DEFAULT}. */
    public static final String SEND_TIMEOUT_NS = "send.timeoutNs";
    /**
     * How long close() lets workers deliver what is queued, in ns; checked between drain batches (never per message),
     * so a batch already under way finishes. Default: {@value #CLOSE_TIMEOUT_NS_DEFAULT}.
     */
    public static final String CLOSE_TIMEOUT_NS = "close.timeoutNs";

    /**
     * How an await about to suspend checks that its method holds no monitor: off, sampled or always (see
     * {@link MonitorCheck}). Default: {@code sampled}.
     */
    public static final String AWAIT_MONITOR_CHECK = "await.monitorCheck";
    /** Default of {@link #AWAIT_MONITOR_CHECK}. */
    public static final MonitorCheck AWAIT_MONITOR_CHECK_DEFAULT = MonitorCheck.SAMPLED;

    /**
     * How long, in ns, an await of an answer from another worker may spin before it suspends, while its worker has
     * nothing else to do (no other actor ready, no other frame arrived, no repeating step, and no actor's turn
     * below the awaiting one on the stack): an answer that comes back within it costs no suspension. 0 turns it
     * off. The spin gives way as soon as another frame arrives; a timer can fire that much later, well inside its
     * tick; on an embedded worker, the call that runs the awaiting method (a {@code doWork}, or a send from the
     * driving thread) returns that much later at most. Default: {@value #AWAIT_SPIN_NS_DEFAULT}.
     */
    public static final String AWAIT_SPIN_NS = "await.spinNs";
    /** Default of {@link #AWAIT_SPIN_NS}. */
    public static final long AWAIT_SPIN_NS_DEFAULT = 2_000L;

    /**
     * Whether a worker with a thread of its own runs its loop on a continuation, so that a sequential actor's method
     * begun by the loop runs on the loop's own stack: a message then costs no switch of stacks, and only an await
     * that suspends does. With false, every method runs on a continuation of the actor's own, mounted for each
     * message (as always on an embedded worker, and for a message handed over by another actor's turn). Default:
     * {@value #AWAIT_ON_LOOP_STACK_DEFAULT}.
     */
    public static final String AWAIT_ON_LOOP_STACK = "await.onLoopStack";
    /** Default of {@link #AWAIT_ON_LOOP_STACK}. */
    public static final boolean AWAIT_ON_LOOP_STACK_DEFAULT = true;

    /** Default of {@link #IDLE}. */
    public static final Idle IDLE_DEFAULT = Idle.BACKOFF;
    /** Default of {@link #IDLE_MAX_PARK_NS}. */
    public static final long IDLE_MAX_PARK_NS_DEFAULT = 1_000_000L;
    /** Default of {@link #NAME_PREFIX}. */
    public static final String NAME_PREFIX_DEFAULT = "hp-worker-";
    /** Default of {@link #INBOUND_CAPACITY}. */
    public static final int INBOUND_CAPACITY_DEFAULT = 16_384;
    /** Default of {@link #INBOUND_DRAIN_LIMIT}. */
    public static final int INBOUND_DRAIN_LIMIT_DEFAULT = 256;
    /** Default of {@link #MAILBOX_CAPACITY}. */
    public static final int MAILBOX_CAPACITY_DEFAULT = 1024;
    /** Default of {@link #BATCH_BUDGET}. */
    public static final int BATCH_BUDGET_DEFAULT = 64;
    /** Default of {@link #HANDOFF_MAX_DEPTH}. */
    public static final int HANDOFF_MAX_DEPTH_DEFAULT = 8;
    /** Default of {@link #FULL_QUEUE_POLICY}. */
    public static final FullQueuePolicy FULL_QUEUE_POLICY_DEFAULT = FullQueuePolicy.WAIT;
    /** Default of {@link #SEND_TIMEOUT_NS}. */
    public static final long SEND_TIMEOUT_NS_DEFAULT = TimeUnit.SECONDS.toNanos(1);
    /** Default of {@link #CLOSE_TIMEOUT_NS}. */
    public static final long CLOSE_TIMEOUT_NS_DEFAULT = TimeUnit.SECONDS.toNanos(5);

    /**
     * Keys of an affinity profile ({@link AffinityProfile}) that {@link Builder#properties} also takes: the CPU of
     * worker N ({@code worker.N.cpu}), {@code mandatory}, {@code other.cpus}, {@code jvm.cpus}, {@code description}.
     * Their defaults and meaning are documented in {@link AffinityProfile}.
     */
    public static final String AFFINITY_KEYS = "worker.N.cpu, mandatory, other.cpus, jvm.cpus, description";

    private static final int MAX_THREAD_NAME = 15;

    private final int workers;
    private final Idle[] idle;
    private final boolean[] embedded;
    private final long idleMaxParkNs;
    private final String namePrefix;
    private final int inboundCapacity;
    private final int inboundDrainLimit;
    private final int mailboxCapacity;
    private final int batchBudget;
    private final int outboundCapacity;
    private final int handoffMaxDepth;
    private final FullQueuePolicy fullQueuePolicy;
    private final long sendTimeoutNs;
    private final long closeTimeoutNs;
    private final FaultListener faultListener;
    private final AffinityProfile affinity;
    private final EngineClock clock;
    private final MonitorCheck awaitMonitorCheck;
    private final long awaitSpinNs;
    private final boolean awaitOnLoopStack;

    private EngineConfig(final Builder b, final int workers, final Idle[] idle, final boolean[] embedded)
    {
        this.workers = workers;
        this.idle = idle;
        this.embedded = embedded;
        this.idleMaxParkNs = b.idleMaxParkNs;
        this.namePrefix = b.namePrefix;
        this.inboundCapacity = b.inboundCapacity;
        this.inboundDrainLimit = b.inboundDrainLimit;
        this.mailboxCapacity = b.mailboxCapacity;
        this.batchBudget = b.batchBudget;
        this.outboundCapacity = b.outboundCapacity;
        this.handoffMaxDepth = b.handoffMaxDepth;
        this.fullQueuePolicy = b.fullQueuePolicy;
        this.sendTimeoutNs = b.sendTimeoutNs;
        this.closeTimeoutNs = b.closeTimeoutNs;
        this.faultListener = b.faultListener;
        this.affinity = b.affinity;
        this.clock = b.clock;
        this.awaitMonitorCheck = b.awaitMonitorCheck;
        this.awaitSpinNs = b.awaitSpinNs;
        this.awaitOnLoopStack = b.awaitOnLoopStack;
    }

    /**
     * @return a builder holding every default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the defaults, overridden by system properties {@code hotpath.KEY}.
     */
    public static EngineConfig fromSystemProperties()
    {
        final Properties props = new Properties();
        for (final String name : System.getProperties().stringPropertyNames())
        {
            if (name.startsWith("hotpath."))
            {
                props.setProperty(name.substring("hotpath.".length()), System.getProperty(name));
            }
        }
        return builder().properties(props, "system properties").build();
    }

    /** @return {@link #WORKERS}. */
    public int workers()
    {
        return workers;
    }

    /**
     * @param worker a worker index.
     * @return the idle strategy name of that worker.
     */
    public Idle idle(final int worker)
    {
        return idle[worker];
    }

    /**
     * @param worker a worker index.
     * @return true when that worker runs on a thread the service owns.
     */
    public boolean embedded(final int worker)
    {
        return embedded[worker];
    }

    /** @return {@link #IDLE_MAX_PARK_NS}. */
    public long idleMaxParkNs()
    {
        return idleMaxParkNs;
    }

    /**
     * @param worker a worker index.
     * @return the worker's thread name.
     */
    public String workerName(final int worker)
    {
        return namePrefix + worker;
    }

    /** @return {@link #INBOUND_CAPACITY}. */
    public int inboundCapacity()
    {
        return inboundCapacity;
    }

    /** @return {@link #INBOUND_DRAIN_LIMIT}. */
    public int inboundDrainLimit()
    {
        return inboundDrainLimit;
    }

    /** @return {@link #MAILBOX_CAPACITY}. */
    public int mailboxCapacity()
    {
        return mailboxCapacity;
    }

    /** @return {@link #BATCH_BUDGET}. */
    public int batchBudget()
    {
        return batchBudget;
    }

    /** @return {@link #OUTBOUND_CAPACITY}. */
    public int outboundCapacity()
    {
        return outboundCapacity;
    }

    /** @return {@link #HANDOFF_MAX_DEPTH}. */
    public int handoffMaxDepth()
    {
        return handoffMaxDepth;
    }

    /** @return {@link #FULL_QUEUE_POLICY}. */
    public FullQueuePolicy fullQueuePolicy()
    {
        return fullQueuePolicy;
    }

    /** @return {@link #SEND_TIMEOUT_NS}. */
    public long sendTimeoutNs()
    {
        return sendTimeoutNs;
    }

    /** @return {@link #CLOSE_TIMEOUT_NS}. */
    public long closeTimeoutNs()
    {
        return closeTimeoutNs;
    }

    /**
     * @return the affinity profile the workers are placed by, or null when they are not placed.
     */
    public AffinityProfile affinity()
    {
        return affinity;
    }

    /**
     * @param worker a worker index.
     * @return the CPU that worker pins itself to, or -1 for none.
     */
    public int cpu(final int worker)
    {
        return affinity == null || worker >= affinity.workers() ? AffinityProfile.NO_CPU : affinity.cpu(worker);
    }

    /** @return {@link #AWAIT_MONITOR_CHECK}. */
    public MonitorCheck awaitMonitorCheck()
    {
        return awaitMonitorCheck;
    }

    /** @return {@link #AWAIT_SPIN_NS}. */
    public long awaitSpinNs()
    {
        return awaitSpinNs;
    }

    /** @return {@link #AWAIT_ON_LOOP_STACK}. */
    public boolean awaitOnLoopStack()
    {
        return awaitOnLoopStack;
    }

    /** @return the clock of timers, timeouts and backoff; {@code System.nanoTime} unless a test replaces it. */
    public EngineClock clock()
    {
        return clock;
    }

    /** @return the listener told of every exception an actor throws. */
    public FaultListener faultListener()
    {
        return faultListener;
    }

    @Override
    public String toString()
    {
        final Map<String, Object> m = new TreeMap<>();
        m.put(WORKERS, workers);
        m.put(IDLE, Arrays.toString(idle));
        m.put("worker.embedded", Arrays.toString(embedded));
        m.put(IDLE_MAX_PARK_NS, idleMaxParkNs);
        m.put(NAME_PREFIX, namePrefix);
        m.put(INBOUND_CAPACITY, inboundCapacity);
        m.put(INBOUND_DRAIN_LIMIT, inboundDrainLimit);
        m.put(MAILBOX_CAPACITY, mailboxCapacity);
        m.put(BATCH_BUDGET, batchBudget);
        m.put(OUTBOUND_CAPACITY, outboundCapacity);
        m.put(HANDOFF_MAX_DEPTH, handoffMaxDepth);
        m.put(FULL_QUEUE_POLICY, fullQueuePolicy.configName());
        m.put(SEND_TIMEOUT_NS, sendTimeoutNs);
        m.put(CLOSE_TIMEOUT_NS, closeTimeoutNs);
        m.put(AWAIT_MONITOR_CHECK, awaitMonitorCheck.configName());
        m.put(AWAIT_SPIN_NS, awaitSpinNs);
        m.put(AWAIT_ON_LOOP_STACK, awaitOnLoopStack);
        m.put("affinity", affinity == null ? "none" : affinity.name());
        return "EngineConfig" + m;
    }

    /**
     * Collects settings; validates them all at {@link #build()}. NOT thread safe.
     */
    public static final class Builder
    {
        private int workers = Runtime.getRuntime().availableProcessors();
        private String idleAll = IDLE_DEFAULT.configName();
        private final Map<Integer, String> idlePerWorker = new TreeMap<>();
        private final Map<Integer, Boolean> embeddedPerWorker = new TreeMap<>();
        private long idleMaxParkNs = IDLE_MAX_PARK_NS_DEFAULT;
        private String namePrefix = NAME_PREFIX_DEFAULT;
        private int inboundCapacity = INBOUND_CAPACITY_DEFAULT;
        private int inboundDrainLimit = INBOUND_DRAIN_LIMIT_DEFAULT;
        private int mailboxCapacity = MAILBOX_CAPACITY_DEFAULT;
        private int batchBudget = BATCH_BUDGET_DEFAULT;
        private int outboundCapacity = OUTBOUND_CAPACITY_DEFAULT;
        private int handoffMaxDepth = HANDOFF_MAX_DEPTH_DEFAULT;
        private FullQueuePolicy fullQueuePolicy = FULL_QUEUE_POLICY_DEFAULT;
        private long sendTimeoutNs = SEND_TIMEOUT_NS_DEFAULT;
        private long closeTimeoutNs = CLOSE_TIMEOUT_NS_DEFAULT;
        private FaultListener faultListener = Builder::printFault;
        private AffinityProfile affinity;
        private EngineClock clock = EngineClock.SYSTEM;
        private MonitorCheck awaitMonitorCheck = AWAIT_MONITOR_CHECK_DEFAULT;
        private long awaitSpinNs = AWAIT_SPIN_NS_DEFAULT;
        private boolean awaitOnLoopStack = AWAIT_ON_LOOP_STACK_DEFAULT;

        private Builder()
        {
        }

        /** @param value see {@link #WORKERS}. @return this. */
        public Builder workers(final int value)
        {
            workers = value;
            return this;
        }

        /**
         * @param value the idle strategy of every worker.
         * @return this.
         */
        public Builder idle(final Idle value)
        {
            return idle(java.util.Objects.requireNonNull(value, "idle strategy").configName());
        }

        /** @param name see {@link #IDLE}. @return this. */
        public Builder idle(final String name)
        {
            idleAll = name;
            return this;
        }

        /** @param worker index. @param name see {@link #WORKER_IDLE}. @return this. */
        public Builder idle(final int worker, final String name)
        {
            idlePerWorker.put(worker, name);
            return this;
        }

        /** @param worker index. @param value see {@link #WORKER_EMBEDDED}. @return this. */
        public Builder embedded(final int worker, final boolean value)
        {
            embeddedPerWorker.put(worker, value);
            return this;
        }

        /** @param value see {@link #IDLE_MAX_PARK_NS}. @return this. */
        public Builder idleMaxParkNs(final long value)
        {
            idleMaxParkNs = value;
            return this;
        }

        /** @param value see {@link #NAME_PREFIX}. @return this. */
        public Builder namePrefix(final String value)
        {
            namePrefix = value;
            return this;
        }

        /** @param value see {@link #INBOUND_CAPACITY}. @return this. */
        public Builder inboundCapacity(final int value)
        {
            inboundCapacity = value;
            return this;
        }

        /** @param value see {@link #INBOUND_DRAIN_LIMIT}. @return this. */
        public Builder inboundDrainLimit(final int value)
        {
            inboundDrainLimit = value;
            return this;
        }

        /** @param value see {@link #MAILBOX_CAPACITY}. @return this. */
        public Builder mailboxCapacity(final int value)
        {
            mailboxCapacity = value;
            return this;
        }

        /** @param value see {@link #BATCH_BUDGET}. @return this. */
        public Builder batchBudget(final int value)
        {
            batchBudget = value;
            return this;
        }

        /** @param value see {@link #OUTBOUND_CAPACITY}. @return this. */
        public Builder outboundCapacity(final int value)
        {
            outboundCapacity = value;
            return this;
        }

        /** @param value see {@link #HANDOFF_MAX_DEPTH}; 0 turns direct handoff off. @return this. */
        public Builder handoffMaxDepth(final int value)
        {
            handoffMaxDepth = value;
            return this;
        }

        /** @param value see {@link #FULL_QUEUE_POLICY}. @return this. */
        public Builder fullQueuePolicy(final FullQueuePolicy value)
        {
            fullQueuePolicy = value;
            return this;
        }

        /** @param value see {@link #SEND_TIMEOUT_NS}. @return this. */
        public Builder sendTimeoutNs(final long value)
        {
            sendTimeoutNs = value;
            return this;
        }

        /** @param value see {@link #CLOSE_TIMEOUT_NS}. @return this. */
        public Builder closeTimeoutNs(final long value)
        {
            closeTimeoutNs = value;
            return this;
        }

        /** @param value told of every exception an actor throws; the default prints it to stderr. @return this. */
        public Builder faultListener(final FaultListener value)
        {
            faultListener = value;
            return this;
        }

        /** @param value see {@link #AWAIT_MONITOR_CHECK}. @return this. */
        public Builder awaitMonitorCheck(final MonitorCheck value)
        {
            awaitMonitorCheck = java.util.Objects.requireNonNull(value, "awaitMonitorCheck: off, sampled or always");
            return this;
        }

        /** @param value see {@link #AWAIT_SPIN_NS}. @return this. */
        public Builder awaitSpinNs(final long value)
        {
            awaitSpinNs = value;
            return this;
        }

        /** @param value see {@link #AWAIT_ON_LOOP_STACK}. @return this. */
        public Builder awaitOnLoopStack(final boolean value)
        {
            awaitOnLoopStack = value;
            return this;
        }

        /**
         * @param value the clock of timers, ask timeouts and restart backoff; replace it only to control time in
         *              tests (the clock is read on workers' threads).
         * @return this.
         */
        public Builder clock(final EngineClock value)
        {
            clock = java.util.Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * Place the workers by an affinity profile: it sets the number of workers, each worker's idle strategy and
         * CPU, and whether pinning is mandatory. Settings made after this call override the profile's.
         *
         * @param profile a profile, e.g. {@code AffinityProfile.load(Path.of("affinity-config/two-core.properties"))}.
         * @return this.
         */
        public Builder affinity(final AffinityProfile profile)
        {
            affinity = java.util.Objects.requireNonNull(profile, "affinity profile");
            workers = profile.workers();
            idleAll = profile.idle(0);
            idlePerWorker.clear();
            for (int i = 0; i < profile.workers(); i++)
            {
                idlePerWorker.put(i, profile.idle(i));
            }
            return this;
        }

        /**
         * @param profileFile an affinity profile file, see {@link #affinity(AffinityProfile)}.
         * @return this.
         */
        public Builder affinity(final Path profileFile)
        {
            return affinity(AffinityProfile.load(profileFile));
        }

        /**
         * Apply settings from properties, e.g. a file.
         *
         * @param props  keys as listed in {@link EngineConfig}.
         * @param source named in error messages, e.g. the file's path.
         * @return this.
         * @throws IllegalArgumentException naming the key, the value and what is allowed.
         */
        public Builder properties(final Properties props, final String source)
        {
            if (ConfigKeys.hasAffinityKey(props))
            {
                affinity(AffinityProfile.parse(ConfigKeys.profileSubset(props), source));
            }
            for (final String key : new TreeMap<>(props).keySet().stream().map(String::valueOf).toList())
            {
                if (!ConfigKeys.isAffinityOnly(key))
                {
                    ConfigKeys.apply(this, key, props.getProperty(key).trim(), source);
                }
            }
            return this;
        }

        /**
         * @return the validated configuration.
         * @throws IllegalArgumentException naming the first bad key, its value and what is allowed.
         */
        public EngineConfig build()
        {
            require(workers >= 1 && workers <= 1024, WORKERS, workers, "a whole number from 1 to 1024");
            require(isIdle(idleAll), IDLE, idleAll, "one of " + Idle.names());
            final Idle[] idle = new Idle[workers];
            final boolean[] embedded = new boolean[workers];
            Arrays.fill(idle, Idle.parse(idleAll));
            for (final Map.Entry<Integer, String> e : idlePerWorker.entrySet())
            {
                final String key = "worker." + e.getKey() + ".idle";
                require(e.getKey() >= 0 && e.getKey() < workers, key, e.getValue(), workerRange());
                require(isIdle(e.getValue()), key, e.getValue(), "one of " + Idle.names());
                idle[e.getKey()] = Idle.parse(e.getValue());
            }
            for (final Map.Entry<Integer, Boolean> e : embeddedPerWorker.entrySet())
            {
                require(e.getKey() >= 0 && e.getKey() < workers, "worker." + e.getKey() + ".embedded",
                    e.getValue(), workerRange());
                embedded[e.getKey()] = e.getValue();
            }
            require(idleMaxParkNs >= 1_000 && idleMaxParkNs <= 1_000_000_000L, IDLE_MAX_PARK_NS, idleMaxParkNs,
                "from 1000 (1 us) to 1000000000 (1 s)");
            require(namePrefix != null && !namePrefix.isBlank() &&
                namePrefix.length() + String.valueOf(workers - 1).length() <= MAX_THREAD_NAME,
                NAME_PREFIX, namePrefix, "a prefix that leaves names of at most 15 characters with the index");
            require(isPowerOfTwo(inboundCapacity, 2, 1 << 30), INBOUND_CAPACITY, inboundCapacity,
                "a power of two from 2 to 1073741824");
            require(inboundDrainLimit >= 1, INBOUND_DRAIN_LIMIT, inboundDrainLimit, "1 or more");
            require(isPowerOfTwo(mailboxCapacity, 2, 1 << 30), MAILBOX_CAPACITY, mailboxCapacity,
                "a power of two from 2 to 1073741824");
            require(batchBudget >= 1, BATCH_BUDGET, batchBudget, "1 or more");
            require(outboundCapacity >= 1, OUTBOUND_CAPACITY, outboundCapacity, "1 or more");
            require(handoffMaxDepth >= 0 && handoffMaxDepth <= 1024, HANDOFF_MAX_DEPTH, handoffMaxDepth,
                "from 0 (no direct handoff) to 1024");
            require(fullQueuePolicy != null, FULL_QUEUE_POLICY, null, "fail, drop or wait");
            require(sendTimeoutNs >= 0, SEND_TIMEOUT_NS, sendTimeoutNs, "0 or more");
            require(closeTimeoutNs >= 0, CLOSE_TIMEOUT_NS, closeTimeoutNs, "0 or more");
            require(awaitSpinNs >= 0 && awaitSpinNs <= 1_000_000, AWAIT_SPIN_NS, awaitSpinNs,
                "from 0 (off) to 1000000 (1 ms); a spin longer than a round trip only burns the CPU");
            require(faultListener != null, "faultListener", null, "a listener");
            require(affinity == null || affinity.workers() == workers, WORKERS, workers,
                "the affinity profile's " + (affinity == null ? 0 : affinity.workers()) + " (" +
                (affinity == null ? "" : affinity.name()) + "), or no profile");
            return new EngineConfig(this, workers, idle, embedded);
        }

        private String workerRange()
        {
            return "a worker index from 0 to " + (workers - 1) + " (" + WORKERS + "=" + workers + ")";
        }

        private static boolean isIdle(final String name)
        {
            try
            {
                Idle.parse(name);
                return true;
            }
            catch (final IllegalArgumentException ex)
            {
                return false;
            }
        }

        private static boolean isPowerOfTwo(final int v, final int min, final int max)
        {
            return v >= min && v <= max && Integer.bitCount(v) == 1;
        }

        private static void require(final boolean ok, final String key, final Object value, final String allowed)
        {
            if (!ok)
            {
                throw new IllegalArgumentException(
                    "bad engine setting " + key + "=" + value + ": must be " + allowed);
            }
        }

        private static void printFault(
            final ActorRef<?> actor, final Object message, final Throwable error, final FaultPolicy policy)
        {
            System.err.println("hotpath: actor '" + actor.name() + "' threw " + error + " (fault policy: " +
                policy + ")");
        }
    }
}
