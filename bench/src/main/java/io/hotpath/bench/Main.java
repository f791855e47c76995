package io.hotpath.bench;

import io.hotpath.bench.harness.Harness;

import java.util.Arrays;

/**
 * Entry point of the bench jar: the first argument names a tool, anything else runs the latency harness.
 * Called once, from the main thread.
 */
public final class Main
{
    private Main()
    {
    }

    /**
     * @param args {@code [TOOL] [OPTIONS]}; without a tool name the latency harness runs with all arguments.
     */
    public static void main(final String[] args)
    {
        final String tool = args.length > 0 ? args[0] : "";
        final int status = switch (tool)
        {
            // further tools join here as cases, each taking the remaining arguments
            case "harness" -> Harness.main(Arrays.copyOfRange(args, 1, args.length));
            default -> Harness.main(args);
        };
        System.exit(status);
    }
}
