package io.hotpath;

import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps configuration keys in text form onto an {@link EngineConfig.Builder}. Stateless.
 */
final class ConfigKeys
{
    private static final Pattern PER_WORKER = Pattern.compile("worker\\.(\\d{1,4})\\.(idle|embedded)");
    private static final Pattern WORKER_CPU = Pattern.compile("worker\\.\\d{1,4}\\.cpu");
    private static final Set<String> AFFINITY_ONLY = Set.of("mandatory", "other.cpus", "jvm.cpus", "description");
    private static final Pattern SHARED_WITH_PROFILE = Pattern.compile("workers|idle|worker\\.\\d{1,4}\\.idle");

    private ConfigKeys()
    {
    }

    static void apply(final EngineConfig.Builder b, final String key, final String value, final String source)
    {
        try
        {
            final Matcher m = PER_WORKER.matcher(key);
            if (m.matches())
            {
                final int worker = Integer.parseInt(m.group(1));
                if ("idle".equals(m.group(2)))
                {
                    b.idle(worker, value);
                }
                else
                {
                    b.embedded(worker, parseBoolean(value));
                }
                return;
            }
            switch (key)
            {
                case EngineConfig.WORKERS -> b.workers(Integer.parseInt(value));
                case EngineConfig.IDLE -> b.idle(value);
                case EngineConfig.IDLE_MAX_PARK_NS -> b.idleMaxParkNs(Long.parseLong(value));
                case EngineConfig.NAME_PREFIX -> b.namePrefix(value);
                case EngineConfig.INBOUND_CAPACITY -> b.inboundCapacity(Integer.parseInt(value));
                case EngineConfig.INBOUND_DRAIN_LIMIT -> b.inboundDrainLimit(Integer.parseInt(value));
                case EngineConfig.MAILBOX_CAPACITY -> b.mailboxCapacity(Integer.parseInt(value));
                case EngineConfig.BATCH_BUDGET -> b.batchBudget(Integer.parseInt(value));
                case EngineConfig.OUTBOUND_CAPACITY -> b.outboundCapacity(Integer.parseInt(value));
                case EngineConfig.HANDOFF_MAX_DEPTH -> b.handoffMaxDepth(Integer.parseInt(value));
                case EngineConfig.FULL_QUEUE_POLICY -> b.fullQueuePolicy(parsePolicy(value));
                case EngineConfig.SEND_TIMEOUT_NS -> b.sendTimeoutNs(Long.parseLong(value));
                case EngineConfig.CLOSE_TIMEOUT_NS -> b.closeTimeoutNs(Long.parseLong(value));
                case EngineConfig.AWAIT_MONITOR_CHECK -> b.awaitMonitorCheck(MonitorCheck.parse(value));
                case EngineConfig.AWAIT_SPIN_NS -> b.awaitSpinNs(Long.parseLong(value));
                case EngineConfig.AWAIT_ON_LOOP_STACK -> b.awaitOnLoopStack(parseBoolean(value));
                default -> throw new IllegalArgumentException(
                    "unknown engine setting '" + key + "' in " + source + "; known keys are listed in " +
                    EngineConfig.class.getName());
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(
                "bad engine setting " + key + "=" + value + " in " + source + ": not a whole number", ex);
        }
        catch (final IllegalArgumentException ex)
        {
            if (ex.getMessage() != null && ex.getMessage().startsWith("unknown engine setting"))
            {
                throw ex;
            }
            throw new IllegalArgumentException(
                "bad engine setting " + key + "=" + value + " in " + source + ": " + ex.getMessage(), ex);
        }
    }

    static boolean isAffinityOnly(final String key)
    {
        return AFFINITY_ONLY.contains(key) || WORKER_CPU.matcher(key).matches();
    }

    static boolean hasAffinityKey(final Properties props)
    {
        return props.stringPropertyNames().stream().anyMatch(ConfigKeys::isAffinityOnly);
    }

    /** @return the keys an affinity profile knows, so one file can hold engine settings and a placement. */
    static Properties profileSubset(final Properties props)
    {
        final Properties subset = new Properties();
        for (final String key : props.stringPropertyNames())
        {
            if (isAffinityOnly(key) || SHARED_WITH_PROFILE.matcher(key).matches())
            {
                subset.setProperty(key, props.getProperty(key));
            }
        }
        return subset;
    }

    private static FullQueuePolicy parsePolicy(final String value)
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

    private static boolean parseBoolean(final String value)
    {
        if ("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value))
        {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("must be true or false");
    }
}
