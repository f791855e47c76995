package io.hotpath.bench;

import io.hotpath.bench.affinity.AffinityTool;
import io.hotpath.bench.run.Harness;

import java.util.Arrays;

/**
 * Entry point of the bench jar: the first argument names a tool ({@code affinity}, {@code jmh}, {@code savina},
 * {@code harness}); anything else runs the latency harness with all arguments. Called once, from the main thread.
 */
public final class Main
{
    private Main()
    {
    }

    /**
     * @param args {@code [TOOL] [OPTIONS]}; without a tool name the latency harness runs with all arguments.
     * @throws Exception what a tool throws.
     */
    public static void main(final String[] args) throws Exception
    {
        final int subcommand = Subcommands.run(args);
        if (subcommand >= 0)
        {
            System.exit(subcommand);
        }
        final String tool = args.length > 0 ? args[0] : "";
        final String[] rest = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
        final int status = switch (tool)
        {
            case "harness" -> Harness.main(rest);
            case "affinity" -> AffinityTool.run(rest, System.out, System.err);
            default -> Harness.main(args);
        };
        System.exit(status);
    }
}
