package io.hotpath.bench;

/** Entry point of the bench jar. */
public final class Main
{
    private Main()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int status = Subcommands.run(args);
        if (status >= 0)
        {
            System.exit(status);
        }
        System.out.println("hotpath bench");
        System.out.print(Subcommands.usage());
    }
}
