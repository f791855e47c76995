package io.hotpath.affinity;

import static io.hotpath.affinity.AffinityProfile.IDLE_DEFAULT;
import static io.hotpath.affinity.AffinityProfile.IDLE_NAMES;
import static io.hotpath.affinity.AffinityProfile.IDLE_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.MANDATORY_DEFAULT;
import static io.hotpath.affinity.AffinityProfile.MAX_WORKERS;
import static io.hotpath.affinity.AffinityProfile.NO_CPU;
import static io.hotpath.affinity.AffinityProfile.NO_CPU_VALUE;
import static io.hotpath.affinity.AffinityProfile.WORKERS_DEFAULT;
import static io.hotpath.affinity.AffinityProfile.WORKERS_PROP_NAME;
import static io.hotpath.affinity.AffinityProfile.WORKER_CPU_PROP_FORMAT;
import static io.hotpath.affinity.AffinityProfile.WORKER_IDLE_PROP_FORMAT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Builds an {@link AffinityProfile} in code, starting from the defaults listed there; checks everything
 * in {@link #build()}.
 * <p>
 * Not thread-safe: build on one thread, then share the immutable profile.
 */
public final class AffinityProfileBuilder
{
    private String name = "code";
    private String description = "";
    private int workers = WORKERS_DEFAULT;
    private String idle = IDLE_DEFAULT;
    private final TreeMap<Integer, Integer> cpus = new TreeMap<>();
    private final TreeMap<Integer, String> idles = new TreeMap<>();
    private boolean mandatory = MANDATORY_DEFAULT;
    private CpuSet otherCpus = CpuSet.EMPTY;
    private CpuSet jvmCpus = CpuSet.EMPTY;

    AffinityProfileBuilder()
    {
    }

    public AffinityProfileBuilder name(final String name)
    {
        this.name = name;
        return this;
    }

    public AffinityProfileBuilder description(final String description)
    {
        this.description = description;
        return this;
    }

    public AffinityProfileBuilder workers(final int workers)
    {
        this.workers = workers;
        return this;
    }

    /**
     * @param worker worker index.
     * @param cpu    its CPU, or {@link #NO_CPU}.
     * @return this.
     */
    public AffinityProfileBuilder cpu(final int worker, final int cpu)
    {
        cpus.put(worker, cpu);
        return this;
    }

    /**
     * @param idle idle strategy of every worker without its own.
     * @return this.
     */
    public AffinityProfileBuilder idle(final String idle)
    {
        this.idle = idle;
        return this;
    }

    public AffinityProfileBuilder idle(final int worker, final String idle)
    {
        idles.put(worker, idle);
        return this;
    }

    public AffinityProfileBuilder mandatory(final boolean mandatory)
    {
        this.mandatory = mandatory;
        return this;
    }

    public AffinityProfileBuilder otherCpus(final CpuSet otherCpus)
    {
        this.otherCpus = otherCpus;
        return this;
    }

    public AffinityProfileBuilder jvmCpus(final CpuSet jvmCpus)
    {
        this.jvmCpus = jvmCpus;
        return this;
    }

    /**
     * @return the profile.
     * @throws AffinityConfigException listing every problem.
     */
    public AffinityProfile build()
    {
        final List<String> problems = new ArrayList<>();
        if (workers < 1 || workers > MAX_WORKERS)
        {
            problems.add(WORKERS_PROP_NAME + "=" + workers + ": the number of workers must be 1.." + MAX_WORKERS);
            throw new AffinityConfigException(name, problems);
        }
        checkIdle(IDLE_PROP_NAME, idle, problems);

        final int[] cpuArray = new int[workers];
        Arrays.fill(cpuArray, NO_CPU);
        cpus.forEach((worker, cpu) ->
        {
            final String key = String.format(WORKER_CPU_PROP_FORMAT, worker);
            if (checkWorker(key, cpu.toString(), worker, problems))
            {
                if (cpu < NO_CPU || cpu > CpuSet.MAX_CPU)
                {
                    problems.add(key + "=" + cpu + ": a CPU is a number 0.." + CpuSet.MAX_CPU + " or " + NO_CPU_VALUE);
                }
                else
                {
                    cpuArray[worker] = cpu;
                }
            }
        });

        final String[] idleArray = new String[workers];
        Arrays.fill(idleArray, idle);
        idles.forEach((worker, value) ->
        {
            final String key = String.format(WORKER_IDLE_PROP_FORMAT, worker);
            if (checkWorker(key, value, worker, problems) && checkIdle(key, value, problems))
            {
                idleArray[worker] = value;
            }
        });

        if (!problems.isEmpty())
        {
            throw new AffinityConfigException(name, problems);
        }
        return new AffinityProfile(name, description, cpuArray, idleArray, mandatory, otherCpus, jvmCpus);
    }

    private boolean checkWorker(final String key, final String value, final int worker, final List<String> problems)
    {
        if (worker < 0 || worker >= workers)
        {
            problems.add(key + "=" + value + ": worker " + worker + " does not exist; " + WORKERS_PROP_NAME + "=" +
                workers + " allows worker.0 to worker." + (workers - 1));
            return false;
        }
        return true;
    }

    private static boolean checkIdle(final String key, final String value, final List<String> problems)
    {
        if (!IDLE_NAMES.contains(value))
        {
            problems.add(key + "=" + value + ": unknown idle strategy; allowed are " + String.join(", ", IDLE_NAMES));
            return false;
        }
        return true;
    }
}
