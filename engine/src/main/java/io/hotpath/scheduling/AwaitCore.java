package io.hotpath.scheduling;

import io.hotpath.ReplyException;

import java.util.concurrent.Callable;

/**
 * What {@link io.hotpath.Await} does, with access to fibers and replies. Internal; stateless.
 */
public final class AwaitCore
{
    private AwaitCore()
    {
    }

    /**
     * @param reply a reply asked by the calling actor.
     * @param <T>   the answer's type.
     * @return the value, once it has arrived.
     */
    public static <T> T await(final ReplyCore<T> reply)
    {
        final Fiber fiber = fiber("await");
        if (reply.takeIfKnown())
        {
            return outcome(reply);
        }
        if (!fiber.cell.reentrant && reply.target == fiber.cell && !reply.answered)
        {
            throw new IllegalStateException("actor '" + fiber.cell.name + "' awaits an ask to itself but is not " +
                "reentrant: the ask could only run after the await ends, so it never would; make the actor " +
                "reentrant, or do the work without asking itself");
        }
        if (reply.asker != fiber.cell)
        {
            throw new IllegalStateException("await in actor '" + fiber.cell.name + "' of a reply it did not ask " +
                "for: only the asking actor may await a reply");
        }
        fiber.suspendOn(reply);
        return outcome(reply);
    }

    /**
     * @param delayNs how long.
     */
    public static void sleep(final long delayNs)
    {
        final Fiber fiber = fiber("sleep");
        final io.hotpath.Reply<Object> wake = new io.hotpath.Reply<>();
        final ReplyCore<Object> core = wake;
        core.prepare(fiber.cell, fiber.cell, "sleep", 0, 0);
        core.questionTaken = true;
        final Worker worker = fiber.cell.worker;
        if (fiber.token != null)
        {
            core.token = fiber.token;
            fiber.token.register(core);
        }
        worker.timers.schedule(worker.core.clock.nanoTime() + delayNs, nowNs -> core.tryCompleteQuietly(null, null));
        fiber.suspendOn(core);
        outcome(core);
    }

    /**
     * @return the cancellation the calling method works under, made on first use.
     */
    public static io.hotpath.CancellationToken cancellation()
    {
        final Fiber fiber = fiber("cancellation");
        if (fiber.token == null)
        {
            fiber.token = new io.hotpath.CancellationToken();
        }
        return (io.hotpath.CancellationToken)fiber.token;
    }

    /**
     * Run code under another cancellation: the asks it makes carry that token.
     *
     * @param token the token.
     * @param body  the code.
     * @param <T>   its result's type.
     * @return its result.
     * @throws Exception what the body throws.
     */
    public static <T> T withToken(final CancellationCore token, final Callable<T> body) throws Exception
    {
        final Fiber fiber = fiber("withToken");
        final CancellationCore outer = fiber.token;
        fiber.token = token;
        try
        {
            return body.call();
        }
        finally
        {
            fiber.token = outer;
        }
    }

    /**
     * @param parent a token.
     * @param child  cancelled when the parent is.
     */
    public static void linkChild(final CancellationCore parent, final CancellationCore child)
    {
        parent.register(child);
    }

    /**
     * A reply the calling method completes itself (a task group's wake-up), delivered to its own actor.
     *
     * @param <T> its type.
     * @return the reply.
     */
    public static <T> io.hotpath.Reply<T> selfReply()
    {
        final Fiber fiber = fiber("selfReply");
        final io.hotpath.Reply<T> reply = new io.hotpath.Reply<>();
        final ReplyCore<T> core = reply;
        core.prepare(fiber.cell, fiber.cell, "wake", 0, 0);
        core.questionTaken = true;
        return reply;
    }

    /**
     * @param deadlineNs on the engine's clock.
     * @param body       the code every await of which must end by the deadline.
     * @param <T>        its result's type.
     * @return its result.
     * @throws Exception what the body throws, or {@link io.hotpath.AwaitTimeoutException} at a late await.
     */
    public static <T> T withDeadline(final long deadlineNs, final Callable<T> body) throws Exception
    {
        final Fiber fiber = fiber("withDeadline");
        final long outer = fiber.deadlineNs;
        fiber.deadlineNs = Math.min(outer, deadlineNs);
        try
        {
            return body.call();
        }
        finally
        {
            fiber.deadlineNs = outer;
        }
    }

    /**
     * @return the engine clock's now, for deadlines; on a sequential actor's method only.
     */
    public static long nowNs()
    {
        return fiber("nowNs").cell.worker.core.clock.nanoTime();
    }

    /**
     * @return null when await works in this JVM, otherwise why not (naming the flag).
     */
    public static String unavailableReason()
    {
        return Continuations.reason();
    }

    private static Fiber fiber(final String what)
    {
        if (!Continuations.available())
        {
            throw new UnsupportedOperationException(Continuations.reason());
        }
        final Fiber fiber = Fiber.current();
        if (fiber == null)
        {
            throw new IllegalStateException(what + "() suspends a sequential actor's method: call it inside the " +
                "handler of an actor spawned with .sequential(); outside the engine use Reply.get(timeout)");
        }
        return fiber;
    }

    @SuppressWarnings("unchecked")
    private static <T> T outcome(final ReplyCore<T> reply)
    {
        final Throwable error = reply.error;
        if (error == null)
        {
            return (T)reply.value;
        }
        if (error instanceof RuntimeException runtime)
        {
            throw runtime;
        }
        if (error instanceof Error fatal)
        {
            throw fatal;
        }
        throw new ReplyException("ask to actor '" + reply.targetName() + "' failed: " + error, error);
    }
}
