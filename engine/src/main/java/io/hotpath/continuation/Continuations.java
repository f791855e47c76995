package io.hotpath.continuation;

/**
 * The engine's entry to the JDK's continuations, usable only when the JVM exports {@code jdk.internal.vm} to the
 * engine (see the package documentation for the flag). Without the flag {@link #available()} is false,
 * {@link #reason()} names the flag, and {@link ContinuationAccess} is never linked. Thread safe; each continuation
 * belongs to the thread that runs it.
 */
public final class Continuations
{
    private static final Module ENGINE = Continuations.class.getModule();
    /** The flag as it must be written for the way the engine was loaded: class path or module path. */
    public static final String FLAG = "--add-exports java.base/jdk.internal.vm=" +
        (ENGINE.isNamed() ? ENGINE.getName() : "ALL-UNNAMED");

    private static final String REASON = Object.class.getModule().isExported("jdk.internal.vm", ENGINE) ? null :
        "await needs the JVM flag " + FLAG + " (the JDK's continuations are not exported without it); add it to " +
        "the java command, or use Reply callbacks instead";

    private Continuations()
    {
    }

    /**
     * @return true when continuations can be used.
     */
    public static boolean available()
    {
        return REASON == null;
    }

    /**
     * @return why continuations cannot be used, naming the flag; null when they can.
     */
    public static String reason()
    {
        return REASON;
    }

    /**
     * @param body what the continuation runs.
     * @return a new continuation, not started.
     */
    public static Object create(final Runnable body)
    {
        return ContinuationAccess.create(body);
    }

    /**
     * @return the body of the innermost continuation mounted on this thread, if it is one of the engine's; or null.
     */
    public static Object currentBody()
    {
        return REASON == null ? ContinuationAccess.currentBody() : null;
    }

    /**
     * @param continuation one made by {@link #create}.
     * @return true when its body has ended.
     */
    public static boolean isDone(final Object continuation)
    {
        return ContinuationAccess.isDone(continuation);
    }

    /**
     * Run until the body ends or yields.
     *
     * @param continuation one made by {@link #create}.
     */
    public static void run(final Object continuation)
    {
        ContinuationAccess.run(continuation);
    }

    /**
     * Suspend the running continuation; returns when it is run again.
     *
     * @throws IllegalStateException when it cannot suspend (it is pinned: a monitor, a native frame).
     */
    public static void yieldNow()
    {
        if (!ContinuationAccess.yieldNow())
        {
            throw new IllegalStateException("await could not suspend its method (the continuation is pinned)");
        }
    }
}
