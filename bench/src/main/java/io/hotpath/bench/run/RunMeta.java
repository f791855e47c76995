package io.hotpath.bench.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the summary says about the run itself: JDK, JVM flags, CPU, affinity, idle strategy, git commit, start time
 * and options. Stateless.
 */
final class RunMeta
{
    private RunMeta()
    {
    }

    /**
     * @param options   the run's options.
     * @param startTime when the run started.
     * @param peers     settings of the peers worth recording, e.g. Pekko's dispatcher parallelism.
     * @param rowJvms   the JVMs the rows ran in besides this one ({@code --fork}), 0 when none.
     * @return the meta object of the summary, in a stable key order.
     */
    static Map<String, Object> collect(
        final HarnessOptions options, final Instant startTime, final Map<String, Object> peers, final int rowJvms)
    {
        final Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("jdk", System.getProperty("java.runtime.version", System.getProperty("java.version")) + " (" +
            System.getProperty("java.vm.vendor", "unknown vendor") + ")");
        meta.put("jdkVersion", System.getProperty("java.version"));
        meta.put("jdkVendor", System.getProperty("java.vm.vendor"));
        meta.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        meta.put("jvmFlags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        meta.put("collectors", new ArrayList<Object>(GcChoice.running()));
        meta.put("oldGen", options.oldGen());
        meta.put("cpuModel", cpuModel());
        meta.put("cores", Runtime.getRuntime().availableProcessors());
        meta.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " +
            System.getProperty("os.arch"));
        meta.put("affinity", affinity(options));
        meta.put("idleStrategy", HarnessOptions.IDLE_DEFAULT);
        meta.put("workers", options.workers());
        meta.put("gitCommit", gitCommit());
        meta.put("startTime", startTime.toString());
        meta.put("latencyUnit", "ns");
        meta.put("intervalNs", Driver.SERIES_INTERVAL_NS);
        final Map<String, Object> opts = new LinkedHashMap<>();
        opts.put("given", new LinkedHashMap<String, Object>(options.given()));
        final List<Object> scenarios = new ArrayList<>();
        options.scenarios().forEach(s -> scenarios.add(s.name()));
        opts.put("scenarios", scenarios);
        opts.put("impls", new ArrayList<Object>(options.impls()));
        final Map<String, Object> variants = new LinkedHashMap<>();
        options.variants().forEach((v) -> variants.put(v.implName(), new LinkedHashMap<String, Object>(v.settings())));
        opts.put("variants", variants);
        opts.put("durationNs", options.durationNs());
        opts.put("warmupNs", options.warmupNs());
        opts.put("fixedRateWarmupNs", options.fixedRateWarmupNs());
        opts.put("pairedWarmupNs", options.pairedWarmupNs());
        opts.put("firstRowWarmupNs", options.firstRowWarmupNs());
        opts.put("repeat", options.repeat());
        opts.put("pairs", options.pairs());
        opts.put("sliceNs", options.sliceNs());
        final List<Object> rates = new ArrayList<>();
        for (final long r : options.rates())
        {
            rates.add(r);
        }
        opts.put("ratesPerSec", rates);
        opts.put("quick", options.quick());
        meta.put("options", opts);
        meta.put("peers", peers);
        meta.put("rowJvms", rowJvms);
        return meta;
    }

    /**
     * @return the first {@code model name} of /proc/cpuinfo, or the architecture where there is none.
     */
    public static String cpuModel()
    {
        try
        {
            for (final String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8))
            {
                if (line.startsWith("model name"))
                {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        catch (final IOException | RuntimeException ignored)
        {
            // not Linux, or not readable: fall through
        }
        return System.getProperty("os.arch");
    }

    /**
     * @return {@code git rev-parse HEAD} of the working directory, else of the folder of the bench jar (the build
     * the figures came from), or null when git or a repository is missing.
     */
    public static String gitCommit()
    {
        final String here = gitCommit(Path.of("."));
        if (here != null)
        {
            return here;
        }
        final Path jar = Path.of(System.getProperty("java.class.path", ".").split(java.io.File.pathSeparator)[0])
            .toAbsolutePath().getParent();
        return jar == null ? null : gitCommit(jar);
    }

    private static String gitCommit(final Path dir)
    {
        try
        {
            final Process p = new ProcessBuilder("git", "-C", dir.toString(), "rev-parse", "HEAD")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS))
            {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 && out.matches("[0-9a-f]{40}") ? out : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The profile and the placement it asks for, and whether this JVM can pin at all; "none" without a profile. */
    private static Object affinity(final HarnessOptions options)
    {
        if (options.affinity() == null)
        {
            return "none";
        }
        final Map<String, Object> affinity = new LinkedHashMap<>();
        affinity.put("profile", options.affinity().toString());
        try
        {
            final io.hotpath.affinity.AffinityProfile profile =
                io.hotpath.affinity.AffinityProfile.load(options.affinity());
            final List<Object> cpus = new ArrayList<>();
            for (int i = 0; i < profile.workers(); i++)
            {
                cpus.add(profile.cpu(i) < 0 ? "none" : profile.cpu(i));
            }
            affinity.put("workerCpus", cpus);
            affinity.put("mandatory", profile.mandatory());
            affinity.put("pinningSupported", io.hotpath.affinity.topology.ThreadPinning.isSupported());
        }
        catch (final RuntimeException ex)
        {
            affinity.put("error", ex.getMessage());
        }
        return affinity;
    }
}
