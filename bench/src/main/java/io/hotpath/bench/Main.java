package io.hotpath.bench;

import io.hotpath.bench.affinity.AffinityTool;

import java.util.Arrays;

/** Entry point of the bench jar. */
public final class Main
{
    private Main()
    {
    }

    public static void main(final String[] args)
    {
        if (args.length > 0 && args[0].equals("affinity"))
        {
            System.exit(AffinityTool.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        System.out.println("hotpath bench");
    }
}
