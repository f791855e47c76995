package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.Reply;
import io.hotpath.timers.TimerTask;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/*
 * Longer than 450 lines for a reason: one object travels twice (the question to the actor asked, then the answer back
 * to the asker), and the completion protocol (each round decided by one CAS), the question's turn and the answer's
 * delivery read and write the same fields in a fixed order; split in two, each half would write the other's state.
 */

/**
 * The engine's side of a {@link Reply}: the question on its way to the actor asked, then the answer on its way
 * back. One per reply, made with it, reused with it. Its public methods are what {@link Reply} offers and carry the
 * same rules: completion from any thread, callbacks and values on the asker's side only.
 * <p>
 * Completion is decided once per ask, by a CAS on {@code state}. The word holds the round (one per ask the reply
 * has served) above the DONE bit, so a completion aimed at one round can never decide a later one: a timer left
 * behind by an earlier ask of a reused reply fails its CAS. The winner writes the outcome with plain stores and then
 * hands the exchange over: to an asking actor through its worker's delivery path (inbound queue or mailbox, whose
 * publication orders the outcome before the asker reads it), or to a thread outside the engine through a
 * {@link CompletableFuture} (its completion is a release the asker's read of the future acquires).
 * <p>
 * The question and the answer are one object travelling twice, and a timeout may send the answer back while the
 * question is still on its way: so the target tells a question from an answer by {@code questionTaken}, which only
 * the target's worker writes, never by {@code answered}, which the winner writes on its own thread.
 *
 * @param <T> the type of the answer.
 */
public final class Exchange<T> extends EngineMessage implements TimerTask
{
    /** The low bit of {@code state}: the outcome of the current round is decided. */
    private static final int DONE = 1;
    private static final VarHandle STATE;
    private static final VarHandle CANCELLED_ROUND;

    static
    {
        try
        {
            STATE = MethodHandles.lookup().findVarHandle(Exchange.class, "state", int.class);
            CANCELLED_ROUND = MethodHandles.lookup().findVarHandle(Exchange.class, "cancelledRound", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The reply this exchange serves; set once. */
    final Reply<T> reply;
    /** The round in bits 1 to 31, DONE in bit 0. Changed by CAS (completion) and by a release store (prepare). */
    private int state;
    /** True once the outcome is decided; a watch is a control message only until then. */
    boolean answered;
    /** Target's worker only: the target has taken the question, so what arrives next is the answer. */
    boolean questionTaken;
    /** The timeout won: the actor asked may still hold the question, so the reply must not serve another ask. */
    private boolean expired;
    /**
     * The round its caller cancelled (a release store before the cancel's CAS on the state, read after a late
     * answer's acquire of the state): that answer is a CANCELLED_BY_CALLER dead letter; -1 (never a round) for none.
     */
    private int cancelledRound = -1;
    /** A watch: completed with the watched actor's address once it has stopped. */
    boolean watch;
    Object request;
    /** The actor asked on this engine, or null when the answer comes from elsewhere (a remote node, a callback). */
    ActorCell<?> target;
    /** Who is asked: the target's address, or the address of what answers from elsewhere. */
    private ActorRef<?> targetRef;
    /** The asking actor, or null when a thread outside any actor asked. */
    ActorCell<?> asker;
    /** The engine the round belongs to: where a late answer is counted. */
    private EngineRuntime runtime;
    private CompletableFuture<T> future;
    Object value;
    Throwable error;
    /** Asker's thread: the answer has been handed to the callbacks. */
    private boolean delivered;
    /** Asker's thread: the answer was decided within the asker's turn and kept there, not sent (no one waited). */
    private boolean settledInTurn;
    private final Callbacks<T> callbacks = new Callbacks<>();
    long timeoutNs;
    long askedAtNs;
    long timerId = -1;
    private Worker timerWorker;
    /** The cancellation the ask was made under (a fiber's), carried to the callee; null for none. */
    Cancellation token;
    /**
     * The pending {@code state} of the round the timer was set for. Written and read only by the timer's worker: an
     * ask with a timeout always takes a fresh reply, so a reply carries at most one timer, set in its first round.
     */
    private int timedState;

    /**
     * Made by its {@link Reply}, once.
     *
     * @param reply the reply it serves.
     */
    public Exchange(final Reply<T> reply)
    {
        this.reply = reply;
    }

    /**
     * Make the exchange ready for a new question; the previous round must be over.
     *
     * @param target    the actor asked, or null when the answer will come from elsewhere.
     * @param targetRef who is asked (the target's address), for messages and dead letters.
     * @param asker   the asking actor, or null for a thread outside any actor.
     * @param request what is asked.
     */
    void prepare(final EngineRuntime runtime, final ActorCell<?> target, final ActorRef<?> targetRef,
        final ActorCell<?> asker,
        final Object request, final long timeoutNs, final long nowNs)
    {
        if (this.runtime != null && !isDelivered())
        {
            throw new IllegalStateException("this reply is still in use by an earlier ask; reuse a reply only " +
                "after its answer has arrived");
        }
        if (expired)
        {
            throw new IllegalStateException("this reply's ask timed out, and the actor asked may still hold it " +
                "and complete it; take a new reply for the next ask");
        }
        this.runtime = runtime;
        this.answered = false;
        this.questionTaken = target == null;
        this.watch = false;
        this.request = request;
        this.target = target;
        this.targetRef = targetRef;
        this.asker = asker;
        this.future = asker == null ? new CompletableFuture<>() : null;
        this.value = null;
        this.error = null;
        this.delivered = false;
        this.settledInTurn = false;
        this.callbacks.clear();
        this.timeoutNs = timeoutNs;
        this.askedAtNs = nowNs;
        this.timerId = -1;
        this.timerWorker = null;
        this.token = null;
        // the next round, pending; a fresh exchange (round 0, pending) goes to round 1
        STATE.setRelease(this, ((int)STATE.getOpaque(this) | DONE) + 1);
    }

    /** Set the timeout of this ask on the calling worker's timer wheel. The calling worker's thread only. */
    void armTimer(final Worker here, final long deadlineNs)
    {
        timedState = (int)STATE.getOpaque(this);
        timerWorker = here;
        timerId = here.timers.schedule(deadlineNs, this);
    }

    /**
     * Decide the outcome of the current round once and hand it over. Any thread.
     *
     * @param value the answer, when error is null.
     * @param error the failure, or null.
     * @return false when the round had been decided already; the late outcome is counted as a dead letter.
     */
    public boolean tryComplete(final Object value, final Throwable error)
    {
        return complete(value, error, true);
    }

    /**
     * The caller cancelled the ask: fail it with {@code error} unless it was decided already; an answer that comes
     * afterwards is a CANCELLED_BY_CALLER dead letter, not a LATE_REPLY. Any thread.
     */
    void cancelByCaller(final Throwable error)
    {
        final int pending = (int)STATE.getAcquire(this);
        if ((pending & DONE) == 0)
        {
            CANCELLED_ROUND.setRelease(this, pending);
        }
        complete(null, error, false);
    }

    /** Complete unless completed already, without counting a late outcome: for cancellation and failed delivery. */
    void tryCompleteQuietly(final Object value, final Throwable error)
    {
        complete(value, error, false);
    }

    private boolean complete(final Object value, final Throwable error, final boolean countLate)
    {
        final EngineRuntime runtime = this.runtime;
        if (runtime == null)
        {
            throw new IllegalStateException("this reply has not been asked yet: only a reply passed to an ask can " +
                "be completed");
        }
        final int pending = (int)STATE.getAcquire(this);
        if ((pending & DONE) != 0 || !STATE.compareAndSet(this, pending, pending | DONE))
        {
            if (countLate)
            {
                runtime.deadLetters.record(targetRef, error == null ? value : error,
                    (pending & ~DONE) == (int)CANCELLED_ROUND.getAcquire(this) ?
                        DeadLetterReason.CANCELLED_BY_CALLER : DeadLetterReason.LATE_REPLY);
            }
            return false;
        }
        handOver(value, error);
        return true;
    }

    /** The winner of the round: write the outcome, then publish it to the asker. */
    private void handOver(final Object value, final Throwable error)
    {
        this.value = value;
        this.error = error;
        this.answered = true;
        if (token != null)
        {
            token.unregister(this);
        }
        cancelTimerIfOwned();
        final ActorCell<?> asker = this.asker;
        if (asker == null)
        {
            completeFuture();
        }
        else if (answeredInAskersTurn(asker))
        {
            settledInTurn = true;
        }
        else
        {
            Sends.sendEngineMessage(asker, this);
        }
    }

    /**
     * True when the answer can stay where it was decided: on the asker's thread, within the asker's running turn
     * (the actor asked was handed the question directly and answered at once), with no callback and no future
     * waiting for it. The answer is then known at once, so an await of it returns without suspending; it travels
     * to the asker as a message only if a callback or a future is added later, so callbacks still run in a later
     * turn, never inside the call that adds them.
     */
    private boolean answeredInAskersTurn(final ActorCell<?> asker)
    {
        return callbacks.isEmpty() && future == null && !watch && asker.isRunning() &&
            Thread.currentThread() == asker.worker.owner;
    }

    private void completeFuture()
    {
        complete(future, value(), error);
    }

    private static <T> void complete(final CompletableFuture<T> future, final T value, final Throwable error)
    {
        if (error != null)
        {
            future.completeExceptionally(error);
        }
        else
        {
            future.complete(value);
        }
    }

    @Override
    boolean isControl()
    {
        // a watch acts on arrival; so does an answer to an actor that waits for it with its mailbox held
        return watch ? !answered : answered && asker != null && asker.exclusiveFiber != null;
    }

    @Override
    void onArrival(final Worker worker, final ActorCell<?> cell)
    {
        if (answered)
        {
            worker.turns.runOutOfOrder(cell, this);
        }
        else
        {
            questionTaken = true;
            Supervisor.addWatcher(cell, this);
        }
    }

    /**
     * The target's turn: a question for it, or the answer to one it asked. Told apart by who the actor is to the
     * exchange, not by {@code answered}: an asking actor's timeout may have decided the outcome while the question is
     * still queued here, and the question is still this actor's to handle (its answer is then a late reply).
     */
    @Override
    void onTurn(final ActorCell<?> cell)
    {
        if (target != cell || questionTaken)
        {
            onAnswerDelivered();
            return;
        }
        questionTaken = true;
        if (asker == null && timeoutNs > 0 && timerId < 0)
        {
            armTimer(cell.worker, askedAtNs + timeoutNs);
        }
        final Object question = request;
        request = null;
        if (cell.sequential)
        {
            Fiber.start(cell, question, this);
            return;
        }
        cell.context.currentAsk = this;
        UserCode.handle(cell, question, this, null);
    }

    @Override
    void onUndelivered(final ActorCell<?> cell, final DeadLetterReason reason)
    {
        if (watch && target == cell && !questionTaken)
        {
            // a watch that could not reach its actor: the actor is gone, or the engine has closed
            questionTaken = true;
            tryCompleteQuietly(reason == DeadLetterReason.ENGINE_CLOSED || reason == DeadLetterReason.CLOSE_TIMEOUT ?
                new io.hotpath.Terminated(cell.address, io.hotpath.Terminated.Reason.ENGINE_CLOSED, null) :
                Supervisor.terminated(cell), null);
            return;
        }
        if (target == cell && !questionTaken)
        {
            // an undelivered question: its asker hears at once instead of waiting out a timeout. It counts as taken,
            // so that the failure, travelling back to an asker that is the target itself, is read as the answer
            questionTaken = true;
            tryCompleteQuietly(null, new io.hotpath.UndeliveredException("ask to actor '" + cell.name +
                "' was not delivered: " + reason, reason));
        }
    }

    @Override
    Object toDeadLetter()
    {
        return reply;
    }

    /**
     * The timer of an ask with a timeout: fail the round it was set for, naming the actor and the time. A timer
     * that lost (the answer came first, perhaps from a thread that could not cancel it) is no dead letter: nobody
     * answered late, and a later ask of the reused reply is not its business.
     */
    @Override
    public void onExpiry(final long nowNs)
    {
        timerId = -1;
        expire(timedState);
    }

    /** @return the pending round now, for a timeout measured off the engine ({@link #expire}). */
    int armedRound()
    {
        return (int)STATE.getOpaque(this);
    }

    /** @return true while the round {@code pending} is undecided. Any thread. */
    boolean isPending(final int pending)
    {
        return (int)STATE.getAcquire(this) == pending;
    }

    /** Fail the round {@code pending}, unless it was decided already (or a later round began). Any thread. */
    void failRound(final int pending, final Throwable error)
    {
        if (STATE.compareAndSet(this, pending, pending | DONE))
        {
            handOver(null, error);
        }
    }

    /** Fail the round {@code pending} with a timeout, unless it was decided already. Any thread. */
    void expire(final int pending)
    {
        if (STATE.compareAndSet(this, pending, pending | DONE))
        {
            expired = true;
            handOver(null, new AskTimeoutException("ask to actor '" + targetRef.name() + "' got no reply within " +
                Durations.text(timeoutNs)));
        }
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

    /**
     * The answer reached the asking actor, under its exclusion: run the callbacks in the order they were added.
     * A callback may reuse the reply for its next ask, which resets the fields: so the outcome and the future of this
     * round are taken first, and {@link Callbacks} keeps this round's callbacks apart from the next round's.
     */
    void onAnswerDelivered()
    {
        cancelTimerIfOwned();
        delivered = true;
        final T value = value();
        final Throwable error = this.error;
        final CompletableFuture<T> future = this.future;
        callbacks.runAll(this, value, error);
        if (future != null)
        {
            complete(future, value, error);
        }
    }

    /**
     * Add a callback; runs it at once when the answer has been delivered already. Asker's thread only.
     *
     * @param callback gets (value, null) or (null, error).
     */
    public void addCallback(final BiConsumer<? super T, ? super Throwable> callback)
    {
        if (asker == null)
        {
            future.whenCompleteAsync(callback);
            return;
        }
        if (delivered)
        {
            runCallback(callback, value(), error);
            return;
        }
        callbacks.add(callback);
        sendIfSettledInTurn();
    }

    /** A callback or a future now waits for an answer kept in the asker's turn: send it, to run in a later turn. */
    private void sendIfSettledInTurn()
    {
        if (settledInTurn)
        {
            settledInTurn = false;
            Sends.sendEngineMessage(asker, this);
        }
    }

    /**
     * For an await: true when the answer is known to the asker (delivered, or kept in its turn, which the await
     * now takes as delivered). Any thread; only the asker's takes a kept answer.
     */
    boolean takeIfKnown()
    {
        if (settledInTurn && onAskersThread())
        {
            settledInTurn = false;
            delivered = true;
        }
        return isDelivered();
    }

    void runCallback(final BiConsumer<? super T, ? super Throwable> callback, final T value, final Throwable error)
    {
        UserCode.callback(asker, this, callback, value, error);
    }

    /**
     * @return true once the outcome is known to the asker.
     */
    public boolean isDelivered()
    {
        return asker == null ? future != null && future.isDone() : delivered || settledInTurn;
    }

    /**
     * @return the calling thread is the asking actor's worker, or the reply has no asking actor.
     */
    public boolean onAskersThread()
    {
        return asker == null || Thread.currentThread() == asker.worker.owner;
    }

    /**
     * @return the value of the outcome (asker's side, once delivered).
     */
    @SuppressWarnings("unchecked")
    public T value()
    {
        return (T)value;
    }

    /**
     * @return the exception of the outcome (asker's side, once delivered).
     */
    public Throwable error()
    {
        return error;
    }

    /**
     * @return true on one of the engine's workers, where blocking is not allowed.
     */
    public boolean calledFromWorker()
    {
        return asker != null || runtime != null && runtime.workers.isWorkerThread(Thread.currentThread());
    }

    /**
     * @return who was asked, for messages.
     */
    public String targetName()
    {
        return targetRef == null ? "(none)" : targetRef.name();
    }

    /**
     * @return the future of an outside asker, made on demand for an asking actor.
     */
    public CompletableFuture<T> future()
    {
        if (future == null)
        {
            future = new CompletableFuture<>();
            if (delivered)
            {
                completeFuture();
            }
            sendIfSettledInTurn();
        }
        return future;
    }
}
