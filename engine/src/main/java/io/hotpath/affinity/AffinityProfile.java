package io.hotpath.affinity;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Where the engine's threads run: how many workers, the CPU and idle strategy of each, where the
 * engine's other threads may run, and CPUs advised for the JVM's own threads. Read from a
 * {@code .properties} file (the shipped ones live in {@code affinity-config/}) or built in code.
 * <p>
 * Every key, with its default (this list and {@code affinity-config/README.md} are the only places):
 * <pre>
 * workers        number of workers, 1..1024                                   default 1
 * idle           idle strategy of every worker without its own                default backoff
 *                one of: busy-spin, yield, backoff, park
 * worker.N.cpu   CPU worker N is pinned to, or "none"; N in 0..workers-1      default none (unpinned)
 * worker.N.idle  idle strategy of worker N                                    default the value of idle
 * mandatory      true: a failed pin fails the engine's start;                 default false
 *                false: the worker runs unpinned and the failure is reported
 * other.cpus     cpu list for the engine's non-worker threads                 default empty (not pinned)
 * jvm.cpus       cpu list advised for the JVM's GC and JIT threads; advisory  default empty (no advice)
 *                only: printed by the tool, applied with taskset or numactl
 * description    free text shown by the tool                                  default empty
 * </pre>
 * Spinning idle strategies ({@code busy-spin}, {@code yield}) keep their CPU busy while idle; they
 * belong on isolated CPUs with nothing else to run.
 * <p>
 * Immutable, so thread-safe.
 */
public final class AffinityProfile
{
    public static final String WORKERS_PROP_NAME = "workers";
    public static final int WORKERS_DEFAULT = 1;
    public static final int MAX_WORKERS = 1024;
    public static final String IDLE_PROP_NAME = "idle";
    public static final String IDLE_DEFAULT = "backoff";
    public static final String WORKER_CPU_PROP_FORMAT = "worker.%d.cpu";
    public static final String WORKER_IDLE_PROP_FORMAT = "worker.%d.idle";
    /** The value of {@code worker.N.cpu} for an unpinned worker; {@link #cpu(int)} returns {@link #NO_CPU}. */
    public static final String NO_CPU_VALUE = "none";
    public static final int NO_CPU = -1;
    public static final String MANDATORY_PROP_NAME = "mandatory";
    public static final boolean MANDATORY_DEFAULT = false;
    public static final String OTHER_CPUS_PROP_NAME = "other.cpus";
    public static final String JVM_CPUS_PROP_NAME = "jvm.cpus";
    public static final String DESCRIPTION_PROP_NAME = "description";

    public static final String IDLE_BUSY_SPIN = "busy-spin";
    public static final String IDLE_YIELD = "yield";
    public static final String IDLE_BACKOFF = "backoff";
    public static final String IDLE_PARK = "park";
    /** Every idle strategy name, in order of how hard they hold the CPU. */
    public static final List<String> IDLE_NAMES = List.of(IDLE_BUSY_SPIN, IDLE_YIELD, IDLE_BACKOFF, IDLE_PARK);

    private final String name;
    private final String description;
    private final int[] cpus;
    private final String[] idles;
    private final boolean mandatory;
    private final CpuSet otherCpus;
    private final CpuSet jvmCpus;

    AffinityProfile(
        final String name,
        final String description,
        final int[] cpus,
        final String[] idles,
        final boolean mandatory,
        final CpuSet otherCpus,
        final CpuSet jvmCpus)
    {
        this.name = name;
        this.description = description;
        this.cpus = cpus;
        this.idles = idles;
        this.mandatory = mandatory;
        this.otherCpus = otherCpus;
        this.jvmCpus = jvmCpus;
    }

    /**
     * @param file a {@code .properties} file; its name without the extension becomes the profile's name.
     * @return the profile.
     * @throws UncheckedIOException when the file cannot be read.
     * @throws AffinityConfigException listing every problem when the content is not a valid profile.
     */
    public static AffinityProfile load(final Path file)
    {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            final Properties properties = new Properties();
            properties.load(reader);
            return parse(properties, baseName(file.getFileName().toString()));
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
     * @param resource a class path resource, e.g. {@code "affinity/two-core.properties"}.
     * @return the profile, named after the resource's file name.
     * @throws UncheckedIOException when the resource is missing or unreadable.
     * @throws AffinityConfigException listing every problem when the content is not a valid profile.
     */
    public static AffinityProfile loadResource(final String resource)
    {
        final String path = resource.startsWith("/") ? resource.substring(1) : resource;
        try (InputStream in = AffinityProfile.class.getClassLoader().getResourceAsStream(path))
        {
            if (in == null)
            {
                throw new UncheckedIOException(new IOException("no affinity profile on the class path at " + path));
            }
            final Properties properties = new Properties();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return parse(properties, baseName(path.substring(path.lastIndexOf('/') + 1)));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read affinity profile " + path + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @param properties the keys listed in this class's javadoc.
     * @param sourceName the profile's name, used in messages.
     * @return the profile.
     * @throws AffinityConfigException listing every problem when the content is not a valid profile.
     */
    public static AffinityProfile parse(final Properties properties, final String sourceName)
    {
        return ProfileParser.parse(properties, sourceName);
    }

    /**
     * @return a profile with the defaults: one unpinned worker with the backoff idle strategy.
     */
    public static AffinityProfile defaults()
    {
        return builder().name("defaults").build();
    }

    /**
     * @return a builder starting from the defaults.
     */
    public static AffinityProfileBuilder builder()
    {
        return new AffinityProfileBuilder();
    }

    public String name()
    {
        return name;
    }

    public String description()
    {
        return description;
    }

    public int workers()
    {
        return cpus.length;
    }

    /**
     * @param worker worker index, 0..workers-1.
     * @return the worker's CPU, or {@link #NO_CPU} when it is not pinned.
     */
    public int cpu(final int worker)
    {
        return cpus[worker];
    }

    /**
     * @param worker worker index, 0..workers-1.
     * @return the worker's idle strategy, one of {@link #IDLE_NAMES}.
     */
    public String idle(final int worker)
    {
        return idles[worker];
    }

    /**
     * @param worker worker index, 0..workers-1.
     * @return true when the worker's idle strategy keeps its CPU busy (busy-spin or yield).
     */
    public boolean spins(final int worker)
    {
        return isSpinning(idles[worker]);
    }

    /**
     * @return true when a worker that cannot be pinned must fail the engine's start.
     */
    public boolean mandatory()
    {
        return mandatory;
    }

    /**
     * @return where the engine's non-worker threads may run; empty means anywhere.
     */
    public CpuSet otherCpus()
    {
        return otherCpus;
    }

    /**
     * @return CPUs advised for the JVM's GC and JIT threads; empty means no advice.
     */
    public CpuSet jvmCpus()
    {
        return jvmCpus;
    }

    /**
     * @return the CPUs of pinned workers.
     */
    public CpuSet workerCpus()
    {
        return CpuSet.of(Arrays.stream(cpus).filter(c -> c != NO_CPU).toArray());
    }

    /**
     * @return the effective settings as properties, every key present; parses back to an equal profile.
     */
    public Properties toProperties()
    {
        final Properties properties = new Properties();
        properties.setProperty(WORKERS_PROP_NAME, Integer.toString(workers()));
        for (int i = 0; i < workers(); i++)
        {
            properties.setProperty(String.format(WORKER_CPU_PROP_FORMAT, i),
                cpus[i] == NO_CPU ? NO_CPU_VALUE : Integer.toString(cpus[i]));
            properties.setProperty(String.format(WORKER_IDLE_PROP_FORMAT, i), idles[i]);
        }
        properties.setProperty(MANDATORY_PROP_NAME, Boolean.toString(mandatory));
        properties.setProperty(OTHER_CPUS_PROP_NAME, otherCpus.toString());
        properties.setProperty(JVM_CPUS_PROP_NAME, jvmCpus.toString());
        properties.setProperty(DESCRIPTION_PROP_NAME, description);
        return properties;
    }

    /**
     * @return one line, e.g. {@code "two-core: workers=2 [0:cpu0/backoff 1:cpu1/backoff] other.cpus=0-1 ..."}.
     */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(name).append(": workers=").append(workers()).append(" [");
        for (int i = 0; i < workers(); i++)
        {
            sb.append(i == 0 ? "" : " ").append(i).append(':')
                .append(cpus[i] == NO_CPU ? NO_CPU_VALUE : "cpu" + cpus[i]).append('/').append(idles[i]);
        }
        return sb.append("] other.cpus=").append(otherCpus.describe())
            .append(" jvm.cpus=").append(jvmCpus.describe())
            .append(" mandatory=").append(mandatory).toString();
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof AffinityProfile other && name.equals(other.name) &&
            description.equals(other.description) && Arrays.equals(cpus, other.cpus) &&
            Arrays.equals(idles, other.idles) && mandatory == other.mandatory &&
            otherCpus.equals(other.otherCpus) && jvmCpus.equals(other.jvmCpus);
    }

    @Override
    public int hashCode()
    {
        return 31 * name.hashCode() + Arrays.hashCode(cpus);
    }

    static boolean isSpinning(final String idle)
    {
        return IDLE_BUSY_SPIN.equals(idle) || IDLE_YIELD.equals(idle);
    }

    private static String baseName(final String fileName)
    {
        return fileName.endsWith(".properties") ? fileName.substring(0, fileName.length() - 11) : fileName;
    }
}
