package io.hotpath.bench;

import io.hotpath.bench.savina.SavinaMain;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The subcommands of the bench jar that live outside the latency harness: {@code jmh} and {@code savina}.
 * Stateless and thread safe.
 * <p>
 * JMH and Pekko call {@code sun.misc.Unsafe}'s memory-access methods, which JDK 24 and later warn about unless the
 * JVM runs with {@value #UNSAFE_ALLOW}. A manifest cannot carry that flag, so when it is missing these subcommands
 * run in a child JVM that has it (JMH's forks inherit it from there), with the same class path and JVM flags.
 */
public final class Subcommands
{
    /** The JVM flag that lets a library use sun.misc.Unsafe without a warning on JDK 24 and later. */
    public static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    private Subcommands()
    {
    }

    /**
     * Run the subcommand named by the first argument, if it is one of these.
     *
     * @param args the jar's arguments.
     * @return the process exit code, or -1 when the first argument names none of these subcommands.
     * @throws Exception what the subcommand throws.
     */
    public static int run(final String[] args) throws Exception
    {
        if (args.length == 0 || !("jmh".equals(args[0]) || "savina".equals(args[0])))
        {
            return -1;
        }
        if (!ManagementFactory.getRuntimeMXBean().getInputArguments().contains(UNSAFE_ALLOW))
        {
            return inChildJvm(args);
        }
        final String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if ("savina".equals(args[0]))
        {
            return SavinaMain.run(rest);
        }
        // JMH's Main ends the JVM itself, with its own status
        org.openjdk.jmh.Main.main(rest);
        return 0;
    }

    /**
     * @return one line per subcommand, for the jar's usage text.
     */
    public static String usage()
    {
        return "  jmh [JMH args]     JMH benchmarks of per-message cost, e.g. jmh -prof gc 'io.hotpath.bench.jmh.*'\n" +
            "  savina [--help]    Savina actor benchmarks on Hotpath and Pekko, side by side\n";
    }

    private static int inChildJvm(final String[] args) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.add(UNSAFE_ALLOW);
        // the jar's manifest grants this; a -cp launch must say it
        command.add("--enable-native-access=ALL-UNNAMED");
        // sequential actors (Savina's BankingAwait on Hotpath)
        command.add("--add-exports");
        command.add("java.base/jdk.internal.vm=ALL-UNNAMED");
        command.add("-Dslf4j.internal.verbosity=ERROR");
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(Arrays.asList(args));
        final Process child = new ProcessBuilder(command).inheritIO().start();
        // an interrupted wait would leave the child running; let it finish and pass its status on
        while (true)
        {
            try
            {
                return child.waitFor();
            }
            catch (final InterruptedException ex)
            {
                child.destroy();
            }
        }
    }
}
