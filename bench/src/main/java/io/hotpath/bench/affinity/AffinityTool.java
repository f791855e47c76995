package io.hotpath.bench.affinity;

import io.hotpath.ConfigException;
import io.hotpath.EngineConfig;
import io.hotpath.affinity.topology.AffinityPlan;
import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.topology.CpuTopology;
import io.hotpath.affinity.topology.Finding;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.topology.ProfileCheck;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * {@code hotpath-bench.jar affinity [--profile FILE] [--verify] [--root DIR]}: prints the machine's CPU
 * topology, checks a profile (a file of engine settings) against it and prints the plan, and with
 * {@code --verify} starts an engine with the profile and shows where each worker really runs.
 * <p>
 * Exit codes: 0 all good (warnings allowed), 1 the profile has errors or a worker is not where the
 * profile says, 2 bad usage or an unreadable file.
 * <p>
 * Not thread-safe: one run at a time per pair of streams.
 */
public final class AffinityTool
{
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    static final String USAGE = """
        usage: affinity [--profile FILE] [--verify] [--root DIR]
          prints this machine's CPU topology: CPUs, physical cores and SMT siblings, packages,
          NUMA nodes, L3 sharing, isolated and nohz_full CPUs, the CPUs this process may use
          --profile FILE  check an affinity profile (affinity-config/*.properties) and print its plan
          --verify        with --profile: start an engine with the profile's settings and report
                          where each worker runs (tid, mask read back, CPU last run on)
          --root DIR      read sys/ and proc/ under DIR instead of / (a recorded topology)
          --help          this text
        exit codes: 0 ok (warnings allowed), 1 profile errors or a worker not where it should be,
                    2 bad usage or unreadable file
        """;

    private AffinityTool()
    {
    }

    /**
     * Runs the tool, verifying with real threads.
     *
     * @param args command line after {@code affinity}.
     * @param out  where the report goes.
     * @param err  where usage errors go.
     * @return the exit code.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return run(args, out, err, VerifyThreads::pinAll);
    }

    /**
     * Runs the tool with another way to start workers for {@code --verify}, e.g. a real engine start.
     *
     * @param args    command line after {@code affinity}.
     * @param out     where the report goes.
     * @param err     where usage errors go.
     * @param starter starts the workers of an engine with the settings of the profile file it is given and returns
     *                one pin report per worker.
     * @return the exit code.
     */
    public static int run(
        final String[] args,
        final PrintStream out,
        final PrintStream err,
        final Function<Path, List<PinReport>> starter)
    {
        Path profileFile = null;
        Path root = null;
        boolean verify = false;
        for (int i = 0; i < args.length; i++)
        {
            switch (args[i])
            {
                case "--help", "-h" ->
                {
                    out.print(USAGE);
                    return EXIT_OK;
                }
                case "--verify" -> verify = true;
                case "--profile", "--root" ->
                {
                    if (i + 1 >= args.length || args[i + 1].startsWith("--"))
                    {
                        return usage(err, args[i] + " needs a value");
                    }
                    final Path value = Path.of(args[++i]);
                    if (args[i - 1].equals("--profile"))
                    {
                        profileFile = value;
                    }
                    else
                    {
                        root = value;
                    }
                }
                default ->
                {
                    return usage(err, "unknown option " + args[i]);
                }
            }
        }
        if (verify && profileFile == null)
        {
            return usage(err, "--verify needs --profile FILE");
        }
        if (profileFile != null && !Files.isReadable(profileFile))
        {
            err.println("affinity: cannot read profile " + profileFile);
            return EXIT_USAGE;
        }

        final CpuTopology topology;
        try
        {
            topology = root == null ? CpuTopology.current() : CpuTopology.read(root);
        }
        catch (final UncheckedIOException | IllegalArgumentException ex)
        {
            err.println("affinity: cannot read the CPU topology: " + ex.getMessage());
            return EXIT_USAGE;
        }
        TopologyPrinter.print(topology, root == null ? "/" : root.toString(), out);
        if (profileFile == null)
        {
            return EXIT_OK;
        }

        final AffinityProfile profile;
        try
        {
            profile = EngineConfig.builder().affinity(profileFile).build().affinity();
        }
        catch (final UncheckedIOException ex)
        {
            err.println("affinity: " + ex.getMessage());
            return EXIT_USAGE;
        }
        catch (final ConfigException ex)
        {
            out.println();
            out.println("Profile " + profileFile + ": " + ex.problems().size() + " error(s)");
            ex.problems().forEach(p -> out.println("  ERROR " + p));
            return EXIT_FAILED;
        }
        return checkAndVerify(profile, profileFile, topology, verify, starter, out);
    }

    private static int checkAndVerify(
        final AffinityProfile profile,
        final Path profileFile,
        final CpuTopology topology,
        final boolean verify,
        final Function<Path, List<PinReport>> starter,
        final PrintStream out)
    {
        out.println();
        out.println("Profile " + profile.name() + " (" + profileFile + ")" +
            (profile.description().isEmpty() ? "" : ": " + profile.description()));
        out.println("  mandatory=" + profile.mandatory());
        final AffinityPlan plan = AffinityPlan.of(profile, topology);
        plan.lines().forEach(line -> out.println("  " + line));
        if (!profile.jvmCpus().isEmpty())
        {
            out.println("  advice: keep the JVM's own threads off the workers' CPUs, e.g. start it with");
            out.println("    taskset -c " + profile.jvmCpus() + " java ...   (workers then pin themselves)");
        }

        final List<Finding> findings = ProfileCheck.check(profile, topology);
        final long errors = findings.stream().filter(Finding::isError).count();
        out.println();
        out.println("Check: " + errors + " error(s), " + (findings.size() - errors) + " warning(s)");
        findings.forEach(f -> out.println("  " + f));
        if (errors > 0)
        {
            return EXIT_FAILED;
        }
        if (!verify)
        {
            return EXIT_OK;
        }

        out.println();
        out.println("Verify: an engine started with the profile, each worker pinned on its own thread and read back");
        final List<PinReport> reports = starter.apply(profileFile);
        for (final String line : PinReport.table(reports).split("\n"))
        {
            out.println("  " + line);
        }
        final List<Finding> misplaced = plan.verify(reports);
        misplaced.forEach(f -> out.println("  " + f));
        out.println(misplaced.isEmpty() ?
            "  every worker is where the profile says" : "  " + misplaced.size() + " worker(s) not where the profile says");
        return misplaced.isEmpty() ? EXIT_OK : EXIT_FAILED;
    }

    private static int usage(final PrintStream err, final String problem)
    {
        err.println("affinity: " + problem);
        err.print(USAGE);
        return EXIT_USAGE;
    }
}
