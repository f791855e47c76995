package io.hotpath.remote;

import org.agrona.DirectBuffer;

/**
 * Checks the JVM flag that Agrona (under Aeron) needs on JDK 25 before a node touches either, so that a missing flag
 * is one clear message instead of an error from deep inside Agrona. Stateless.
 */
final class RemoteFlags
{
    /**
     * Agrona's module, the one that reaches {@code jdk.internal.misc.Unsafe}: {@code org.agrona} on the module path,
     * an unnamed module on the class path. Naming an interface loads nothing of Agrona's that touches the package.
     */
    private static final Module AGRONA = DirectBuffer.class.getModule();

    /** The flag, as it goes on the java command for the way Agrona was loaded: class path or module path. */
    static final String ADD_OPENS = "--add-opens java.base/jdk.internal.misc=" +
        (AGRONA.isNamed() ? AGRONA.getName() : "ALL-UNNAMED");

    private RemoteFlags()
    {
    }

    /**
     * @throws IllegalStateException naming the flag, when it is missing.
     */
    static void check()
    {
        if (!Object.class.getModule().isOpen("jdk.internal.misc", AGRONA))
        {
            throw new IllegalStateException("remote actors need the JVM flag " + ADD_OPENS + " (Agrona, under " +
                "Aeron, uses jdk.internal.misc.Unsafe for its buffers on JDK 25): add it to the java command, e.g. " +
                "java " + ADD_OPENS + (AGRONA.isNamed() ? " --module-path ... -m your.module/your.Main" :
                " -cp ... your.Main"));
        }
    }
}
