package io.hotpath.scheduling;

import io.hotpath.ActorRef;
import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import io.hotpath.spi.EngineHooks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The engine's {@link EngineHooks}: replies to asks of actors outside the engine. Thread safe.
 * <p>
 * A reply names the actor it asked through its target cell; for an actor outside the engine that is a stand-in
 * cell of the same name, never registered nor started, made once per foreign address and kept for the engine's
 * life. The question is marked taken, so whatever reaches the asker is the answer.
 */
public final class ForeignReplies implements EngineHooks
{
    private final EngineCore core;
    private final ConcurrentHashMap<ActorRef<?>, ActorCell<?>> standIns = new ConcurrentHashMap<>();

    ForeignReplies(final EngineCore core)
    {
        this.core = core;
    }

    @Override
    public int currentWorker()
    {
        final Worker worker = core.currentWorker();
        return worker == null ? -1 : worker.index;
    }

    @Override
    public <T> Reply<T> newReply(final ActorRef<?> target, final long timeoutNs)
    {
        return prepareReply(new Reply<>(), target, timeoutNs);
    }

    @Override
    public <T> Reply<T> prepareReply(final Reply<T> reply, final ActorRef<?> target, final long timeoutNs)
    {
        final ActorCell<?> standIn = standIn(target);
        final Worker here = core.currentWorker();
        final ActorCell<?> asker = here == null ? null : here.current;
        final long nowNs = timeoutNs > 0 ? core.clock.nanoTime() : 0;
        final ReplyCore<T> exchange = reply;
        exchange.prepare(standIn, asker, "ask", timeoutNs, nowNs);
        exchange.questionTaken = true;
        if (timeoutNs > 0)
        {
            if (asker != null)
            {
                exchange.armTimer(here, nowNs + timeoutNs);
            }
            else
            {
                final CompletableFuture<T> future = exchange.future;
                CompletableFuture.delayedExecutor(timeoutNs, TimeUnit.NANOSECONDS)
                    .execute(() -> expire(exchange, future, timeoutNs));
            }
        }
        return reply;
    }

    private static void expire(final ReplyCore<?> exchange, final CompletableFuture<?> future, final long timeoutNs)
    {
        if (exchange.future == future && !future.isDone())
        {
            exchange.tryCompleteQuietly(null, new AskTimeoutException("ask to actor '" + exchange.target.name +
                "' got no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms (" + timeoutNs + " ns)"));
        }
    }

    @Override
    public void deadLetter(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        if (message instanceof ReplyCore<?> ask && ask.target != null && ask.target == standIns.get(target))
        {
            ask.tryCompleteQuietly(null, new UndeliveredException("ask to actor '" + target.name() +
                "' was not delivered: " + reason, reason));
        }
        core.deadLetters.record(target, message, reason);
    }

    private ActorCell<?> standIn(final ActorRef<?> target)
    {
        final ActorCell<?> known = standIns.get(target);
        if (known != null)
        {
            return known;
        }
        final ActorCell<?> made = new ActorCell<>(-1, target.name(), core.worker(0), ctx -> null,
            FaultPolicy.resume(), 1, null, false, false);
        final ActorCell<?> raced = standIns.putIfAbsent(target, made);
        return raced == null ? made : raced;
    }
}
