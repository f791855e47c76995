package io.hotpath;

import static io.hotpath.EngineConfig.AWAIT_SPIN_NS;
import static io.hotpath.EngineConfig.BATCH_BUDGET;
import static io.hotpath.EngineConfig.BATCH_TIME_NS;
import static io.hotpath.EngineConfig.OUTBOUND_CAPACITY;
import static io.hotpath.EngineConfig.CLOSE_TIMEOUT_NS;
import static io.hotpath.EngineConfig.DESCRIPTION;
import static io.hotpath.EngineConfig.ENGINE_NAME;
import static io.hotpath.EngineConfig.STALL_GRACE_NS;
import static io.hotpath.EngineConfig.STALL_THRESHOLD_NS;
import static io.hotpath.EngineConfig.FULL_QUEUE_POLICY;
import static io.hotpath.EngineConfig.HANDOFF_MAX_DEPTH;
import static io.hotpath.EngineConfig.IDLE;
import static io.hotpath.EngineConfig.IDLE_MAX_PARK_NS;
import static io.hotpath.EngineConfig.INBOUND_CAPACITY;
import static io.hotpath.EngineConfig.INBOUND_LANE_CAPACITY;
import static io.hotpath.EngineConfig.INBOUND_DRAIN_LIMIT;
import static io.hotpath.EngineConfig.JVM_CPUS;
import static io.hotpath.EngineConfig.MAILBOX_CAPACITY;
import static io.hotpath.EngineConfig.MAX_WORKERS;
import static io.hotpath.EngineConfig.NAME_PREFIX;
import static io.hotpath.EngineConfig.OTHER_CPUS;
import static io.hotpath.EngineConfig.SEND_TIMEOUT_NS;
import static io.hotpath.EngineConfig.WORKERS;
import static io.hotpath.EngineConfig.WORKER_CPU;
import static io.hotpath.EngineConfig.WORKER_CPU_NONE;
import static io.hotpath.EngineConfig.WORKER_EMBEDDED;
import static io.hotpath.EngineConfig.WORKER_IDLE;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Checks every value an {@link EngineConfig.Builder} holds and makes the {@link EngineConfig}, or reports every
 * problem at once in a {@link ConfigException}. Per-worker keys are judged against the final worker count, whatever
 * order they were set in. One instance per {@link EngineConfig.Builder#build()}; NOT thread safe.
 */
final class ConfigValidator
{
    private static final int MAX_THREAD_NAME = 15;
    /** Most frames of an inbound queue or a lane: each takes two slots of one array. */
    private static final int MAX_QUEUE_CAPACITY = 1 << 29;

    private final EngineConfig.Builder b;
    private final List<String> problems = new ArrayList<>();

    private ConfigValidator(final EngineConfig.Builder b)
    {
        this.b = b;
    }

    static EngineConfig validate(final EngineConfig.Builder b)
    {
        return new ConfigValidator(b).validate();
    }

    private EngineConfig validate()
    {
        final boolean workersValid = require(b.workers >= 1 && b.workers <= MAX_WORKERS, WORKERS, b.workers,
            "a whole number from 1 to " + MAX_WORKERS);
        // per-worker keys cannot be judged without a worker count: only the count is reported then
        final int workers = workersValid ? b.workers : 0;

        final Idle[] idle = new Idle[workers];
        Arrays.fill(idle, idle(IDLE, b.idleAll));
        for (final Map.Entry<Integer, String> e : b.idlePerWorker.entrySet())
        {
            if (workerExists(WORKER_IDLE, e.getKey(), e.getValue(), workers))
            {
                final Idle value = idle(EngineConfig.workerKey(WORKER_IDLE, e.getKey()), e.getValue());
                idle[e.getKey()] = value == null ? idle[e.getKey()] : value;
            }
        }
        final boolean[] embedded = new boolean[workers];
        for (final Map.Entry<Integer, Boolean> e : b.embeddedPerWorker.entrySet())
        {
            if (workerExists(WORKER_EMBEDDED, e.getKey(), e.getValue(), workers))
            {
                embedded[e.getKey()] = e.getValue();
            }
        }
        final int[] cpus = new int[workers];
        Arrays.fill(cpus, AffinityProfile.NO_CPU);
        for (final Map.Entry<Integer, Integer> e : b.cpuPerWorker.entrySet())
        {
            final int cpu = e.getValue();
            if (workerExists(WORKER_CPU, e.getKey(), cpu, workers) &&
                require(cpu >= AffinityProfile.NO_CPU && cpu <= CpuSet.MAX_CPU, EngineConfig.workerKey(WORKER_CPU,
                    e.getKey()), cpu, "a CPU number from 0 to " + CpuSet.MAX_CPU + ", or " + WORKER_CPU_NONE))
            {
                cpus[e.getKey()] = cpu;
            }
        }
        require(b.otherCpus != null, OTHER_CPUS, null, "a cpu list, empty for none");
        require(b.jvmCpus != null, JVM_CPUS, null, "a cpu list, empty for none");
        require(b.description != null, DESCRIPTION, null, "text, empty for none");

        require(b.idleMaxParkNs >= 1_000 && b.idleMaxParkNs <= 1_000_000_000L, IDLE_MAX_PARK_NS, b.idleMaxParkNs,
            "from 1,000 (1 us) to 1,000,000,000 (1 s)");
        require(b.namePrefix != null && !b.namePrefix.isBlank() &&
            b.namePrefix.length() + String.valueOf(Math.max(0, workers - 1)).length() <= MAX_THREAD_NAME,
            NAME_PREFIX, b.namePrefix, "a prefix that leaves names of at most 15 characters with the index");
        // a frame takes two slots of one array, so a queue holds at most half the longest array
        require(isPowerOfTwo(b.inboundCapacity, MAX_QUEUE_CAPACITY), INBOUND_CAPACITY, b.inboundCapacity,
            "a power of two from 2 to 536,870,912 (2^29)");
        require(!b.inboundLaneCapacitySet || b.inboundLaneCapacity == 0 ||
            isPowerOfTwo(b.inboundLaneCapacity, MAX_QUEUE_CAPACITY), INBOUND_LANE_CAPACITY, b.inboundLaneCapacity,
            "0 (no lanes) or a power of two from 2 to 536,870,912 (2^29)");
        require(b.inboundDrainLimit >= 1, INBOUND_DRAIN_LIMIT, b.inboundDrainLimit, "1 or more");
        require(isPowerOfTwo(b.mailboxCapacity, 1 << 30), MAILBOX_CAPACITY, b.mailboxCapacity,
            "a power of two from 2 to 1,073,741,824 (2^30)");
        require(b.batchBudget >= 1, BATCH_BUDGET, b.batchBudget, "1 or more");
        require(b.batchTimeNs >= 1_000 && b.batchTimeNs <= 1_000_000_000, BATCH_TIME_NS, b.batchTimeNs,
            "from 1,000 (1 us) to 1,000,000,000 (1 s)");
        require(b.outboundCapacity >= 1, OUTBOUND_CAPACITY, b.outboundCapacity, "1 or more");
        require(b.handoffMaxDepth >= 0 && b.handoffMaxDepth <= 1024, HANDOFF_MAX_DEPTH, b.handoffMaxDepth,
            "from 0 (no direct handoff) to 1024");
        require(b.fullQueuePolicy != null, FULL_QUEUE_POLICY, null, "fail, drop or wait");
        require(b.sendTimeoutNs >= 0, SEND_TIMEOUT_NS, b.sendTimeoutNs, "0 or more");
        require(b.closeTimeoutNs >= 0, CLOSE_TIMEOUT_NS, b.closeTimeoutNs, "0 or more");
        require(b.awaitSpinNs >= 0 && b.awaitSpinNs <= 1_000_000, AWAIT_SPIN_NS, b.awaitSpinNs,
            "from 0 (off) to 1,000,000 (1 ms); a spin longer than a round trip only burns the CPU");
        require(b.stallThresholdNs == 0 || b.stallThresholdNs >= 1_000_000L && b.stallThresholdNs <= 60_000_000_000L,
            STALL_THRESHOLD_NS, b.stallThresholdNs, "0 (off) or from 1,000,000 (1 ms) to 60,000,000,000 (60 s)");
        require(b.stallGraceNs >= 0 && b.stallGraceNs <= 60_000_000_000L, STALL_GRACE_NS, b.stallGraceNs,
            "from 0 (no grace) to 60,000,000,000 (60 s); below stall.thresholdNs it has no effect");
        require(b.engineName != null && (b.engineName.isEmpty() || b.engineName.matches("[A-Za-z0-9_.-]{1,64}")),
            ENGINE_NAME, b.engineName, "empty (a name made up) or 1 to 64 characters of A-Z a-z 0-9 _ . -");
        require(b.faultListener != null, "faultListener", null, "a listener");
        if (!problems.isEmpty())
        {
            throw new ConfigException(null, problems);
        }
        final AffinityProfile affinity = b.placementName == null ? null : new AffinityProfile(b.placementName,
            b.description, cpus, List.of(idle), b.mandatory, b.otherCpus, b.jvmCpus);
        return new EngineConfig(b, idle, embedded, affinity);
    }

    /** @return the strategy, or null after reporting a name that is none. */
    private Idle idle(final String key, final String name)
    {
        try
        {
            return Idle.parse(name);
        }
        catch (final IllegalArgumentException ex)
        {
            require(false, key, name, "one of " + Idle.names());
            return null;
        }
    }

    private boolean workerExists(final String key, final int worker, final Object value, final int workers)
    {
        if (workers == 0)
        {
            return false;
        }
        return require(worker >= 0 && worker < workers, EngineConfig.workerKey(key, worker), value,
            "set for a worker of the engine: N from 0 to " + (workers - 1) + " (" + WORKERS + "=" + workers + ")");
    }

    private boolean require(final boolean ok, final String key, final Object value, final String allowed)
    {
        if (!ok)
        {
            problems.add(key + "=" + value + ": must be " + allowed);
        }
        return ok;
    }

    private static boolean isPowerOfTwo(final int v, final int most)
    {
        return v >= 2 && v <= most && Integer.bitCount(v) == 1;
    }
}
