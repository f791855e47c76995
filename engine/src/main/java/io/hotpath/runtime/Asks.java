package io.hotpath.runtime;

import io.hotpath.ActorRef;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How an ask begins, for every kind of target: the exchange is prepared for the calling actor (or for a thread
 * outside the engine), its timeout set on the caller's worker, and the calling method's cancellation carried along.
 * Stateless; the caller's thread.
 */
final class Asks
{
    private Asks()
    {
    }

    /**
     * @param target    the actor asked on this engine, or null when the answer comes from elsewhere.
     * @param targetRef who is asked, for messages.
     * @param timeoutNs 0 for none; {@link Deadlines#NEVER} or more is none too.
     */
    static void prepare(final EngineRuntime runtime, final Exchange<?> exchange, final ActorCell<?> target,
        final ActorRef<?> targetRef, final Object request, final long timeoutNs)
    {
        final Worker here = runtime.workers.current();
        final ActorCell<?> asker = here == null ? null : here.turns.current();
        final long spanNs = Deadlines.ends(timeoutNs) ? timeoutNs : 0;
        final long nowNs = spanNs > 0 ? runtime.clock.nanoTime() : 0;
        exchange.prepare(runtime, target, targetRef, asker, request, spanNs, nowNs);
        if (spanNs > 0)
        {
            if (asker != null)
            {
                exchange.armTimer(here, nowNs + spanNs);
            }
            else if (target == null)
            {
                // an outside thread asking something outside the engine: no worker measures the time
                expireLater(exchange, spanNs);
            }
        }
        if (asker != null && asker.sequential)
        {
            final Fiber fiber = Fiber.current();
            if (fiber != null && fiber.cell == asker && fiber.token != null)
            {
                exchange.token = fiber.token;
                fiber.token.register(exchange);
            }
        }
    }

    private static void expireLater(final Exchange<?> exchange, final long spanNs)
    {
        final int armed = exchange.armedRound();
        CompletableFuture.delayedExecutor(spanNs, TimeUnit.NANOSECONDS).execute(() -> exchange.expire(armed));
    }
}
