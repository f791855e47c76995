package io.hotpath.scheduling;

/**
 * The JDK's one-shot delimited continuations ({@code jdk.internal.vm.Continuation}, the mechanism under virtual
 * threads), used only when the JVM exports them to this code: with
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}. Without the flag they are unavailable,
 * {@link #reason()} says why, and {@link ContinuationAccess} is never linked; nothing else in the engine needs them.
 * Thread safe.
 */
final class Continuations
{
    static final String FLAG = "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED";

    private static final String REASON = Object.class.getModule().isExported("jdk.internal.vm",
        Continuations.class.getModule()) ? null : "await needs the JVM flag " + FLAG + " (the JDK's " +
        "continuations are not exported without it); add it to the java command, or use Reply callbacks instead";

    private Continuations()
    {
    }

    /**
     * @return true when continuations can be used.
     */
    static boolean available()
    {
        return REASON == null;
    }

    /**
     * @return why continuations cannot be used, naming the flag; null when they can.
     */
    static String reason()
    {
        return REASON;
    }

    static Object create(final Runnable body)
    {
        return ContinuationAccess.create(body);
    }

    /**
     * @return the body of the innermost continuation mounted on this thread, if it is one of the engine's; or null.
     */
    static Object currentBody()
    {
        return REASON == null ? ContinuationAccess.currentBody() : null;
    }

    /**
     * @return true when the continuation's body has ended.
     */
    static boolean isDone(final Object continuation)
    {
        return ContinuationAccess.isDone(continuation);
    }

    /** Run until the body ends or yields. */
    static void run(final Object continuation)
    {
        ContinuationAccess.run(continuation);
    }

    /** Suspend the running continuation; returns when it is run again. */
    static void yieldNow()
    {
        if (!ContinuationAccess.yieldNow())
        {
            throw new IllegalStateException("await could not suspend its method (the continuation is pinned)");
        }
    }
}
