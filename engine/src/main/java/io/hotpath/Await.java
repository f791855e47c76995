package io.hotpath;

import io.hotpath.runtime.Awaits;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Sequential actor code: inside the handler of an actor spawned with {@link ActorBuilder#sequential()}, code reads
 * top to bottom over asynchronous replies.
 * <pre>{@code
 * import static io.hotpath.Await.await;
 *
 * long left = await(from.ask(a -> a.withdraw(amount)));   // suspends; the actor is free meanwhile
 * await(to.ask(a -> a.deposit(amount)));
 * }</pre>
 * An await of a reply whose answer is known (it arrived, or it was decided within this actor's own turn by an actor
 * handed the question directly) returns at once. An await of an answer from another worker first spins briefly
 * while the worker has nothing else to do ({@link EngineConfig#AWAIT_SPIN_NS}). Otherwise it suspends the method on
 * a JDK continuation, releases the actor (its other messages may run, unless it is not reentrant), and resumes the
 * method on the same worker when the answer comes; a failed reply throws its exception at the await. A method begun
 * by a worker thread's loop runs on the loop's own stack and costs no switch of stacks unless it suspends
 * ({@link EngineConfig#AWAIT_ON_LOOP_STACK}); any other mounts its actor's continuation for the message. Needs the JVM
 * flag {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}; without it every method here throws an
 * {@link UnsupportedOperationException} naming the flag, and the rest of the engine works as before. A method must
 * not await while holding a monitor ({@code synchronized}): a suspension the check catches fails with a clear error
 * instead of hanging (see {@link MonitorCheck} for which suspensions are checked).
 * Thread safety: call these only on a sequential actor's worker, from its own methods.
 */
public final class Await
{
    private Await()
    {
    }

    /**
     * Suspend this method until the reply has its answer, and return it; the actor is free meanwhile (unless it is
     * not reentrant), and the method resumes on this worker. An answer already there is returned at once.
     *
     * @param reply a reply this actor asked for.
     * @param <T>   the answer's type.
     * @return the answer.
     * @throws RuntimeException the exception the actor asked threw (a checked one wrapped in
     *                          {@link ReplyException}), or {@link AwaitTimeoutException} past a deadline.
     */
    public static <T> T await(final Reply<T> reply)
    {
        return Awaits.await(java.util.Objects.requireNonNull(reply, "reply to await is null").exchange);
    }

    /**
     * Suspend this method for a while, on the worker's timer wheel; the actor is free meanwhile.
     *
     * @param duration how long.
     */
    public static void sleep(final Duration duration)
    {
        Awaits.sleep(duration);
    }

    /**
     * Run code whose every await must end within the timeout.
     *
     * @param timeout from now.
     * @param body    the code.
     * @param <T>     its result's type.
     * @return its result.
     * @throws Exception what the body throws, or {@link AwaitTimeoutException} at an await that was too late.
     */
    public static <T> T withTimeout(final Duration timeout, final Callable<T> body) throws Exception
    {
        return Awaits.withTimeout(timeout, body);
    }

    /**
     * Run code whose every await must end by the deadline.
     *
     * @param deadlineNs on the engine's clock ({@code System.nanoTime()} unless configured otherwise).
     * @param body       the code.
     * @param <T>        its result's type.
     * @return its result.
     * @throws Exception what the body throws, or {@link AwaitTimeoutException} at an await that was too late.
     */
    public static <T> T withDeadline(final long deadlineNs, final Callable<T> body) throws Exception
    {
        return Awaits.withDeadline(deadlineNs, body);
    }

    /**
     * {@return the cancellation this method works under (the one its ask carried, or a new one): check it to stop
     * early; cancel it to fail the replies this method is waiting for}
     */
    public static CancellationToken cancellation()
    {
        return Awaits.cancellation();
    }

    /**
     * Run code under a given cancellation: the asks it makes carry that token to their targets.
     *
     * @param token the token, e.g. {@code cancellation().newChild()}.
     * @param body  the code.
     * @param <T>   its result's type.
     * @return its result.
     * @throws Exception what the body throws.
     */
    public static <T> T withCancellation(final CancellationToken token, final Callable<T> body) throws Exception
    {
        return Awaits.withToken(java.util.Objects.requireNonNull(token, "token").cancellation, body);
    }

    /**
     * {@return true when this JVM can run sequential actors (the flag is present)}
     */
    public static boolean isAvailable()
    {
        return Awaits.unavailableReason() == null;
    }
}
