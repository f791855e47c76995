package io.hotpath.runtime;

import io.hotpath.Actor;

/**
 * How an actor handles an exchange: a question it was asked (its handler runs with the ask as the one to answer,
 * and an exception it throws becomes the answer) or the answer to one it asked (its callbacks run). The same rules
 * for a plain run and for a sequential actor's fiber. Stateless; the actor's worker thread only.
 */
final class Exchanges
{
    private Exchanges()
    {
    }

    /**
     * A question for this actor, or the answer to one it asked. Told apart by who this actor is to the exchange,
     * not by {@code answered}: an asking actor's timeout may have decided the outcome while the question is still
     * queued here, and the question is still this actor's to handle (its answer is then a late reply).
     */
    @SuppressWarnings("unchecked")
    static <M> void onExchange(final ActorCell<M> cell, final Exchange<?> exchange)
    {
        final Actor<M> a = cell.actor;
        if (exchange.target != cell || exchange.questionTaken)
        {
            exchange.onAnswerDelivered();
            return;
        }
        exchange.questionTaken = true;
        if (exchange.asker == null && exchange.timeoutNs > 0 && exchange.timerId < 0)
        {
            exchange.armTimer(cell.worker, exchange.askedAtNs + exchange.timeoutNs);
        }
        final Object request = exchange.request;
        exchange.request = null;
        if (cell.sequential)
        {
            Fiber.start(cell, request, exchange);
            return;
        }
        cell.context.currentAsk = exchange;
        try
        {
            a.onMessage((M)request);
        }
        catch (final Throwable ex)
        {
            if (ex instanceof StackOverflowError)
            {
                // a field store, no call: this deep in the stack a call could overflow it again
                cell.worker.overflowDepth = cell.worker.handoffDepth;
            }
            if (cell.context.currentAsk == exchange)
            {
                // the exception is the answer; the actor goes on
                cell.countException();
                cell.context.currentAsk = null;
                exchange.tryComplete(null, ex);
                return;
            }
            Supervisor.onFault(cell, request, ex);
            return;
        }
        if (cell.context.currentAsk == exchange)
        {
            cell.context.currentAsk = null;
            exchange.tryComplete(null, unanswered(cell));
        }
    }

    /** The body of a sequential actor's fiber: the handler, with the same ask and fault rules as a plain run. */
    @SuppressWarnings("unchecked")
    static <M> void runInFiber(final ActorCell<M> cell, final Fiber fiber)
    {
        final Actor<M> a = cell.actor;
        try
        {
            a.onMessage((M)fiber.request);
        }
        catch (final Throwable ex)
        {
            if (ex instanceof StackOverflowError)
            {
                // a field store, no call: this deep in the stack a call could overflow it again
                cell.worker.overflowDepth = cell.worker.handoffDepth;
            }
            if (fiber.askPending)
            {
                cell.countException();
                fiber.askPending = false;
                fiber.ask.tryComplete(null, ex);
                return;
            }
            Supervisor.onFault(cell, fiber.request, ex);
            return;
        }
        if (fiber.askPending)
        {
            fiber.askPending = false;
            fiber.ask.tryComplete(null, unanswered(cell));
        }
    }

    private static IllegalStateException unanswered(final ActorCell<?> cell)
    {
        return new IllegalStateException("actor '" + cell.name + "' handled an ask without answering it; call " +
            "ctx.reply(value), or keep it with ctx.replyLater()");
    }
}
