package io.hotpath.scheduling;

import io.hotpath.ActorLifecycle;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Faults, restarts and stops of actors: the fault policies, the lifecycle hooks, parents stopping their children
 * first, watchers told once. Stateless; every method runs on the worker that owns the actor it is given.
 */
final class Supervisor
{
    private Supervisor()
    {
    }

    // ---------------------------------------------------------------- faults

    /** A handler (or a child, escalating) failed: count it, report it, apply the actor's policy. */
    static void onFault(final ActorCell<?> cell, final Object message, final Throwable error)
    {
        cell.countException();
        final FaultPolicy policy = cell.faultPolicy;
        cell.worker.core.reportFault(cell, message, error, policy);
        switch (policy.kind())
        {
            case RESUME ->
            {
            }
            case STOP -> stop(cell);
            case RESTART, BACKOFF -> restart(cell, error, policy);
            case ESCALATE -> escalate(cell, error);
        }
    }

    /** The factory threw or returned null: the actor cannot run. */
    static void onStartFailed(final ActorCell<?> cell, final Throwable error)
    {
        cell.countException();
        cell.worker.core.reportFault(cell, null, error, FaultPolicy.stop());
        stop(cell);
    }

    private static void restart(final ActorCell<?> cell, final Throwable error, final FaultPolicy policy)
    {
        final long nowNs = cell.worker.core.clock.nanoTime();
        final RestartState state = cell.restartState();
        if (state.lastFailureNs != 0 && nowNs - state.lastFailureNs - policy.resetAfterNs() >= 0)
        {
            state.attempt = 0;
        }
        if (state.windowStartNs == 0 || nowNs - state.windowStartNs - policy.windowNs() > 0)
        {
            state.windowStartNs = nowNs;
            state.retriesInWindow = 0;
        }
        state.lastFailureNs = nowNs;
        if (++state.retriesInWindow > policy.maxRetries())
        {
            cell.worker.core.reportFault(cell, null, new IllegalStateException("actor '" + cell.name + "' failed " +
                state.retriesInWindow + " times within " + policy.windowNs() / 1_000_000 + " ms; stopping it"),
                FaultPolicy.stop());
            stop(cell);
            return;
        }
        state.attempt++;
        if (cell.actor instanceof ActorLifecycle hooks)
        {
            runHook(cell, () -> hooks.preRestart(error));
        }
        cell.actor = null;
        cell.cancelRegistrations();
        if (policy.kind() == FaultPolicy.Kind.RESTART)
        {
            recreate(cell, error);
            return;
        }
        final long delayNs = policy.backoffNs(state.attempt, ThreadLocalRandom.current().nextDouble());
        state.nextRestartNs = nowNs + delayNs;
        cell.flags |= ActorCell.SUSPENDED;
        cell.worker.timers.schedule(state.nextRestartNs, nowNs2 -> recreate(cell, error));
    }

    private static void recreate(final ActorCell<?> cell, final Throwable error)
    {
        if ((cell.flags & (ActorCell.STOPPING | ActorCell.STOPPED)) != 0)
        {
            return;
        }
        cell.flags &= ~ActorCell.SUSPENDED;
        if (cell.createInstance() instanceof ActorLifecycle hooks)
        {
            runHook(cell, () -> hooks.postRestart(error));
        }
        cell.worker.scheduleIfBacklogged(cell);
    }

    private static void escalate(final ActorCell<?> cell, final Throwable error)
    {
        final ActorCell<?> parent = cell.parent;
        stop(cell);
        if (parent != null && !parent.isStopped())
        {
            parent.worker.sendEngineMessage(parent, new Escalation(cell, error));
        }
    }

    // ---------------------------------------------------------------- stop

    /** Stop an actor: its children first, then the actor itself; idempotent. */
    static void stop(final ActorCell<?> cell)
    {
        if ((cell.flags & (ActorCell.STOPPING | ActorCell.STOPPED)) != 0)
        {
            return;
        }
        cell.flags |= ActorCell.STOPPING | ActorCell.SUSPENDED;
        cell.pendingChildren = 1;
        if (cell.children != null)
        {
            for (final ActorCell<?> child : cell.children)
            {
                cell.pendingChildren++;
                child.worker.stopForParent(child);
            }
        }
        onChildStopped(cell);
    }

    /** The parent asks a child to stop and to say so once it has, even if it had stopped already. */
    static void stopForParent(final ActorCell<?> child)
    {
        child.notifyParentOnStop = true;
        if ((child.flags & ActorCell.STOPPED) != 0)
        {
            notifyParent(child);
        }
        else
        {
            stop(child);
        }
    }

    /** One child (or the stopping actor's own guard) is done; the last one lets the actor finish stopping. */
    static void onChildStopped(final ActorCell<?> cell)
    {
        if ((cell.flags & ActorCell.STOPPING) != 0 && --cell.pendingChildren == 0)
        {
            finishStop(cell);
        }
    }

    private static void finishStop(final ActorCell<?> cell)
    {
        cell.flags = ActorCell.STOPPED;
        cell.markStopped();
        cell.cancelRegistrations();
        if (cell.actor instanceof ActorLifecycle hooks)
        {
            runHook(cell, hooks::onStop);
        }
        Object message;
        while ((message = cell.mailbox.poll()) != null)
        {
            cell.worker.deadLetter(cell, message, DeadLetterReason.ACTOR_STOPPED);
        }
        cell.worker.core.unregister(cell);
        cell.notifyWatchers();
        if (cell.notifyParentOnStop)
        {
            notifyParent(cell);
        }
    }

    private static void notifyParent(final ActorCell<?> child)
    {
        child.notifyParentOnStop = false;
        child.parent.worker.sendEngineMessage(child.parent, Signal.CHILD_STOPPED);
    }

    static void runHook(final ActorCell<?> cell, final Runnable hook)
    {
        try
        {
            hook.run();
        }
        catch (final Throwable ex)
        {
            cell.countException();
            cell.worker.core.reportFault(cell, null, ex, FaultPolicy.resume());
        }
    }

    /** Per-actor record of failures, made on the first one. */
    static final class RestartState
    {
        int attempt;
        int retriesInWindow;
        long windowStartNs;
        long lastFailureNs;
        long nextRestartNs;
    }
}
