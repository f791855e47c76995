package io.hotpath.runtime;

import io.hotpath.ReplyException;
import io.hotpath.continuation.Continuations;

import java.util.concurrent.Callable;

/**
 * What {@link io.hotpath.Await} and {@link io.hotpath.TaskGroup} do, with access to fibers and exchanges: the API's
 * one entry to the await machinery. Stateless; every method runs in a sequential actor's method, on its worker.
 */
public final class Awaits
{
    private Awaits()
    {
    }

    /**
     * @param reply a reply asked by the calling actor.
     * @param <T>   the answer's type.
     * @return the value, once it has arrived.
     */
    public static <T> T await(final Exchange<T> reply)
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
     * @param delay how long; zero or more.
     */
    public static void sleep(final java.time.Duration delay)
    {
        final long delayNs = Deadlines.delayNs(delay, "sleep duration");
        final Fiber fiber = fiber("sleep");
        final Exchange<Object> wake = newSelfExchange(fiber, "sleep");
        final Worker worker = fiber.cell.worker;
        if (fiber.token != null)
        {
            wake.token = fiber.token;
            fiber.token.register(wake);
        }
        if (Deadlines.ends(delayNs))
        {
            worker.timers.schedule(worker.runtime.clock.nanoTime() + delayNs,
                nowNs -> wake.tryCompleteQuietly(null, null));
        }
        fiber.suspendOn(wake);
        outcome(wake);
    }

    /**
     * @return the cancellation the calling method works under, made on first use.
     */
    public static io.hotpath.CancellationToken cancellation()
    {
        final Fiber fiber = fiber("cancellation");
        if (fiber.token == null)
        {
            fiber.token = ApiAccess.cancellation(new io.hotpath.CancellationToken());
        }
        return fiber.token.token;
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
    public static <T> T withToken(final Cancellation token, final Callable<T> body) throws Exception
    {
        final Fiber fiber = fiber("withToken");
        final Cancellation outer = fiber.token;
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
     * A reply the calling method completes itself (a task group's wake-up), delivered to its own actor.
     *
     * @param <T> its type.
     * @return the reply.
     */
    public static <T> io.hotpath.Reply<T> selfReply()
    {
        return Awaits.<T>newSelfExchange(fiber("selfReply"), "wake").reply;
    }

    /**
     * @param timeout how long every await of the body may wait in all; positive.
     * @param body    the code.
     * @param <T>     its result's type.
     * @return its result.
     * @throws Exception what the body throws, or {@link io.hotpath.AwaitTimeoutException} at a late await.
     */
    public static <T> T withTimeout(final java.time.Duration timeout, final Callable<T> body) throws Exception
    {
        final long timeoutNs = Deadlines.nanos(timeout, "timeout");
        if (timeoutNs <= 0)
        {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        final long nowNs = nowNs();
        return withDeadline(Deadlines.ends(timeoutNs) ? nowNs + timeoutNs : Fiber.NO_DEADLINE, body);
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
        return fiber("nowNs").cell.worker.runtime.clock.nanoTime();
    }

    /**
     * @return null when await works in this JVM, otherwise why not (naming the flag).
     */
    public static String unavailableReason()
    {
        return Continuations.reason();
    }

    /** An exchange the calling method completes itself, answered to its own actor. */
    private static <T> Exchange<T> newSelfExchange(final Fiber fiber, final String what)
    {
        final Exchange<T> exchange = ApiAccess.exchange(new io.hotpath.Reply<T>());
        exchange.prepare(fiber.cell.worker.runtime, null, fiber.cell.address, fiber.cell, what, 0, 0);
        return exchange;
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
    private static <T> T outcome(final Exchange<T> reply)
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
