package io.hotpath.bench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Re-launches the bench in a child JVM with the flags it needs, so the user types none; with {@code --fork} that JVM
 * starts one more per row, with the same flags. Stateless.
 */
final class ChildJvm
{
    /** Set in the child: the flags are in place, run the benchmark. */
    public static final String CHILD_PROPERTY = "hotpath.bench.child";
    /**
     * The child's JVM flags, all but the collector ({@link GcChoice}, added when the command is made): a fixed,
     * pre-touched heap so GC sizing does not move between runs; native access for the affinity calls; Unsafe memory
     * access allowed because Pekko and Scala use it (JDK 25 warns otherwise); jdk.internal.misc opened for Aeron and
     * Agrona (remote scenarios).
     */
    public static final List<String> FLAGS = List.of(
        "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch",
        "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
        "-Djava.awt.headless=true",
        "-Dslf4j.internal.verbosity=ERROR",
        "-D" + CHILD_PROPERTY + "=true");

    private ChildJvm()
    {
    }

    /**
     * @return true in the child, where the benchmark runs.
     */
    public static boolean isChild()
    {
        return Boolean.getBoolean(CHILD_PROPERTY);
    }

    /** {@return the command line of a child JVM that runs the harness with these arguments under this collector} */
    static List<String> command(final GcChoice gc, final String[] args)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FLAGS);
        command.add(gc.flag());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("io.hotpath.bench.Main");
        command.add("harness");
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Run {@code io.hotpath.bench.Main harness ARGS} in a child JVM sharing this one's terminal, and wait for it.
     *
     * @param gc   the child's collector.
     * @param args the harness's arguments.
     * @return the child's exit status.
     * @throws IOException when the child cannot start.
     */
    public static int run(final GcChoice gc, final String[] args) throws IOException
    {
        final Process child = new ProcessBuilder(command(gc, args)).inheritIO().start();
        final Thread reaper = new Thread(child::destroy, "hp-bench-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try
        {
            return child.waitFor();
        }
        catch (final InterruptedException ex)
        {
            child.destroy();
            Thread.currentThread().interrupt();
            return 1;
        }
        finally
        {
            try
            {
                Runtime.getRuntime().removeShutdownHook(reaper);
            }
            catch (final IllegalStateException ignored)
            {
                // already shutting down: the hook runs and stops the child
            }
        }
    }
}
