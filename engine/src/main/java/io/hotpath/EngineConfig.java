// Longer than the project's ~400 lines on purpose: this file is the one table of configuration keys, each key next
// to its default and meaning (as Aeron's Configuration.java), with the accessor of each value and the Builder's
// setter of each key; the Builder is nested so that its name stays EngineConfig.Builder. What is not the table lives
// beside it: reading keys from text in ConfigKeys, checking values in ConfigValidator.
package io.hotpath;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Every setting of an {@link Engine}: each key below with its default and meaning, the only such table. Immutable
 * and thread safe; built by a {@link Builder}, which validates every value once, at {@link Builder#build()}.
 * <p>
 * Keys are the same in a properties file ({@link Builder#properties}), in an affinity profile
 * ({@link Builder#affinity(Path)}: a profile is a file of these settings) and in system properties (there with the
 * prefix {@code hotpath.}). Per-worker keys are written with the worker's index for {@code N}:
 * {@code worker.3.cpu}. Names are accepted in any case where they are names (idle strategies, full-queue policies,
 * monitor checks, {@code true}/{@code false}, {@code none}); keys are exact.
 * <p>
 * The placement keys ({@link #WORKER_CPU}, {@link #MANDATORY}, {@link #OTHER_CPUS}, {@link #JVM_CPUS},
 * {@link #DESCRIPTION}) place the workers on CPUs: once any of them is set, or a profile file is applied, the
 * engine has an {@link #affinity()} and each worker pins itself at start as it says.
 */
public final class EngineConfig
{
    /** Most workers an engine may have. */
    public static final int MAX_WORKERS = 1024;

    /**
     * Number of workers (event-loop threads), 1 to {@value #MAX_WORKERS}. Default: the number of available
     * processors ({@link Runtime#availableProcessors()}). Never derived from other keys.
     */
    public static final String WORKERS = "workers";

    /** Idle strategy of every worker without a {@link #WORKER_IDLE}: one of {@link Idle}, by its configName. */
    public static final String IDLE = "idle";
    /** Default of {@link #IDLE}. */
    public static final Idle IDLE_DEFAULT = Idle.BACKOFF;

    /** Idle strategy of worker N, overriding {@link #IDLE} for that worker. Default: the value of {@link #IDLE}. */
    public static final String WORKER_IDLE = "worker.N.idle";

    /** Longest park of the park and backoff strategies, in ns; a sender wakes a parked worker at once. */
    public static final String IDLE_MAX_PARK_NS = "idle.maxParkNs";
    /** Default of {@link #IDLE_MAX_PARK_NS}. */
    public static final long IDLE_MAX_PARK_NS_DEFAULT = 1_000_000L;

    /** Worker N runs on a thread the service owns, which calls its duty cycle (see {@link WorkerInvoker}). */
    public static final String WORKER_EMBEDDED = "worker.N.embedded";
    /** Default of {@link #WORKER_EMBEDDED}. */
    public static final boolean WORKER_EMBEDDED_DEFAULT = false;

    /** Prefix of worker thread names; with the index at most 15 characters. */
    public static final String NAME_PREFIX = "worker.namePrefix";
    /** Default of {@link #NAME_PREFIX}. */
    public static final String NAME_PREFIX_DEFAULT = "hp-worker-";

    /**
     * CPU that worker N pins itself to at start: a CPU number from 0 to {@value CpuSet#MAX_CPU}, or
     * {@value #WORKER_CPU_NONE}. N must be a worker of the engine (below {@link #WORKERS}). Default: none, the
     * worker is not pinned. Checked against the machine at start: a CPU that does not exist, is offline or is not
     * allowed to the process fails the start.
     */
    public static final String WORKER_CPU = "worker.N.cpu";
    /** The value of {@link #WORKER_CPU} for a worker that is not pinned (its {@link #cpu(int)} is -1). */
    public static final String WORKER_CPU_NONE = "none";

    /** true: a worker that cannot be pinned fails the engine's start; false: it runs unpinned and says so once. */
    public static final String MANDATORY = "mandatory";
    /** Default of {@link #MANDATORY}. */
    public static final boolean MANDATORY_DEFAULT = false;

    /**
     * A cpu list (e.g. {@code 0-1,8}) meant for the engine's threads that are not workers. Advisory: checked
     * against the machine (every CPU must be allowed to the process) and against spinning workers' CPUs, and
     * printed by the affinity tool; the engine does not pin those threads itself. Default: empty, no advice.
     */
    public static final String OTHER_CPUS = "other.cpus";
    /** Default of {@link #OTHER_CPUS}. */
    public static final CpuSet OTHER_CPUS_DEFAULT = CpuSet.EMPTY;

    /**
     * A cpu list advised for the JVM's own threads (GC, JIT). Advisory: checked against the machine and printed by
     * the affinity tool; apply it with {@code taskset} or {@code numactl} when starting the JVM. Default: empty.
     */
    public static final String JVM_CPUS = "jvm.cpus";
    /** Default of {@link #JVM_CPUS}. */
    public static final CpuSet JVM_CPUS_DEFAULT = CpuSet.EMPTY;

    /** Free text about the placement, shown by the affinity tool. */
    public static final String DESCRIPTION = "description";
    /** Default of {@link #DESCRIPTION}. */
    public static final String DESCRIPTION_DEFAULT = "";

    /** Frames each worker's inbound queue holds, a power of two; a frame keeps its slot until its handler returns. */
    public static final String INBOUND_CAPACITY = "inbound.capacity";
    /** Default of {@link #INBOUND_CAPACITY}. */
    public static final int INBOUND_CAPACITY_DEFAULT = 16_384;

    /**
     * Frames each lane holds, a power of two, or 0 for no lanes; unset, the same as {@link #INBOUND_CAPACITY}. A lane
     * is a single-producer queue from one worker to another, made on the first send between them and drained beside
     * the receiver's inbound queue: a worker-to-worker send claims its frame in it without a CAS. With 0, workers
     * send to each other through the inbound queues, as threads outside the engine do. Memory: a lane for each pair
     * of workers that has talked, at most {@code workers x (workers - 1)}, of 8 bytes per frame (compressed
     * references).
     */
    public static final String INBOUND_LANE_CAPACITY = "inbound.laneCapacity";

    /** Most frames per duty cycle that run code, from the inbound queue and from each lane. */
    public static final String INBOUND_DRAIN_LIMIT = "inbound.drainLimit";
    /** Default of {@link #INBOUND_DRAIN_LIMIT}. */
    public static final int INBOUND_DRAIN_LIMIT_DEFAULT = 256;

    /** Messages each actor's mailbox holds, a power of two. */
    public static final String MAILBOX_CAPACITY = "mailbox.capacity";
    /** Default of {@link #MAILBOX_CAPACITY}. */
    public static final int MAILBOX_CAPACITY_DEFAULT = 1024;

    /** Most messages a ready actor handles before the next actor's turn. */
    public static final String BATCH_BUDGET = "actor.batchBudget";
    /** Default of {@link #BATCH_BUDGET}. */
    public static final int BATCH_BUDGET_DEFAULT = 64;
    /**
     * About the longest turn of a slow actor: one whose messages take more than 200 ns each handles fewer than
     * {@link #BATCH_BUDGET} messages per turn (at least 2), as many as fit in this time at the cost per message its
     * last full turn measured, so its neighbours on the worker wait about this long behind it, not a whole budget.
     */
    public static final String BATCH_TIME_NS = "actor.batchTimeNs";
    /** Default of {@link #BATCH_TIME_NS}: 250 us. */
    public static final long BATCH_TIME_NS_DEFAULT = 250_000;
    /**
     * Messages one worker keeps for another whose lane from it (or inbound queue, without lanes) is full, published
     * in order as room appears; the sending actor is held meanwhile. Only a send beyond this many applies the
     * full-queue policy.
     */
    public static final String OUTBOUND_CAPACITY = "outbound.capacity";
    /** Default of {@link #OUTBOUND_CAPACITY}. */
    public static final int OUTBOUND_CAPACITY_DEFAULT = 16_384;

    /** Most nested direct handoffs on one stack; deeper sends are queued; 0 turns direct handoff off. */
    public static final String HANDOFF_MAX_DEPTH = "handoff.maxDepth";
    /** Default of {@link #HANDOFF_MAX_DEPTH}. */
    public static final int HANDOFF_MAX_DEPTH_DEFAULT = 8;

    /** What a send does when a queue is full: fail, drop or wait (see {@link FullQueuePolicy}). */
    public static final String FULL_QUEUE_POLICY = "send.fullQueuePolicy";
    /** Default of {@link #FULL_QUEUE_POLICY}. */
    public static final FullQueuePolicy FULL_QUEUE_POLICY_DEFAULT = FullQueuePolicy.WAIT;

    /** How long a send waits for room under the wait policy, in ns. */
    public static final String SEND_TIMEOUT_NS = "send.timeoutNs";
    /** Default of {@link #SEND_TIMEOUT_NS}. */
    public static final long SEND_TIMEOUT_NS_DEFAULT = TimeUnit.SECONDS.toNanos(1);

    /**
     * How long close() lets workers deliver what is queued, in ns; checked between drain batches (never per message),
     * so a batch already under way finishes.
     */
    public static final String CLOSE_TIMEOUT_NS = "close.timeoutNs";
    /** Default of {@link #CLOSE_TIMEOUT_NS}. */
    public static final long CLOSE_TIMEOUT_NS_DEFAULT = TimeUnit.SECONDS.toNanos(5);
    /**
     * Close the engine when the JVM shuts down (System.exit, SIGTERM), delivering what is queued within
     * {@link #CLOSE_TIMEOUT_NS} and logging what could not be delivered ({@code io.hotpath.close}). Opt in: a service
     * usually closes its engine itself, in order with its other resources.
     */
    public static final String CLOSE_ON_SHUTDOWN = "close.onShutdown";
    /** Default of {@link #CLOSE_ON_SHUTDOWN}. */
    public static final boolean CLOSE_ON_SHUTDOWN_DEFAULT = false;
    /**
     * Worker threads are daemon threads: the JVM may exit while they run, dropping what is queued. By default they are
     * not, as an executor's threads are not: returning from {@code main} without {@code close()} keeps the JVM up and
     * delivering, rather than losing work silently.
     */
    public static final String WORKER_DAEMON = "worker.daemon";
    /** Default of {@link #WORKER_DAEMON}. */
    public static final boolean WORKER_DAEMON_DEFAULT = false;

    /**
     * How an await about to suspend checks that its method holds no monitor: off, sampled or always (see
     * {@link MonitorCheck}).
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
     * driving thread) returns that much later at most.
     */
    public static final String AWAIT_SPIN_NS = "await.spinNs";
    /** Default of {@link #AWAIT_SPIN_NS}. */
    public static final long AWAIT_SPIN_NS_DEFAULT = 2_000L;

    /**
     * Whether a worker with a thread of its own runs its loop on a continuation, so that a sequential actor's method
     * begun by the loop runs on the loop's own stack: a message then costs no switch of stacks, and only an await
     * that suspends does. With false, every method runs on a continuation of the actor's own, mounted for each
     * message (as always on an embedded worker, and for a message handed over by another actor's turn).
     */
    public static final String AWAIT_ON_LOOP_STACK = "await.onLoopStack";
    /** Default of {@link #AWAIT_ON_LOOP_STACK}. */
    public static final boolean AWAIT_ON_LOOP_STACK_DEFAULT = true;

    /**
     * A worker whose turn (one actor's handler or run of handed-over frames, a repeating step, a timer's message)
     * has run longer than this, in ns, is reported once per stall ({@code io.hotpath.stalls}, with the worker's
     * stack; at most 10 reports a minute) and counted
     * ({@code stalls}, {@code longestStallNs} in the stats; a JFR event {@code io.hotpath.WorkerStall}). One watcher
     * thread per engine, sleeping a quarter of this between looks; 0 (or {@code off} in text) turns it off, with no
     * watcher thread and nothing done per turn. An embedded worker is watched while its thread is in a turn.
     */
    public static final String STALL_THRESHOLD_NS = "stall.thresholdNs";
    /** Default of {@link #STALL_THRESHOLD_NS}: 10 ms. */
    public static final long STALL_THRESHOLD_NS_DEFAULT = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * The stall threshold, in ns, for the work of starting up: an actor's first turns, and a turn the watcher finds
     * loading, linking or initializing classes (a first lambda or {@code switch}, a logging framework setting
     * itself up). Such a turn is reported only once it has run this long; 0 judges it as any other turn, by
     * {@link #STALL_THRESHOLD_NS}.
     */
    public static final String STALL_GRACE_NS = "stall.graceNs";
    /** Default of {@link #STALL_GRACE_NS}: 1 s. */
    public static final long STALL_GRACE_NS_DEFAULT = TimeUnit.SECONDS.toNanos(1);

    /**
     * Latency histograms for every worker: the time each message's handler ran, and the time each frame from
     * another thread waited in the inbound queue (send to take); HdrHistogram recorders, read as percentiles in
     * {@code engine.stats()}. Off by default: when off nothing is timed; an actor spawned with
     * {@link ActorBuilder#histograms()} has its own, and its worker's, even so.
     */
    public static final String HISTOGRAMS = "histograms";
    /** Default of {@link #HISTOGRAMS}. */
    public static final boolean HISTOGRAMS_DEFAULT = false;

    /**
     * Register the engine's counters as JMX MBeans on the platform MBean server at start
     * ({@code io.hotpath:type=Engine,name=...} and {@code io.hotpath:type=Worker,engine=...,name=...}), and
     * unregister them at close.
     */
    public static final String JMX = "jmx";
    /** Default of {@link #JMX}. */
    public static final boolean JMX_DEFAULT = true;

    /** The engine's name in its MBeans' names and its JFR events; unique among the process's engines with JMX on. */
    public static final String ENGINE_NAME = "engine.name";
    /** Default of {@link #ENGINE_NAME}: {@code hotpath-} and a number counted per process from 0. */
    public static final String ENGINE_NAME_DEFAULT = "";

    private final int workers;
    private final Idle[] idle;
    private final boolean[] embedded;
    private final long idleMaxParkNs;
    private final String namePrefix;
    private final AffinityProfile affinity;
    private final int inboundCapacity;
    private final int inboundLaneCapacity;
    private final int inboundDrainLimit;
    private final int mailboxCapacity;
    private final int batchBudget;
    private final long batchTimeNs;
    private final int outboundCapacity;
    private final int handoffMaxDepth;
    private final FullQueuePolicy fullQueuePolicy;
    private final long sendTimeoutNs;
    private final long closeTimeoutNs;
    private final boolean closeOnShutdown;
    private final boolean workerDaemon;
    private final MonitorCheck awaitMonitorCheck;
    private final long awaitSpinNs;
    private final boolean awaitOnLoopStack;
    private final long stallThresholdNs;
    private final long stallGraceNs;
    private final boolean histograms;
    private final boolean jmx;
    private final String engineName;
    private final FaultListener faultListener;
    private final EngineClock clock;

    /** Made by {@link ConfigValidator} once every value has passed. */
    EngineConfig(
        final Builder b, final Idle[] idle, final boolean[] embedded, final AffinityProfile affinity)
    {
        this.workers = b.workers;
        this.idle = idle;
        this.embedded = embedded;
        this.idleMaxParkNs = b.idleMaxParkNs;
        this.namePrefix = b.namePrefix;
        this.affinity = affinity;
        this.inboundCapacity = b.inboundCapacity;
        this.inboundLaneCapacity = b.inboundLaneCapacitySet ? b.inboundLaneCapacity : b.inboundCapacity;
        this.inboundDrainLimit = b.inboundDrainLimit;
        this.mailboxCapacity = b.mailboxCapacity;
        this.batchBudget = b.batchBudget;
        this.batchTimeNs = b.batchTimeNs;
        this.outboundCapacity = b.outboundCapacity;
        this.handoffMaxDepth = b.handoffMaxDepth;
        this.fullQueuePolicy = b.fullQueuePolicy;
        this.sendTimeoutNs = b.sendTimeoutNs;
        this.closeTimeoutNs = b.closeTimeoutNs;
        this.closeOnShutdown = b.closeOnShutdown;
        this.workerDaemon = b.workerDaemon;
        this.awaitMonitorCheck = b.awaitMonitorCheck;
        this.awaitSpinNs = b.awaitSpinNs;
        this.awaitOnLoopStack = b.awaitOnLoopStack;
        this.stallThresholdNs = b.stallThresholdNs;
        this.stallGraceNs = b.stallGraceNs;
        this.histograms = b.histograms;
        this.jmx = b.jmx;
        this.engineName = b.engineName;
        this.faultListener = b.faultListener;
        this.clock = b.clock;
    }

    /**
     * {@return a builder holding every default}
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * {@return the defaults, overridden by system properties {@code hotpath.KEY}}
     */
    public static EngineConfig fromSystemProperties()
    {
        return builder().properties(ConfigKeys.systemProperties(), "system properties").build();
    }

    /**
     * {@return the key of that worker, e.g. {@code worker.3.cpu}}
     *
     * @param key    a per-worker key of this table, e.g. {@link #WORKER_CPU}.
     * @param worker a worker index.
     */
    public static String workerKey(final String key, final int worker)
    {
        return key.replace(".N.", "." + worker + ".");
    }

    /** {@return the number of workers ({@link #WORKERS})} */
    public int workers()
    {
        return workers;
    }

    /**
     * {@return that worker's idle strategy ({@link #WORKER_IDLE}, else {@link #IDLE})}
     *
     * @param worker a worker index.
     */
    public Idle idle(final int worker)
    {
        return idle[worker];
    }

    /**
     * {@return true when that worker runs on a thread the service owns ({@link #WORKER_EMBEDDED})}
     *
     * @param worker a worker index.
     */
    public boolean embedded(final int worker)
    {
        return embedded[worker];
    }

    /** {@return the longest park of the park and backoff strategies, in ns ({@link #IDLE_MAX_PARK_NS})} */
    public long idleMaxParkNs()
    {
        return idleMaxParkNs;
    }

    /**
     * {@return the worker's thread name ({@link #NAME_PREFIX} and the index)}
     *
     * @param worker a worker index.
     */
    public String workerName(final int worker)
    {
        return namePrefix + worker;
    }

    /** @return {@link #NAME_PREFIX}. */
    String namePrefix()
    {
        return namePrefix;
    }

    /**
     * {@return where the workers are placed: each worker's CPU and idle strategy with the other placement keys; null
     * when no placement key was set and no profile applied, so the workers are not placed}
     */
    public AffinityProfile affinity()
    {
        return affinity;
    }

    /**
     * {@return the CPU that worker pins itself to ({@link #WORKER_CPU}), or {@link AffinityProfile#NO_CPU} for none}
     *
     * @param worker a worker index.
     */
    public int cpu(final int worker)
    {
        return affinity == null ? AffinityProfile.NO_CPU : affinity.cpu(worker);
    }

    /** {@return the frames each worker's inbound queue holds ({@link #INBOUND_CAPACITY})} */
    public int inboundCapacity()
    {
        return inboundCapacity;
    }

    /** {@return the most inbound frames a worker takes per duty cycle ({@link #INBOUND_DRAIN_LIMIT})} */
    public int inboundDrainLimit()
    {
        return inboundDrainLimit;
    }

    /** {@return the messages each actor's mailbox holds ({@link #MAILBOX_CAPACITY})} */
    public int mailboxCapacity()
    {
        return mailboxCapacity;
    }

    /** {@return the frames each lane between two workers holds, 0 for no lanes ({@link #INBOUND_LANE_CAPACITY})} */
    public int inboundLaneCapacity()
    {
        return inboundLaneCapacity;
    }

    /** {@return the most messages a ready actor handles per turn ({@link #BATCH_BUDGET})} */
    public int batchBudget()
    {
        return batchBudget;
    }

    /** {@return about the longest turn of a slow actor, in nanoseconds ({@link #BATCH_TIME_NS})} */
    public long batchTimeNs()
    {
        return batchTimeNs;
    }

    /**
     * {@return the messages a worker keeps for each worker whose inbound queue is full ({@link #OUTBOUND_CAPACITY})}
     */
    public int outboundCapacity()
    {
        return outboundCapacity;
    }

    /** {@return the most nested direct handoffs on one stack, 0 for none ({@link #HANDOFF_MAX_DEPTH})} */
    public int handoffMaxDepth()
    {
        return handoffMaxDepth;
    }

    /** {@return what a send does when a queue is full ({@link #FULL_QUEUE_POLICY})} */
    public FullQueuePolicy fullQueuePolicy()
    {
        return fullQueuePolicy;
    }

    /** {@return how long a send waits for room under the wait policy, in ns ({@link #SEND_TIMEOUT_NS})} */
    public long sendTimeoutNs()
    {
        return sendTimeoutNs;
    }

    /** {@return how long close() lets workers deliver what is queued, in ns ({@link #CLOSE_TIMEOUT_NS})} */
    public long closeTimeoutNs()
    {
        return closeTimeoutNs;
    }

    /** {@return true when the engine closes itself as the JVM shuts down ({@link #CLOSE_ON_SHUTDOWN})} */
    public boolean closeOnShutdown()
    {
        return closeOnShutdown;
    }

    /** {@return true when the worker threads are daemon threads ({@link #WORKER_DAEMON})} */
    public boolean workerDaemon()
    {
        return workerDaemon;
    }

    /** {@return how an await about to suspend checks for held monitors ({@link #AWAIT_MONITOR_CHECK})} */
    public MonitorCheck awaitMonitorCheck()
    {
        return awaitMonitorCheck;
    }

    /** {@return how long an await may spin before it suspends, in ns, 0 for never ({@link #AWAIT_SPIN_NS})} */
    public long awaitSpinNs()
    {
        return awaitSpinNs;
    }

    /** {@return true when workers run their loop on a continuation ({@link #AWAIT_ON_LOOP_STACK})} */
    public boolean awaitOnLoopStack()
    {
        return awaitOnLoopStack;
    }

    /**
     * {@return the turn length, in ns, past which a worker is reported stalled; 0 when off
     * ({@link #STALL_THRESHOLD_NS})}
     */
    public long stallThresholdNs()
    {
        return stallThresholdNs;
    }

    /**
     * {@return the stall threshold, in ns, of an actor's first turns and of class loading; 0 for none
     * ({@link #STALL_GRACE_NS})}
     */
    public long stallGraceNs()
    {
        return stallGraceNs;
    }

    /** {@return true when every worker records latency histograms ({@link #HISTOGRAMS})} */
    public boolean histograms()
    {
        return histograms;
    }

    /** {@return true when the engine registers its counters as JMX MBeans ({@link #JMX})} */
    public boolean jmx()
    {
        return jmx;
    }

    /** {@return the configured engine name ({@link #ENGINE_NAME}); empty for a name the engine makes up} */
    public String engineName()
    {
        return engineName;
    }

    /** {@return the clock of timers, timeouts and backoff; {@code System.nanoTime} unless a test replaces it} */
    public EngineClock clock()
    {
        return clock;
    }

    /** {@return the listener told of every exception an actor throws} */
    public FaultListener faultListener()
    {
        return faultListener;
    }

    @Override
    public String toString()
    {
        return "EngineConfig" + ConfigKeys.describe(this);
    }

    /**
     * Collects settings; checks them all at {@link #build()}. Each call sets what it names and nothing else, so when
     * two calls set the same key the later one wins, whether it is a setter, {@link #properties} or
     * {@link #affinity(Path)}. NOT thread safe.
     */
    public static final class Builder
    {
        // read by ConfigValidator; each field holds what was last set, checked only at build()
        int workers = Runtime.getRuntime().availableProcessors();
        String idleAll = IDLE_DEFAULT.configName();
        final Map<Integer, String> idlePerWorker = new TreeMap<>();
        final Map<Integer, Boolean> embeddedPerWorker = new TreeMap<>();
        long idleMaxParkNs = IDLE_MAX_PARK_NS_DEFAULT;
        String namePrefix = NAME_PREFIX_DEFAULT;
        final Map<Integer, Integer> cpuPerWorker = new TreeMap<>();
        boolean mandatory = MANDATORY_DEFAULT;
        CpuSet otherCpus = OTHER_CPUS_DEFAULT;
        CpuSet jvmCpus = JVM_CPUS_DEFAULT;
        String description = DESCRIPTION_DEFAULT;
        /** Names the placement in messages; null until a placement key is set or a profile applied. */
        String placementName;
        int inboundCapacity = INBOUND_CAPACITY_DEFAULT;
        int inboundLaneCapacity;
        boolean inboundLaneCapacitySet;
        int inboundDrainLimit = INBOUND_DRAIN_LIMIT_DEFAULT;
        int mailboxCapacity = MAILBOX_CAPACITY_DEFAULT;
        int batchBudget = BATCH_BUDGET_DEFAULT;
        long batchTimeNs = BATCH_TIME_NS_DEFAULT;
        int outboundCapacity = OUTBOUND_CAPACITY_DEFAULT;
        int handoffMaxDepth = HANDOFF_MAX_DEPTH_DEFAULT;
        FullQueuePolicy fullQueuePolicy = FULL_QUEUE_POLICY_DEFAULT;
        long sendTimeoutNs = SEND_TIMEOUT_NS_DEFAULT;
        long closeTimeoutNs = CLOSE_TIMEOUT_NS_DEFAULT;
        boolean closeOnShutdown = CLOSE_ON_SHUTDOWN_DEFAULT;
        boolean workerDaemon = WORKER_DAEMON_DEFAULT;
        MonitorCheck awaitMonitorCheck = AWAIT_MONITOR_CHECK_DEFAULT;
        long awaitSpinNs = AWAIT_SPIN_NS_DEFAULT;
        boolean awaitOnLoopStack = AWAIT_ON_LOOP_STACK_DEFAULT;
        long stallThresholdNs = STALL_THRESHOLD_NS_DEFAULT;
        long stallGraceNs = STALL_GRACE_NS_DEFAULT;
        boolean histograms = HISTOGRAMS_DEFAULT;
        boolean jmx = JMX_DEFAULT;
        String engineName = ENGINE_NAME_DEFAULT;
        FaultListener faultListener = io.hotpath.runtime.Logs::fault;
        EngineClock clock = EngineClock.SYSTEM;

        private Builder()
        {
        }

        /**
         * Set the number of workers ({@link #WORKERS}).
         *
         * @param value 1 to {@value #MAX_WORKERS}.
         * @return this.
         */
        public Builder workers(final int value)
        {
            workers = value;
            return this;
        }

        /**
         * Set the idle strategy of every worker that has none of its own ({@link #IDLE}).
         *
         * @param value the strategy.
         * @return this.
         */
        public Builder idle(final Idle value)
        {
            return idle(Objects.requireNonNull(value, "idle(value): value is null").configName());
        }

        /**
         * Set the idle strategy of every worker that has none of its own ({@link #IDLE}) by its name.
         *
         * @param name one of {@link Idle#names()}, in any case; checked at {@link #build()}.
         * @return this.
         */
        public Builder idle(final String name)
        {
            idleAll = name;
            return this;
        }

        /**
         * Set one worker's idle strategy, overriding {@link #IDLE} for it ({@link #WORKER_IDLE}).
         *
         * @param worker the worker's index, below {@link #WORKERS} at {@link #build()}.
         * @param value  the strategy.
         * @return this.
         */
        public Builder idle(final int worker, final Idle value)
        {
            return idle(worker, Objects.requireNonNull(value, "idle(worker, value): value is null").configName());
        }

        /**
         * Set one worker's idle strategy by its name, overriding {@link #IDLE} for it ({@link #WORKER_IDLE}).
         *
         * @param worker the worker's index, below {@link #WORKERS} at {@link #build()}.
         * @param name   one of {@link Idle#names()}, in any case; checked at {@link #build()}.
         * @return this.
         */
        public Builder idle(final int worker, final String name)
        {
            idlePerWorker.put(worker, name);
            return this;
        }

        /**
         * Set whether a worker runs on a thread the service owns, which calls its duty cycle through
         * {@link Engine#invoker(int)} ({@link #WORKER_EMBEDDED}).
         *
         * @param worker the worker's index, below {@link #WORKERS} at {@link #build()}.
         * @param value  true for a thread of the service's; false for a thread the engine starts.
         * @return this.
         */
        public Builder embedded(final int worker, final boolean value)
        {
            embeddedPerWorker.put(worker, value);
            return this;
        }

        /**
         * Set the longest park of the park and backoff strategies ({@link #IDLE_MAX_PARK_NS}).
         *
         * @param value from 1,000 (1 us) to 1,000,000,000 (1 s), in ns.
         * @return this.
         */
        public Builder idleMaxParkNs(final long value)
        {
            idleMaxParkNs = value;
            return this;
        }

        /**
         * Set the prefix of the worker threads' names ({@link #NAME_PREFIX}).
         *
         * @param value not blank; with the highest worker index at most 15 characters.
         * @return this.
         */
        public Builder namePrefix(final String value)
        {
            namePrefix = value;
            return this;
        }

        /**
         * Pin a worker to one CPU at start ({@link #WORKER_CPU}); a placement key.
         *
         * @param worker the worker's index, below {@link #WORKERS} at {@link #build()}.
         * @param cpu    a CPU number from 0 to {@value CpuSet#MAX_CPU}, or {@link AffinityProfile#NO_CPU} for none.
         * @return this.
         */
        public Builder cpu(final int worker, final int cpu)
        {
            cpuPerWorker.put(worker, cpu);
            return placed();
        }

        /**
         * Set whether a worker that cannot be pinned fails the engine's start ({@link #MANDATORY}); a placement key.
         *
         * @param value true to fail the start; false to run unpinned and say so once.
         * @return this.
         */
        public Builder mandatory(final boolean value)
        {
            mandatory = value;
            return placed();
        }

        /**
         * Set the CPUs advised for the engine's threads that are not workers ({@link #OTHER_CPUS}); a placement key.
         *
         * @param value the CPUs; empty for no advice.
         * @return this.
         */
        public Builder otherCpus(final CpuSet value)
        {
            otherCpus = value;
            return placed();
        }

        /**
         * Set the CPUs advised for the JVM's own threads ({@link #JVM_CPUS}); a placement key.
         *
         * @param value the CPUs; empty for no advice.
         * @return this.
         */
        public Builder jvmCpus(final CpuSet value)
        {
            jvmCpus = value;
            return placed();
        }

        /**
         * Set the text about the placement that the affinity tool shows ({@link #DESCRIPTION}); a placement key.
         *
         * @param value the text; empty for none.
         * @return this.
         */
        public Builder description(final String value)
        {
            description = value;
            return placed();
        }

        /**
         * Set the frames each worker's inbound queue holds ({@link #INBOUND_CAPACITY}).
         *
         * @param value a power of two from 2 to 2<sup>29</sup> (each frame takes two slots of one array).
         * @return this.
         */
        public Builder inboundCapacity(final int value)
        {
            inboundCapacity = value;
            return this;
        }

        /**
         * Set the frames each lane between two workers holds, or turn lanes off ({@link #INBOUND_LANE_CAPACITY});
         * unset, a lane holds as many as an inbound queue.
         *
         * @param value 0, or a power of two from 2 to 2<sup>29</sup> (each frame takes two slots of one array).
         * @return this.
         */
        public Builder inboundLaneCapacity(final int value)
        {
            inboundLaneCapacity = value;
            inboundLaneCapacitySet = true;
            return this;
        }

        /**
         * Set the most inbound frames a worker takes per duty cycle ({@link #INBOUND_DRAIN_LIMIT}).
         *
         * @param value 1 or more.
         * @return this.
         */
        public Builder inboundDrainLimit(final int value)
        {
            inboundDrainLimit = value;
            return this;
        }

        /**
         * Set the messages each actor's mailbox holds ({@link #MAILBOX_CAPACITY}).
         *
         * @param value a power of two from 2 to 2<sup>30</sup>.
         * @return this.
         */
        public Builder mailboxCapacity(final int value)
        {
            mailboxCapacity = value;
            return this;
        }

        /**
         * Set the messages a worker keeps, in order, for a worker whose inbound queue is full
         * ({@link #OUTBOUND_CAPACITY}).
         *
         * @param value 1 or more.
         * @return this.
         */
        public Builder outboundCapacity(final int value)
        {
            outboundCapacity = value;
            return this;
        }

        /**
         * Set the most messages a ready actor handles before the next actor's turn ({@link #BATCH_BUDGET}).
         *
         * @param value 1 or more.
         * @return this.
         */
        public Builder batchBudget(final int value)
        {
            batchBudget = value;
            return this;
        }

        /**
         * Set about the longest turn of a slow actor ({@link #BATCH_TIME_NS}).
         *
         * @param value from 1,000 (1 us) to 1,000,000,000 (1 s).
         * @return this.
         */
        public Builder batchTimeNs(final long value)
        {
            batchTimeNs = value;
            return this;
        }

        /**
         * Set the most nested direct handoffs on one stack ({@link #HANDOFF_MAX_DEPTH}).
         *
         * @param value from 0, which turns direct handoff off, to 1024.
         * @return this.
         */
        public Builder handoffMaxDepth(final int value)
        {
            handoffMaxDepth = value;
            return this;
        }

        /**
         * Set what a send does when a queue is full ({@link #FULL_QUEUE_POLICY}).
         *
         * @param value fail, drop or wait.
         * @return this.
         */
        public Builder fullQueuePolicy(final FullQueuePolicy value)
        {
            fullQueuePolicy = value;
            return this;
        }

        /**
         * Set how long a send waits for room under the wait policy ({@link #SEND_TIMEOUT_NS}).
         *
         * @param value 0 or more, in ns.
         * @return this.
         */
        public Builder sendTimeoutNs(final long value)
        {
            sendTimeoutNs = value;
            return this;
        }

        /**
         * Set whether the engine closes itself as the JVM shuts down ({@link #CLOSE_ON_SHUTDOWN}).
         *
         * @param value true to close on shutdown.
         * @return this.
         */
        public Builder closeOnShutdown(final boolean value)
        {
            closeOnShutdown = value;
            return this;
        }

        /**
         * Set whether the worker threads are daemon threads ({@link #WORKER_DAEMON}).
         *
         * @param value true to let the JVM exit while they run.
         * @return this.
         */
        public Builder workerDaemon(final boolean value)
        {
            workerDaemon = value;
            return this;
        }

        /**
         * Set how long close() lets workers deliver what is queued ({@link #CLOSE_TIMEOUT_NS}).
         *
         * @param value 0 or more, in ns.
         * @return this.
         */
        public Builder closeTimeoutNs(final long value)
        {
            closeTimeoutNs = value;
            return this;
        }

        /**
         * Set how an await about to suspend checks that its method holds no monitor ({@link #AWAIT_MONITOR_CHECK}).
         *
         * @param value off, sampled or always; not null.
         * @return this.
         */
        public Builder awaitMonitorCheck(final MonitorCheck value)
        {
            awaitMonitorCheck = Objects.requireNonNull(value,
                "awaitMonitorCheck(value): value is null; use off, sampled or always");
            return this;
        }

        /**
         * Set how long an await of an answer from another worker may spin before it suspends ({@link #AWAIT_SPIN_NS}).
         *
         * @param value from 0 (off) to 1,000,000 (1 ms), in ns.
         * @return this.
         */
        public Builder awaitSpinNs(final long value)
        {
            awaitSpinNs = value;
            return this;
        }

        /**
         * Set whether a worker with a thread of its own runs its loop on a continuation ({@link #AWAIT_ON_LOOP_STACK}).
         *
         * @param value true to run sequential methods begun by the loop on the loop's own stack.
         * @return this.
         */
        public Builder awaitOnLoopStack(final boolean value)
        {
            awaitOnLoopStack = value;
            return this;
        }

        /**
         * Set the turn length past which a worker is reported stalled ({@link #STALL_THRESHOLD_NS}).
         *
         * @param value 0, which turns the stall detector off, or from 1,000,000 (1 ms) to 60,000,000,000 (60 s), in ns.
         * @return this.
         */
        public Builder stallThresholdNs(final long value)
        {
            stallThresholdNs = value;
            return this;
        }

        /**
         * Set the stall threshold of an actor's first turns and of class loading ({@link #STALL_GRACE_NS}).
         *
         * @param value from 0 (no grace) to 60,000,000,000 (60 s), in ns; below the stall threshold it has no effect.
         * @return this.
         */
        public Builder stallGraceNs(final long value)
        {
            stallGraceNs = value;
            return this;
        }

        /**
         * Set whether every worker records latency histograms ({@link #HISTOGRAMS}).
         *
         * @param value true to time every handler and inbound wait.
         * @return this.
         */
        public Builder histograms(final boolean value)
        {
            histograms = value;
            return this;
        }

        /**
         * Set whether the engine registers its counters as JMX MBeans ({@link #JMX}).
         *
         * @param value true to register them at start and unregister them at close.
         * @return this.
         */
        public Builder jmx(final boolean value)
        {
            jmx = value;
            return this;
        }

        /**
         * Set the engine's name in its MBeans and JFR events ({@link #ENGINE_NAME}).
         *
         * @param value empty for a name made up, or 1 to 64 characters of A-Z a-z 0-9 _ . -
         * @return this.
         */
        public Builder engineName(final String value)
        {
            engineName = value;
            return this;
        }

        /**
         * Set the listener told of every exception an actor throws, on the actor's worker.
         *
         * @param value the listener, not null; the default logs the fault.
         * @return this.
         */
        public Builder faultListener(final FaultListener value)
        {
            faultListener = value;
            return this;
        }

        /**
         * Set the clock of timers, ask timeouts and restart backoff; not a key of the table.
         *
         * @param value the clock; replace it only to control time in
         *              tests (the clock is read on workers' threads).
         * @return this.
         */
        public Builder clock(final EngineClock value)
        {
            clock = Objects.requireNonNull(value, "clock(value): value is null");
            return this;
        }

        /**
         * Apply an affinity profile: a properties file of the settings in this table (usually the placement keys,
         * {@link #WORKERS} and the idle strategies; see {@code affinity-config/}). It sets the keys it holds, at
         * this point of the calls, so later calls override them ({@code affinity(file).idle("busy-spin")} makes
         * every worker without its own {@code worker.N.idle} spin); keys it leaves out keep their values. The
         * engine is placed by it even when it holds no placement key, and the placement is named after the file.
         *
         * @param profileFile e.g. {@code Path.of("affinity-config/two-core.properties")}.
         * @return this.
         * @throws java.io.UncheckedIOException when the file cannot be read.
         * @throws ConfigException listing every unknown key and malformed value, each naming the key.
         */
        public Builder affinity(final Path profileFile)
        {
            Objects.requireNonNull(profileFile, "affinity(profileFile): profileFile is null");
            properties(ConfigKeys.load(profileFile), profileFile.toString());
            placementName = ConfigKeys.baseName(profileFile);
            return this;
        }

        /**
         * {@link #affinity(Path)} for a profile on the class path (in the service's jar, say), found by the thread's
         * context class loader.
         *
         * @param resource e.g. {@code "profiles/two-core.properties"}, without a leading slash.
         * @return this.
         * @throws java.io.UncheckedIOException when there is no such resource, or it cannot be read.
         * @throws ConfigException listing every unknown key and malformed value, each naming the key.
         */
        public Builder affinityResource(final String resource)
        {
            Objects.requireNonNull(resource, "affinityResource(resource): resource is null");
            final ClassLoader context = Thread.currentThread().getContextClassLoader();
            properties(ConfigKeys.loadResource(resource, context != null ? context : EngineConfig.class
                .getClassLoader()), resource);
            placementName = ConfigKeys.baseName(resource);
            return this;
        }

        /**
         * Apply settings from properties, e.g. a file: each key as listed in {@link EngineConfig}, set at this point
         * of the calls.
         *
         * @param props  keys as listed in {@link EngineConfig}.
         * @param source named in error messages and, when it sets a placement key, in the placement: e.g. the
         *               file's path.
         * @return this.
         * @throws ConfigException listing every unknown key and malformed value, each with the key, the value and
         *                         what is allowed.
         */
        public Builder properties(final Properties props, final String source)
        {
            Objects.requireNonNull(props, "properties(props, source): props is null");
            Objects.requireNonNull(source, "properties(props, source): source is null; name where they come from");
            ConfigKeys.applyAll(this, props, source);
            return this;
        }

        /**
         * {@return the validated configuration}
         *
         * @throws ConfigException listing every bad value, each with its key, the value and what is allowed.
         */
        public EngineConfig build()
        {
            return ConfigValidator.validate(this);
        }

        /** Called when a source of settings set a placement key; it names the placement unless one already did. */
        void placedBy(final String source)
        {
            if (placementName == null)
            {
                placementName = source;
            }
        }

        private Builder placed()
        {
            placedBy("code");
            return this;
        }
    }
}
