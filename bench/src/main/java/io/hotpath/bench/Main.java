package io.hotpath.bench;

/** Entry point of the bench jar. */
public final class Main
{
    private Main()
    {
    }

    public static void main(final String[] args)
    {
        System.out.println("hotpath bench");
    }
}
