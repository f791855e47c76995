package io.hotpath.affinity;

import static io.hotpath.EngineConfig.JVM_CPUS;
import static io.hotpath.EngineConfig.MANDATORY;
import static io.hotpath.EngineConfig.OTHER_CPUS;
import static io.hotpath.EngineConfig.WORKERS;
import static io.hotpath.EngineConfig.WORKER_CPU_NONE;

import io.hotpath.EngineConfig;
import io.hotpath.Idle;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where an engine's workers run, resolved from its settings: each worker's CPU and idle strategy, whether a failed
 * pin fails the start, the CPUs advised for the engine's other threads and for the JVM's, and a description. The
 * keys, their defaults and their meaning are those of {@link EngineConfig} ({@link EngineConfig#WORKER_CPU},
 * {@link EngineConfig#MANDATORY}, {@link EngineConfig#OTHER_CPUS}, {@link EngineConfig#JVM_CPUS},
 * {@link EngineConfig#DESCRIPTION}; the worker count and idle strategies are the engine's own): a profile file in
 * {@code affinity-config/} is a file of engine settings, applied with
 * {@link EngineConfig.Builder#affinity(Path)}, and {@link EngineConfig#affinity()} is the placement it gives.
 * <p>
 * Immutable, so thread safe.
 */
public final class AffinityProfile
{
    /** {@link #cpu(int)} of a worker that is not pinned ({@value EngineConfig#WORKER_CPU_NONE} in a file). */
    public static final int NO_CPU = -1;

    private final String name;
    private final String description;
    private final int[] cpus;
    private final List<Idle> idles;
    private final boolean mandatory;
    private final CpuSet otherCpus;
    private final CpuSet jvmCpus;

    /**
     * The placement of an engine's workers, as {@link EngineConfig.Builder#build()} resolves it from the engine's
     * settings, which it has already checked key by key.
     *
     * @param name        names the placement in messages, e.g. the profile file's name without {@code .properties}.
     * @param description see {@link EngineConfig#DESCRIPTION}.
     * @param cpus        each worker's CPU, or {@link #NO_CPU}; one per worker, copied.
     * @param idles       each worker's idle strategy; one per worker, copied.
     * @param mandatory   see {@link EngineConfig#MANDATORY}.
     * @param otherCpus   see {@link EngineConfig#OTHER_CPUS}.
     * @param jvmCpus     see {@link EngineConfig#JVM_CPUS}.
     * @throws IllegalArgumentException when there is no worker, the two lists differ in length or a CPU is out of
     *                                  range.
     */
    public AffinityProfile(
        final String name,
        final String description,
        final int[] cpus,
        final List<Idle> idles,
        final boolean mandatory,
        final CpuSet otherCpus,
        final CpuSet jvmCpus)
    {
        this.name = Objects.requireNonNull(name, "name is null");
        this.description = Objects.requireNonNull(description, "description is null");
        this.cpus = Objects.requireNonNull(cpus, "cpus is null").clone();
        this.idles = List.copyOf(Objects.requireNonNull(idles, "idles is null"));
        this.mandatory = mandatory;
        this.otherCpus = Objects.requireNonNull(otherCpus, "otherCpus is null");
        this.jvmCpus = Objects.requireNonNull(jvmCpus, "jvmCpus is null");
        if (this.cpus.length == 0 || this.cpus.length != this.idles.size())
        {
            throw new IllegalArgumentException("a placement needs one CPU and one idle strategy per worker, at least " +
                "one worker: " + this.cpus.length + " CPUs, " + this.idles.size() + " idle strategies");
        }
        for (final int cpu : this.cpus)
        {
            if (cpu < NO_CPU || cpu > CpuSet.MAX_CPU)
            {
                throw new IllegalArgumentException("CPU " + cpu + " is outside 0.." + CpuSet.MAX_CPU + " (or " +
                    NO_CPU + " for none)");
            }
        }
    }

    /**
     * The placement a profile file gives an engine whose other settings are the defaults: a short form of
     * {@code EngineConfig.builder().affinity(file).build().affinity()}, for tools that read a profile. A file without
     * {@link EngineConfig#WORKERS} has the default worker count, the number of available processors.
     *
     * @param file a {@code .properties} file of engine settings; its name without the extension names the profile.
     * @return the placement.
     * @throws java.io.UncheckedIOException when the file cannot be read.
     * @throws io.hotpath.ConfigException listing every problem, each naming its key.
     */
    public static AffinityProfile load(final Path file)
    {
        return EngineConfig.builder().affinity(file).build().affinity();
    }

    /**
     * {@link #load} for a profile on the class path: {@code EngineConfig.builder().affinityResource(resource)} is
     * how an engine takes it.
     *
     * @param resource e.g. {@code "profiles/two-core.properties"}, without a leading slash.
     * @return the placement.
     * @throws java.io.UncheckedIOException when there is no such resource, or it cannot be read.
     * @throws io.hotpath.ConfigException listing every problem, each naming its key.
     */
    public static AffinityProfile fromResource(final String resource)
    {
        return EngineConfig.builder().affinityResource(resource).build().affinity();
    }

    /** {@return the placement's name: the profile file's name without {@code .properties}, or the settings' source} */
    public String name()
    {
        return name;
    }

    /** {@return the free text about the placement ({@link EngineConfig#DESCRIPTION}); empty for none} */
    public String description()
    {
        return description;
    }

    /** {@return the engine's worker count} */
    public int workers()
    {
        return cpus.length;
    }

    /**
     * {@return the worker's CPU ({@link EngineConfig#WORKER_CPU}), or {@link #NO_CPU} when it is not pinned}
     *
     * @param worker worker index, 0..workers-1.
     */
    public int cpu(final int worker)
    {
        return cpus[worker];
    }

    /**
     * {@return the worker's idle strategy, from the engine's settings}
     *
     * @param worker worker index, 0..workers-1.
     */
    public Idle idle(final int worker)
    {
        return idles.get(worker);
    }

    /**
     * {@return true when the worker's idle strategy keeps its CPU busy ({@link Idle#spins()})}
     *
     * @param worker worker index, 0..workers-1.
     */
    public boolean spins(final int worker)
    {
        return idles.get(worker).spins();
    }

    /**
     * {@return true when a worker that cannot be pinned must fail the engine's start ({@link EngineConfig#MANDATORY})}
     */
    public boolean mandatory()
    {
        return mandatory;
    }

    /**
     * {@return the CPUs advised for the engine's other threads ({@link EngineConfig#OTHER_CPUS}); empty for no advice}
     */
    public CpuSet otherCpus()
    {
        return otherCpus;
    }

    /**
     * {@return the CPUs advised for the JVM's own threads ({@link EngineConfig#JVM_CPUS}); empty for no advice}
     */
    public CpuSet jvmCpus()
    {
        return jvmCpus;
    }

    /**
     * {@return the CPUs of pinned workers}
     */
    public CpuSet workerCpus()
    {
        return CpuSet.of(Arrays.stream(cpus).filter(c -> c != NO_CPU).toArray());
    }

    /**
     * @return one line, e.g. {@code "two-core: workers=2 [0:cpu0/backoff 1:cpu1/backoff] other.cpus=0 ..."}.
     */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(name).append(": ").append(WORKERS).append('=').append(workers())
            .append(" [");
        for (int i = 0; i < workers(); i++)
        {
            sb.append(i == 0 ? "" : " ").append(i).append(':')
                .append(cpus[i] == NO_CPU ? WORKER_CPU_NONE : "cpu" + cpus[i]).append('/')
                .append(idles.get(i).configName());
        }
        return sb.append("] ").append(OTHER_CPUS).append('=').append(otherCpus.describe())
            .append(' ').append(JVM_CPUS).append('=').append(jvmCpus.describe())
            .append(' ').append(MANDATORY).append('=').append(mandatory).toString();
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof AffinityProfile other && name.equals(other.name) &&
            description.equals(other.description) && Arrays.equals(cpus, other.cpus) &&
            idles.equals(other.idles) && mandatory == other.mandatory &&
            otherCpus.equals(other.otherCpus) && jvmCpus.equals(other.jvmCpus);
    }

    @Override
    public int hashCode()
    {
        return 31 * name.hashCode() + Arrays.hashCode(cpus);
    }
}
