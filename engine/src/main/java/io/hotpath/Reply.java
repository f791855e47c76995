package io.hotpath;

import io.hotpath.runtime.Exchange;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The single-assignment answer to an ask: completed once, with a value or with the exception the actor asked threw.
 * <p>
 * Who may call what: an asking actor adds callbacks from its own handler; they run on its worker, under its
 * exclusion (never on the replier's thread), in the order they were added. A thread outside the engine converts the
 * reply to a {@link CompletableFuture} or waits with {@link #get(Duration)}. The actor asked, or whoever it handed
 * the reply to, completes it with {@link #complete} or {@link #fail}; the first completion wins, a later one is
 * counted as a dead letter ({@link DeadLetterReason#LATE_REPLY}).
 * <p>
 * A reply may be reused for a later ask once its answer has arrived, so a steady request-reply loop allocates
 * nothing: pass it to {@link ActorRef#ask(Object, Reply)}, from the reply's own callback if need be. A reply whose
 * ask timed out is not reused: the actor asked may still hold it. Each ask is a round of its own: a completion or a
 * timer aimed at one round never decides another.
 *
 * @param <T> the type of the answer.
 */
public final class Reply<T>
{
    static
    {
        EngineAccess.install();
    }

    /** The engine's side: the question on its way, then the answer on its way back. */
    final Exchange<T> exchange = new Exchange<>(this);

    /**
     * A reply to pass to an ask, and to reuse for later ones.
     */
    public Reply()
    {
    }

    /**
     * Complete with a value. Any thread.
     *
     * @param value the answer; may be null.
     * @return false when the reply was completed already (a timeout won): the value is counted as a late reply.
     * @throws IllegalStateException when the reply has not been passed to an ask.
     */
    public boolean complete(final T value)
    {
        return exchange.tryComplete(value, null);
    }

    /**
     * Complete with a failure. Any thread.
     *
     * @param error not null; it is the exception the asker sees.
     * @return false when the reply was completed already.
     * @throws IllegalStateException when the reply has not been passed to an ask.
     */
    public boolean fail(final Throwable error)
    {
        return exchange.tryComplete(null, java.util.Objects.requireNonNull(error, "error"));
    }

    /**
     * Run a callback with the value or the exception once the answer arrives (at once if it has). Called by the
     * asking actor, the callback runs on its worker under its exclusion; called from outside the engine, it runs
     * on the common fork-join pool.
     *
     * @param callback gets (value, null) or (null, exception).
     * @return this.
     */
    public Reply<T> onComplete(final BiConsumer<? super T, ? super Throwable> callback)
    {
        java.util.Objects.requireNonNull(callback, "callback");
        checkAskersThread("onComplete");
        exchange.addCallback(callback);
        return this;
    }

    /**
     * Run a callback with the value once the answer arrives, if it is a success; on the thread
     * {@link #onComplete} says.
     *
     * @param callback gets the value, if the reply succeeds.
     * @return this.
     */
    public Reply<T> onSuccess(final Consumer<? super T> callback)
    {
        return onComplete((value, error) ->
        {
            if (error == null)
            {
                callback.accept(value);
            }
        });
    }

    /**
     * Run a callback with the exception once the answer arrives, if it is a failure; on the thread
     * {@link #onComplete} says.
     *
     * @param callback gets the exception, if the reply fails.
     * @return this.
     */
    public Reply<T> onFailure(final Consumer<? super Throwable> callback)
    {
        return onComplete((value, error) ->
        {
            if (error != null)
            {
                callback.accept(error);
            }
        });
    }

    /**
     * {@return true once the answer has arrived where the asker can see it}
     */
    public boolean isDone()
    {
        return exchange.isDelivered();
    }

    /**
     * {@return the value, once {@link #isDone()} and not failed; otherwise null} On the asker's thread.
     */
    public T value()
    {
        return exchange.isDelivered() ? exchange.value() : null;
    }

    /**
     * {@return the exception, once {@link #isDone()} and failed; otherwise null} On the asker's thread.
     */
    public Throwable error()
    {
        return exchange.isDelivered() ? exchange.error() : null;
    }

    /**
     * {@return a future completed with the answer; for an asking actor it completes on the actor's worker}
     */
    public CompletableFuture<T> toCompletableFuture()
    {
        return exchange.future();
    }

    /**
     * Wait for the answer, from a thread outside the engine (a worker must never block).
     *
     * @param timeout how long to wait.
     * @return the value.
     * @throws ReplyException       when the actor failed the reply; the cause is its exception.
     * @throws AskTimeoutException  when no answer came in time, or the ask's own timeout passed.
     * @throws IllegalStateException on one of the engine's workers.
     */
    public T get(final Duration timeout)
    {
        if (exchange.calledFromWorker())
        {
            throw new IllegalStateException("Reply.get blocks, and a worker must never block: inside an actor use " +
                "onComplete(...) callbacks");
        }
        try
        {
            return exchange.future().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
        catch (final ExecutionException ex)
        {
            if (ex.getCause() instanceof AskTimeoutException timeoutEx)
            {
                throw timeoutEx;
            }
            throw new ReplyException("ask to actor '" + exchange.targetName() + "' failed: " + ex.getCause(), ex.getCause());
        }
        catch (final TimeoutException ex)
        {
            throw new AskTimeoutException("no answer from actor '" + exchange.targetName() + "' within " +
                timeout.toMillis() + " ms");
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for actor '" + exchange.targetName() + "'", ex);
        }
    }

    private void checkAskersThread(final String what)
    {
        if (!exchange.onAskersThread())
        {
            throw new IllegalStateException(what + " must be called by the asking actor, on its own worker: " +
                "callbacks run under the asker's exclusion");
        }
    }

    @Override
    public String toString()
    {
        return "Reply[to " + exchange.targetName() + (exchange.isDelivered() ? (error() != null ? ", failed: " + error() :
            ", value: " + value()) : ", pending") + "]";
    }
}
