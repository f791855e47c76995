package io.hotpath.cluster;

/**
 * Checks the JVM flag that Aeron and Agrona need on JDK 25 before a member or a client touches them, so that a
 * missing flag is one clear message instead of an error from deep inside Agrona. Stateless.
 */
final class ClusterFlags
{
    /** The flag, as it goes on the java command. */
    static final String ADD_OPENS = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private ClusterFlags()
    {
    }

    /**
     * @param who what needs the flag, e.g. {@code a cluster member}.
     * @throws IllegalStateException naming the flag, when it is missing.
     */
    static void check(final String who)
    {
        if (!Object.class.getModule().isOpen("jdk.internal.misc", ClusterFlags.class.getModule()))
        {
            throw new IllegalStateException(who + " needs the JVM flag " + ADD_OPENS + " (Aeron and Agrona use " +
                "jdk.internal.misc.Unsafe for their buffers on JDK 25): add it to the java command, e.g. java " +
                ADD_OPENS + " -cp ... your.Main");
        }
    }
}
