package io.hotpath.bench;

import io.hotpath.bench.savina.SavinaMain;

import java.util.Arrays;

/**
 * The subcommands of the bench jar that live outside the latency harness: {@code jmh} and {@code savina}.
 * Stateless and thread safe.
 */
public final class Subcommands
{
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
        if (args.length == 0)
        {
            return -1;
        }
        final String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0])
        {
            case "jmh" ->
            {
                // JMH's Main exits the JVM itself with its own status
                org.openjdk.jmh.Main.main(rest);
                return 0;
            }
            case "savina" ->
            {
                return SavinaMain.run(rest);
            }
            default ->
            {
                return -1;
            }
        }
    }

    /**
     * @return one line per subcommand, for the jar's usage text.
     */
    public static String usage()
    {
        return "  jmh [JMH args]        JMH benchmarks of per-message cost (e.g. jmh -prof gc 'io.hotpath.bench.jmh.*')\n" +
            "  savina [--help]       Savina actor micro-benchmarks on Hotpath and Pekko, side by side\n";
    }
}
