package io.hotpath.scheduling;

import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.timers.TimerTask;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The engine's side of a {@link io.hotpath.Reply}: the question on its way to the actor asked, then the answer on
 * its way back. Internal; see {@link io.hotpath.Reply} for who may call what.
 * <p>
 * Completion is decided once, by a CAS on {@code state} (the replier and a timeout may race). The winner writes the
 * outcome with plain stores and then hands the reply over: to an asking actor through its worker's delivery path
 * (inbound queue or mailbox, whose publication orders the outcome before the asker reads it), or to a thread
 * outside the engine through a {@link CompletableFuture}. Callbacks belong to the asking actor's thread.
 *
 * @param <T> the type of the answer.
 */
public abstract class ReplyCore<T> extends EngineMessage implements TimerTask
{
    static final int PENDING = 0;
    static final int DONE = 1;
    private static final VarHandle STATE;

    static
    {
        try
        {
            STATE = MethodHandles.lookup().findVarHandle(ReplyCore.class, "state", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private int state;
    /** True once the answer is on its way back, so the asker tells it from a question. */
    boolean answered;
    /** A watch: completed with the watched actor's address once it has stopped. */
    boolean watch;
    Object request;
    ActorCell<?> target;
    /** The asking actor, or null when a thread outside any actor asked. */
    ActorCell<?> asker;
    CompletableFuture<T> future;
    Object value;
    Throwable error;
    /** Asker's thread: the answer has been handed to the callbacks. */
    boolean delivered;
    private BiConsumer<? super T, ? super Throwable>[] callbacks;
    private int callbackCount;
    long timeoutNs;
    long askedAtNs;
    long timerId = -1;
    Worker timerWorker;
    /** The cancellation the ask was made under (a fiber's), carried to the callee; null for none. */
    CancellationCore token;

    /**
     * Make the reply ready for a new question; the previous round must be over.
     */
    final void prepare(final ActorCell<?> target, final ActorCell<?> asker, final Object request,
        final long timeoutNs, final long nowNs)
    {
        if (this.target != null && !(this.asker == null ? future.isDone() : delivered))
        {
            throw new IllegalStateException("this reply is still in use by an earlier ask; reuse a reply only " +
                "after its answer has arrived");
        }
        STATE.setRelease(this, PENDING);
        this.answered = false;
        this.watch = false;
        this.request = request;
        this.target = target;
        this.asker = asker;
        this.future = asker == null ? new CompletableFuture<>() : null;
        this.value = null;
        this.error = null;
        this.delivered = false;
        this.callbackCount = 0;
        this.timeoutNs = timeoutNs;
        this.askedAtNs = nowNs;
        this.timerId = -1;
        this.timerWorker = null;
        this.token = null;
    }

    /**
     * Decide the outcome once and hand it over. Any thread.
     *
     * @return false when the reply had been completed already; the late outcome is counted as a dead letter.
     */
    protected final boolean tryComplete(final Object value, final Throwable error)
    {
        return complete(value, error, true);
    }

    private boolean complete(final Object value, final Throwable error, final boolean countLate)
    {
        if (!STATE.compareAndSet(this, PENDING, DONE))
        {
            if (countLate && target != null)
            {
                target.worker.core.deadLetters.record(target, error == null ? value : error,
                    DeadLetterReason.LATE_REPLY);
            }
            return false;
        }
        this.value = value;
        this.error = error;
        this.answered = true;
        if (token != null)
        {
            token.unregister(this);
        }
        cancelTimerIfOwned();
        final ActorCell<?> asker = this.asker;
        if (asker != null)
        {
            asker.worker.sendEngineMessage(asker, this);
        }
        else
        {
            completeFuture();
        }
        return true;
    }

    /** Complete unless completed already, without counting a late outcome: for cancellation. */
    final void tryCompleteQuietly(final Object value, final Throwable error)
    {
        complete(value, error, false);
    }

    @SuppressWarnings("unchecked")
    private void completeFuture()
    {
        if (error != null)
        {
            future.completeExceptionally(error);
        }
        else
        {
            future.complete((T)value);
        }
    }

    @Override
    final boolean isControl()
    {
        // a watch acts on arrival; so does an answer to an actor that waits for it with its mailbox held
        return watch ? !answered : answered && asker != null && asker.exclusiveFiber != null;
    }

    @Override
    final void onArrival(final Worker worker, final ActorCell<?> target)
    {
        if (answered)
        {
            worker.runTurn(target, this);
        }
        else
        {
            target.addWatcher(this);
        }
    }

    @Override
    final void onTurn(final ActorCell<?> cell)
    {
        cell.onExchange(this);
    }

    /** The timer of an ask with a timeout: fail it, naming the actor and the time. */
    @Override
    public final void onExpiry(final long nowNs)
    {
        timerId = -1;
        tryComplete(null, new AskTimeoutException("ask to actor '" + target.name + "' got no reply within " +
            TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms (" + timeoutNs + " ns)"));
    }

    private void cancelTimerIfOwned()
    {
        final Worker worker = timerWorker;
        if (timerId >= 0 && worker != null && Thread.currentThread() == worker.owner)
        {
            worker.timers.cancel(timerId);
            timerId = -1;
        }
    }

    /** The answer reached the asking actor, under its exclusion: run the callbacks in the order they were added. */
    @SuppressWarnings("unchecked")
    final void onAnswerDelivered()
    {
        cancelTimerIfOwned();
        delivered = true;
        for (int i = 0; i < callbackCount; i++)
        {
            final BiConsumer<? super T, ? super Throwable> callback = callbacks[i];
            callbacks[i] = null;
            runCallback(callback);
        }
        callbackCount = 0;
        if (future != null)
        {
            completeFuture();
        }
    }

    /**
     * Add a callback; runs it at once when the answer has been delivered already. Asker's thread only.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected final void addCallback(final BiConsumer<? super T, ? super Throwable> callback)
    {
        if (asker == null)
        {
            future.whenCompleteAsync(callback);
            return;
        }
        if (delivered)
        {
            runCallback(callback);
            return;
        }
        if (callbacks == null)
        {
            callbacks = new BiConsumer[2];
        }
        else if (callbackCount == callbacks.length)
        {
            callbacks = java.util.Arrays.copyOf(callbacks, callbackCount * 2);
        }
        callbacks[callbackCount++] = callback;
    }

    @SuppressWarnings("unchecked")
    private void runCallback(final BiConsumer<? super T, ? super Throwable> callback)
    {
        try
        {
            callback.accept((T)value, error);
        }
        catch (final Throwable ex)
        {
            Supervisor.onFault(asker, this, ex);
        }
    }

    /**
     * @return true once the outcome is known to the asker.
     */
    protected final boolean isDelivered()
    {
        return asker == null ? future != null && future.isDone() : delivered;
    }

    /**
     * @return the calling thread is the asking actor's worker, or the reply has no asking actor.
     */
    protected final boolean onAskersThread()
    {
        return asker == null || Thread.currentThread() == asker.worker.owner;
    }

    /**
     * @return the value of the outcome (asker's side, once delivered).
     */
    @SuppressWarnings("unchecked")
    protected final T outcomeValue()
    {
        return (T)value;
    }

    /**
     * @return the exception of the outcome (asker's side, once delivered).
     */
    protected final Throwable outcomeError()
    {
        return error;
    }

    /**
     * @return true on one of the engine's workers, where blocking is not allowed.
     */
    protected final boolean calledFromWorker()
    {
        return asker != null || target != null && target.worker.core.isWorkerThread(Thread.currentThread());
    }

    /**
     * @return the name of the actor asked, for messages.
     */
    protected final String targetName()
    {
        return target == null ? "(none)" : target.name;
    }

    /**
     * @return the future of an outside asker, made on demand for an asking actor.
     */
    protected final CompletableFuture<T> future()
    {
        if (future == null)
        {
            future = new CompletableFuture<>();
            if (delivered)
            {
                completeFuture();
            }
        }
        return future;
    }
}
