package io.hotpath;

import static io.hotpath.EngineConfig.AWAIT_MONITOR_CHECK;
import static io.hotpath.EngineConfig.AWAIT_ON_LOOP_STACK;
import static io.hotpath.EngineConfig.AWAIT_SPIN_NS;
import static io.hotpath.EngineConfig.BATCH_BUDGET;
import static io.hotpath.EngineConfig.BATCH_TIME_NS;
import static io.hotpath.EngineConfig.OUTBOUND_CAPACITY;
import static io.hotpath.EngineConfig.CLOSE_ON_SHUTDOWN;
import static io.hotpath.EngineConfig.CLOSE_TIMEOUT_NS;
import static io.hotpath.EngineConfig.WORKER_DAEMON;
import static io.hotpath.EngineConfig.DESCRIPTION;
import static io.hotpath.EngineConfig.ENGINE_NAME;
import static io.hotpath.EngineConfig.HISTOGRAMS;
import static io.hotpath.EngineConfig.JMX;
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
import static io.hotpath.EngineConfig.MANDATORY;
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

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the keys of {@link EngineConfig} from text onto its {@link EngineConfig.Builder}: each key through the
 * builder's setter of it, so text and code set the same thing. Stateless.
 */
final class ConfigKeys
{
    /** Every key, in the order of the table, for the message about an unknown one. */
    private static final List<String> KEYS = List.of(
        WORKERS, IDLE, WORKER_IDLE, IDLE_MAX_PARK_NS, WORKER_EMBEDDED, NAME_PREFIX,
        WORKER_CPU, MANDATORY, OTHER_CPUS, JVM_CPUS, DESCRIPTION,
        INBOUND_CAPACITY, INBOUND_LANE_CAPACITY, INBOUND_DRAIN_LIMIT, MAILBOX_CAPACITY, BATCH_BUDGET, BATCH_TIME_NS,
        OUTBOUND_CAPACITY, HANDOFF_MAX_DEPTH,
        FULL_QUEUE_POLICY, SEND_TIMEOUT_NS, CLOSE_TIMEOUT_NS, CLOSE_ON_SHUTDOWN, WORKER_DAEMON, AWAIT_MONITOR_CHECK, AWAIT_SPIN_NS, AWAIT_ON_LOOP_STACK,
        STALL_THRESHOLD_NS, STALL_GRACE_NS, HISTOGRAMS, JMX, ENGINE_NAME);
    private static final Set<String> PLACEMENT_KEYS = Set.of(WORKER_CPU, MANDATORY, OTHER_CPUS, JVM_CPUS, DESCRIPTION);
    private static final Pattern PER_WORKER = Pattern.compile("worker\\.(\\d{1,9})\\.([A-Za-z]+)");
    private static final String PER_WORKER_PREFIX = "worker.N.";
    private static final String PROPERTIES_SUFFIX = ".properties";
    private static final String SYSTEM_PREFIX = "hotpath.";

    private ConfigKeys()
    {
    }

    /**
     * Apply every key of {@code props}, in key order, and report every unknown key and malformed value at once.
     */
    static void applyAll(final EngineConfig.Builder b, final Properties props, final String source)
    {
        final Set<String> keys = new TreeSet<>(props.stringPropertyNames());
        if (keys.stream().anyMatch(key -> PLACEMENT_KEYS.contains(template(key))))
        {
            b.placedBy(source);
        }
        final List<String> problems = new ArrayList<>();
        for (final String key : keys)
        {
            final String value = props.getProperty(key).strip();
            try
            {
                apply(b, key, value);
            }
            catch (final IllegalArgumentException ex)
            {
                problems.add(key + "=" + value + ": " + ex.getMessage());
            }
        }
        if (!problems.isEmpty())
        {
            throw new ConfigException(source, problems);
        }
    }

    /** @return every system property {@code hotpath.KEY}, as {@code KEY}. */
    static Properties systemProperties()
    {
        final Properties props = new Properties();
        for (final String name : System.getProperties().stringPropertyNames())
        {
            if (name.startsWith(SYSTEM_PREFIX))
            {
                props.setProperty(name.substring(SYSTEM_PREFIX.length()), System.getProperty(name));
            }
        }
        return props;
    }

    /** @return every value of {@code c} under its key, in key order, for {@link EngineConfig#toString()}. */
    static Map<String, Object> describe(final EngineConfig c)
    {
        final Map<String, Object> m = new TreeMap<>();
        final List<String> idle = new ArrayList<>();
        final List<Boolean> embedded = new ArrayList<>();
        for (int i = 0; i < c.workers(); i++)
        {
            idle.add(c.idle(i).configName());
            embedded.add(c.embedded(i));
        }
        m.put(WORKERS, c.workers());
        m.put(IDLE, idle);
        m.put(WORKER_EMBEDDED, embedded);
        m.put(IDLE_MAX_PARK_NS, c.idleMaxParkNs());
        m.put(NAME_PREFIX, c.namePrefix());
        m.put(INBOUND_CAPACITY, c.inboundCapacity());
        m.put(INBOUND_LANE_CAPACITY, c.inboundLaneCapacity());
        m.put(INBOUND_DRAIN_LIMIT, c.inboundDrainLimit());
        m.put(MAILBOX_CAPACITY, c.mailboxCapacity());
        m.put(BATCH_BUDGET, c.batchBudget());
        m.put(BATCH_TIME_NS, c.batchTimeNs());
        m.put(OUTBOUND_CAPACITY, c.outboundCapacity());
        m.put(HANDOFF_MAX_DEPTH, c.handoffMaxDepth());
        m.put(FULL_QUEUE_POLICY, c.fullQueuePolicy().configName());
        m.put(SEND_TIMEOUT_NS, c.sendTimeoutNs());
        m.put(CLOSE_TIMEOUT_NS, c.closeTimeoutNs());
        m.put(CLOSE_ON_SHUTDOWN, c.closeOnShutdown());
        m.put(WORKER_DAEMON, c.workerDaemon());
        m.put(AWAIT_MONITOR_CHECK, c.awaitMonitorCheck().configName());
        m.put(AWAIT_SPIN_NS, c.awaitSpinNs());
        m.put(AWAIT_ON_LOOP_STACK, c.awaitOnLoopStack());
        m.put(STALL_THRESHOLD_NS, c.stallThresholdNs());
        m.put(STALL_GRACE_NS, c.stallGraceNs());
        m.put(HISTOGRAMS, c.histograms());
        m.put(JMX, c.jmx());
        m.put(ENGINE_NAME, c.engineName());
        m.put("affinity", c.affinity() == null ? "none" : c.affinity().toString());
        return m;
    }

    /** @return the file's settings, for {@link EngineConfig.Builder#affinity(Path)}. */
    static Properties load(final Path file)
    {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            final Properties props = new Properties();
            props.load(reader);
            return props;
        }
        catch (final NoSuchFileException ex)
        {
            throw new UncheckedIOException("no such affinity profile: " + file, ex);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read affinity profile " + file + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @param resource a profile on the class path, e.g. {@code profiles/two-core.properties} (no leading slash).
     * @param loader   where to look.
     * @return its keys.
     */
    static Properties loadResource(final String resource, final ClassLoader loader)
    {
        try (InputStream in = loader.getResourceAsStream(resource))
        {
            if (in == null)
            {
                throw new UncheckedIOException(new NoSuchFileException(resource, null, "no such affinity profile on " +
                    "the class path: " + resource + " (give its path inside the jar or classes folder, without a " +
                    "leading slash)"));
            }
            final Properties props = new Properties();
            props.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return props;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read affinity profile " + resource + ": " + ex.getMessage(), ex);
        }
    }

    /** @return the resource's name without its folders and {@code .properties}: the name of its placement. */
    static String baseName(final String resource)
    {
        return baseName(Path.of(resource.substring(resource.lastIndexOf('/') + 1)));
    }

    /** @return the file's name without {@code .properties}: the name of the placement it gives. */
    static String baseName(final Path file)
    {
        final String name = String.valueOf(file.getFileName());
        return name.endsWith(PROPERTIES_SUFFIX) ? name.substring(0, name.length() - PROPERTIES_SUFFIX.length()) : name;
    }

    /**
     * @throws IllegalArgumentException saying what is allowed; the caller adds the key and the value.
     */
    private static void apply(final EngineConfig.Builder b, final String key, final String value)
    {
        final Matcher perWorker = PER_WORKER.matcher(key);
        final int worker = perWorker.matches() ? Integer.parseInt(perWorker.group(1)) : -1;
        final String template = template(key);
        if (template.startsWith(PER_WORKER_PREFIX) != worker >= 0)
        {
            throw unknownKey(); // the table's own spelling, worker.N.cpu, is not a key
        }
        switch (template)
        {
            case WORKERS -> b.workers(wholeNumber(value));
            case IDLE -> b.idle(idle(value));
            case WORKER_IDLE -> b.idle(worker, idle(value));
            case IDLE_MAX_PARK_NS -> b.idleMaxParkNs(longNumber(value));
            case WORKER_EMBEDDED -> b.embedded(worker, bool(value));
            case NAME_PREFIX -> b.namePrefix(value);
            case WORKER_CPU -> b.cpu(worker, cpu(value));
            case MANDATORY -> b.mandatory(bool(value));
            case OTHER_CPUS -> b.otherCpus(CpuSet.parse(value));
            case JVM_CPUS -> b.jvmCpus(CpuSet.parse(value));
            case DESCRIPTION -> b.description(value);
            case INBOUND_CAPACITY -> b.inboundCapacity(wholeNumber(value));
            case INBOUND_LANE_CAPACITY -> b.inboundLaneCapacity(wholeNumber(value));
            case INBOUND_DRAIN_LIMIT -> b.inboundDrainLimit(wholeNumber(value));
            case MAILBOX_CAPACITY -> b.mailboxCapacity(wholeNumber(value));
            case BATCH_BUDGET -> b.batchBudget(wholeNumber(value));
            case BATCH_TIME_NS -> b.batchTimeNs(longNumber(value));
            case OUTBOUND_CAPACITY -> b.outboundCapacity(wholeNumber(value));
            case HANDOFF_MAX_DEPTH -> b.handoffMaxDepth(wholeNumber(value));
            case FULL_QUEUE_POLICY -> b.fullQueuePolicy(policy(value));
            case SEND_TIMEOUT_NS -> b.sendTimeoutNs(longNumber(value));
            case CLOSE_TIMEOUT_NS -> b.closeTimeoutNs(longNumber(value));
            case CLOSE_ON_SHUTDOWN -> b.closeOnShutdown(bool(value));
            case WORKER_DAEMON -> b.workerDaemon(bool(value));
            case AWAIT_MONITOR_CHECK -> b.awaitMonitorCheck(MonitorCheck.parse(value));
            case AWAIT_SPIN_NS -> b.awaitSpinNs(longNumber(value));
            case AWAIT_ON_LOOP_STACK -> b.awaitOnLoopStack(bool(value));
            case STALL_THRESHOLD_NS -> b.stallThresholdNs("off".equalsIgnoreCase(value) ? 0 : longNumber(value));
            case STALL_GRACE_NS -> b.stallGraceNs("off".equalsIgnoreCase(value) ? 0 : longNumber(value));
            case HISTOGRAMS -> b.histograms(bool(value));
            case JMX -> b.jmx(bool(value));
            case ENGINE_NAME -> b.engineName(value);
            default -> throw unknownKey();
        }
    }

    /** @return the key as the table writes it: {@code worker.3.cpu} becomes {@code worker.N.cpu}. */
    private static String template(final String key)
    {
        final Matcher perWorker = PER_WORKER.matcher(key);
        return perWorker.matches() ? PER_WORKER_PREFIX + perWorker.group(2) : key;
    }

    private static IllegalArgumentException unknownKey()
    {
        return new IllegalArgumentException("unknown key; the keys are " + String.join(", ", KEYS) +
            " (N a worker index), listed with their defaults in " + EngineConfig.class.getName());
    }

    private static Idle idle(final String value)
    {
        try
        {
            return Idle.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("must be one of " + Idle.names(), ex);
        }
    }

    private static int cpu(final String value)
    {
        if (WORKER_CPU_NONE.equalsIgnoreCase(value))
        {
            return AffinityProfile.NO_CPU;
        }
        final int cpu = value.chars().allMatch(c -> c >= '0' && c <= '9') && !value.isEmpty() && value.length() <= 9 ?
            Integer.parseInt(value) : -1;
        if (cpu < 0 || cpu > CpuSet.MAX_CPU)
        {
            throw new IllegalArgumentException("must be a CPU number from 0 to " + CpuSet.MAX_CPU + ", or " +
                WORKER_CPU_NONE);
        }
        return cpu;
    }

    private static int wholeNumber(final String value)
    {
        try
        {
            return Integer.parseInt(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("must be a whole number", ex);
        }
    }

    private static long longNumber(final String value)
    {
        try
        {
            return Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("must be a whole number", ex);
        }
    }

    private static FullQueuePolicy policy(final String value)
    {
        for (final FullQueuePolicy policy : FullQueuePolicy.values())
        {
            if (policy.configName().equalsIgnoreCase(value))
            {
                return policy;
            }
        }
        throw new IllegalArgumentException("must be fail, drop or wait");
    }

    private static boolean bool(final String value)
    {
        if ("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value))
        {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("must be true or false");
    }
}
