package io.hotpath.affinity;

import static io.hotpath.affinity.AffinityProfile.DESCRIPTION_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.IDLE_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.JVM_CPUS_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.MANDATORY_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.MAX_WORKERS;
import static io.hotpath.affinity.AffinityProfile.NO_CPU;
import static io.hotpath.affinity.AffinityProfile.NO_CPU_VALUE;
import static io.hotpath.affinity.AffinityProfile.OTHER_CPUS_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.WORKERS_PROP_NAME;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns properties into an {@link AffinityProfile}, collecting every problem before failing so that one
 * run of the tool shows them all. Stateless, so thread-safe.
 */
final class ProfileParser
{
    private static final Pattern WORKER_KEY = Pattern.compile("worker\\.(\\d{1,4})\\.(cpu|idle)");
    private static final String KNOWN_KEYS =
        "workers, idle, mandatory, other.cpus, jvm.cpus, description, worker.N.cpu, worker.N.idle";

    private ProfileParser()
    {
    }

    static AffinityProfile parse(final Properties properties, final String sourceName)
    {
        final List<String> problems = new ArrayList<>();
        final AffinityProfileBuilder builder = AffinityProfile.builder().name(sourceName);
        boolean workersValid = true;

        for (final String key : new TreeSet<>(properties.stringPropertyNames()))
        {
            final String value = properties.getProperty(key).strip();
            final String entry = key + "=" + value + ": ";
            switch (key)
            {
                case WORKERS_PROP_NAME ->
                {
                    final int workers = integer(value);
                    if (workers < 1 || workers > MAX_WORKERS)
                    {
                        problems.add(entry + "the number of workers must be a whole number 1.." + MAX_WORKERS);
                        workersValid = false;
                    }
                    else
                    {
                        builder.workers(workers);
                    }
                }
                case IDLE_PROP_NAME -> builder.idle(value);
                case MANDATORY_PROP_NAME ->
                {
                    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false"))
                    {
                        builder.mandatory(Boolean.parseBoolean(value));
                    }
                    else
                    {
                        problems.add(entry + "must be true or false");
                    }
                }
                case OTHER_CPUS_PROP_NAME -> builder.otherCpus(cpuList(entry, value, problems));
                case JVM_CPUS_PROP_NAME -> builder.jvmCpus(cpuList(entry, value, problems));
                case DESCRIPTION_PROP_NAME -> builder.description(value);
                default -> workerKey(key, value, entry, builder, problems);
            }
        }

        if (!workersValid)
        {
            // worker indexes cannot be judged without a worker count; report what we have
            throw new AffinityConfigException(sourceName, problems);
        }
        AffinityProfile profile = null;
        try
        {
            profile = builder.build();
        }
        catch (final AffinityConfigException ex)
        {
            problems.addAll(ex.problems());
        }
        if (!problems.isEmpty())
        {
            throw new AffinityConfigException(sourceName, problems);
        }
        return profile;
    }

    private static void workerKey(
        final String key,
        final String value,
        final String entry,
        final AffinityProfileBuilder builder,
        final List<String> problems)
    {
        final Matcher matcher = WORKER_KEY.matcher(key);
        if (!matcher.matches())
        {
            problems.add(entry + "unknown key; known keys are " + KNOWN_KEYS + " (N a worker index)");
            return;
        }
        final int worker = Integer.parseInt(matcher.group(1));
        if (matcher.group(2).equals("idle"))
        {
            builder.idle(worker, value);
        }
        else if (value.equalsIgnoreCase(NO_CPU_VALUE))
        {
            builder.cpu(worker, NO_CPU);
        }
        else
        {
            final int cpu = integer(value);
            if (cpu < 0 || cpu > CpuSet.MAX_CPU)
            {
                problems.add(entry + "a CPU is a number 0.." + CpuSet.MAX_CPU + " or " + NO_CPU_VALUE);
            }
            else
            {
                builder.cpu(worker, cpu);
            }
        }
    }

    private static CpuSet cpuList(final String entry, final String value, final List<String> problems)
    {
        try
        {
            return CpuSet.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            problems.add(entry + ex.getMessage());
            return CpuSet.EMPTY;
        }
    }

    private static int integer(final String value)
    {
        if (value.isEmpty() || value.length() > 6 || !value.chars().allMatch(c -> c >= '0' && c <= '9'))
        {
            return -1;
        }
        return Integer.parseInt(value);
    }
}
