package io.hotpath.continuation;

import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;

/**
 * Direct calls into the JDK's continuations. Loaded only after {@link Continuations} has found the package
 * exported to this code, so a JVM without the flag never links it. Thread safe (stateless but for the scope).
 */
final class ContinuationAccess
{
    private static final ContinuationScope SCOPE = new ContinuationScope("hotpath");

    private ContinuationAccess()
    {
    }

    static Object create(final Runnable body)
    {
        return new EngineContinuation(body);
    }

    static Object currentBody()
    {
        return Continuation.getCurrentContinuation(SCOPE) instanceof EngineContinuation mounted ? mounted.body : null;
    }

    static boolean isDone(final Object continuation)
    {
        return ((Continuation)continuation).isDone();
    }

    static void run(final Object continuation)
    {
        ((Continuation)continuation).run();
    }

    static boolean yieldNow()
    {
        return Continuation.yield(SCOPE);
    }

    /**
     * A continuation of the engine's (a fiber's, or a worker's loop), which refuses to suspend a pinned method with
     * the engine's own, plain error.
     */
    private static final class EngineContinuation extends Continuation
    {
        final Runnable body;

        EngineContinuation(final Runnable body)
        {
            super(SCOPE, body);
            this.body = body;
        }

        @Override
        protected void onPinned(final Pinned reason)
        {
            throw new IllegalStateException(switch (reason)
            {
                case MONITOR -> "await while holding a monitor (inside a synchronized block or method): a " +
                    "suspended method must not hold a lock; await outside the synchronized block";
                case NATIVE -> "await under a native frame (called back from native code): the method cannot be " +
                    "suspended there; await before or after the native call";
                default -> "await inside a critical section the JDK pinned (" + reason + "): the method cannot " +
                    "be suspended there";
            });
        }
    }
}
