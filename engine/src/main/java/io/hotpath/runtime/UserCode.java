package io.hotpath.runtime;

import io.hotpath.Actor;

import java.util.function.BiConsumer;

/**
 * The one place the engine calls code an actor's author wrote (a handler, a sequential actor's method, an answer's
 * callback, a repeating step, a lifecycle hook), and the one fault protocol around it: an error that escapes the
 * code is caught here, a stack overflow is noted for the {@link TurnStack} first (a call deep in the stack could
 * overflow it again, so the note comes before anything else), an ask the code owed an answer gets the error as its
 * answer and the actor goes on, and anything else is a fault of the actor, whose policy the {@link Supervisor}
 * applies. Stateless; the actor's worker's thread only, inside the actor's turn.
 */
final class UserCode
{
    private UserCode()
    {
    }

    /**
     * Run the handler of {@code cell} on one message that may owe an answer or run in a fiber.
     *
     * @param ask   the question the message came with, whose answer the handler owes, or null for a told message;
     *              outside a fiber the caller has made it the context's current ask.
     * @param fiber the sequential actor's fiber the handler runs in, or null for a plain run.
     */
    static void handle(final ActorCell<?> cell, final Object message, final Exchange<?> ask, final Fiber fiber)
    {
        final Throwable error = invoke(cell.actor, message);
        if (error != null)
        {
            if (error instanceof StackOverflowError)
            {
                cell.worker.turns.noteOverflow();
            }
            if (ask != null && takeOwed(cell, ask, fiber))
            {
                // the exception is the answer; the actor goes on
                cell.countException();
                ask.tryComplete(null, error);
                return;
            }
            Supervisor.onFault(cell, message, error);
            return;
        }
        if (ask != null && takeOwed(cell, ask, fiber))
        {
            ask.tryComplete(null, new IllegalStateException("actor '" + cell.name + "' handled an ask without " +
                "answering it; call ctx.reply(value), or keep it with ctx.replyLater()"));
        }
    }

    /**
     * {@return what escaped the handler, or null}: the one call of a handler. A told message outside a fiber comes
     * here straight from {@link ActorCell#dispatch}, and what escaped goes to {@link #onError}: that path's
     * signatures name no class a program that never asks or awaits leaves unloaded, so the handler inlines into the
     * turn (lab entry 2026-11-28-ready-queue-inlining).
     */
    @SuppressWarnings("unchecked")
    static <M> Throwable invoke(final Actor<M> actor, final Object message)
    {
        try
        {
            actor.onMessage((M)message);
            return null;
        }
        catch (final Throwable error)
        {
            return error;
        }
    }

    /**
     * @return true when the handler's run still owes {@code ask} its answer (it neither answered nor kept it); the
     * ask is taken from the run then.
     */
    private static boolean takeOwed(final ActorCell<?> cell, final Exchange<?> ask, final Fiber fiber)
    {
        if (fiber != null)
        {
            if (!fiber.askPending)
            {
                return false;
            }
            fiber.askPending = false;
            return true;
        }
        if (cell.context.currentAsk != ask)
        {
            return false;
        }
        cell.context.currentAsk = null;
        return true;
    }

    /**
     * Run one callback of an answer, in the asking actor's turn.
     *
     * @param exchange what the answer belongs to: the message a fault names.
     */
    static <T> void callback(final ActorCell<?> asker, final Object exchange,
        final BiConsumer<? super T, ? super Throwable> callback, final T value, final Throwable error)
    {
        try
        {
            callback.accept(value, error);
        }
        catch (final Throwable ex)
        {
            onError(asker, exchange, ex);
        }
    }

    /**
     * Run one repeating step in its actor's turn.
     *
     * @return the work the step did; 0 when it failed.
     */
    static int step(final StepEntry entry)
    {
        try
        {
            return entry.step.doWork();
        }
        catch (final Throwable ex)
        {
            onError(entry.cell, entry, ex);
            return 0;
        }
    }

    /** Run a lifecycle hook: a fault there is reported and counted, and the actor resumes. */
    static void hook(final ActorCell<?> cell, final Runnable hook)
    {
        try
        {
            hook.run();
        }
        catch (final Throwable ex)
        {
            if (ex instanceof StackOverflowError)
            {
                cell.worker.turns.noteOverflow();
            }
            Supervisor.onHookFault(cell, ex);
        }
    }

    /** What escaped an author's code outside an ask: a fault of the actor, a stack overflow noted first. */
    static void onError(final ActorCell<?> cell, final Object message, final Throwable error)
    {
        if (error instanceof StackOverflowError)
        {
            cell.worker.turns.noteOverflow();
        }
        Supervisor.onFault(cell, message, error);
    }
}
