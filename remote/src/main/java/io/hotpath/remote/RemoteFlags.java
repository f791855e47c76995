package io.hotpath.remote;

/**
 * Checks the JVM flag that Aeron and Agrona need on JDK 25 before a node touches them, so that a missing flag is
 * one clear message instead of an error from deep inside Agrona. Stateless.
 */
final class RemoteFlags
{
    /** The flag, as it goes on the java command. */
    static final String ADD_OPENS = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private RemoteFlags()
    {
    }

    /**
     * @throws IllegalStateException naming the flag, when it is missing.
     */
    static void check()
    {
        if (!Object.class.getModule().isOpen("jdk.internal.misc", RemoteFlags.class.getModule()))
        {
            throw new IllegalStateException("remote actors need the JVM flag " + ADD_OPENS + " (Aeron and Agrona " +
                "use jdk.internal.misc.Unsafe for their buffers on JDK 25): add it to the java command, e.g. " +
                "java " + ADD_OPENS + " -cp ... your.Main");
        }
    }
}
