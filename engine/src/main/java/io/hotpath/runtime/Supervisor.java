package io.hotpath.runtime;

import io.hotpath.ActorLifecycle;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.Terminated;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Faults, restarts, stops and watches of actors: the fault policies, the lifecycle hooks, parents stopping their
 * children first, watchers told once. Stateless: what it must remember per actor is in the actor's
 * {@link Supervision}, and it changes an actor's state only through the actor's named transitions. Every method
 * runs on the worker that owns the actor it is given.
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
        cell.worker.runtime.reportFault(cell, message, error, policy);
        switch (policy.kind())
        {
            case RESUME ->
            {
            }
            case STOP -> stop(cell, Terminated.Reason.FAILED, error);
            case RESTART, BACKOFF -> restart(cell, error, policy);
            case ESCALATE -> escalate(cell, error);
        }
    }

    /** The factory threw or returned null: the actor cannot run. */
    static void onStartFailed(final ActorCell<?> cell, final Throwable error)
    {
        cell.countException();
        cell.worker.runtime.reportFault(cell, null, error, FaultPolicy.stop());
        stop(cell, Terminated.Reason.START_FAILED, error);
    }

    private static void restart(final ActorCell<?> cell, final Throwable error, final FaultPolicy policy)
    {
        if (cell.isStopping() || cell.isRestarting())
        {
            return;
        }
        final long nowNs = cell.worker.runtime.clock.nanoTime();
        final Supervision record = cell.supervision();
        if (record.lastFailureNs != 0 && nowNs - record.lastFailureNs - policy.resetAfterNs() >= 0)
        {
            record.attempt = 0;
        }
        if (record.windowStartNs == 0 || nowNs - record.windowStartNs - policy.windowNs() > 0)
        {
            record.windowStartNs = nowNs;
            record.retriesInWindow = 0;
        }
        record.lastFailureNs = nowNs;
        if (++record.retriesInWindow > policy.maxRetries())
        {
            final IllegalStateException exhausted = new IllegalStateException("actor '" + cell.name + "' failed " +
                record.retriesInWindow + " times within " + Durations.text(policy.windowNs()) + "; stopping it", error);
            cell.worker.runtime.reportFault(cell, null, exhausted, FaultPolicy.stop());
            stop(cell, Terminated.Reason.FAILED, exhausted);
            return;
        }
        record.attempt++;
        if (cell.actor instanceof ActorLifecycle hooks)
        {
            UserCode.hook(cell, () -> hooks.preRestart(error));
        }
        cell.instance(null);
        cell.context.cancelRegistrations();
        cell.endIncarnation();
        if (policy.kind() == FaultPolicy.Kind.RESTART)
        {
            recreate(cell, error);
            return;
        }
        final long delayNs = policy.backoffNs(record.attempt, ThreadLocalRandom.current().nextDouble());
        cell.holdForRestart();
        cell.worker.timers.schedule(nowNs + delayNs, firedNs -> onBackoffOver(cell, error));
    }

    private static void onBackoffOver(final ActorCell<?> cell, final Throwable error)
    {
        cell.releaseRestart();
        if (!cell.isStopping())
        {
            recreate(cell, error);
        }
    }

    private static void recreate(final ActorCell<?> cell, final Throwable error)
    {
        JfrEvents.restarted(cell, error);
        if (cell.createInstance() instanceof ActorLifecycle hooks)
        {
            UserCode.hook(cell, () -> hooks.postRestart(error));
        }
        cell.worker.ready.scheduleIfBacklogged(cell);
    }

    private static void escalate(final ActorCell<?> cell, final Throwable error)
    {
        final ActorCell<?> parent = cell.parent;
        stop(cell, Terminated.Reason.FAILED, error);
        if (parent != null && !parent.isStoppedOpaque())
        {
            Sends.sendEngineMessage(parent, new Escalation(cell, error));
        }
    }

    // ---------------------------------------------------------------- stop

    /** Stop an actor on request: its children first, then the actor itself; idempotent. */
    static void stop(final ActorCell<?> cell)
    {
        stop(cell, Terminated.Reason.STOPPED, null);
    }

    /**
     * Stop an actor: its children first, then the actor itself; idempotent (the first stop's reason is the one its
     * watchers hear).
     */
    static void stop(final ActorCell<?> cell, final Terminated.Reason reason, final Throwable cause)
    {
        if (!cell.beginStop())
        {
            return;
        }
        final Supervision record = cell.supervision();
        record.stopReason = reason;
        record.stopCause = cause;
        record.pendingChildren = 1;
        if (record.children != null)
        {
            for (final ActorCell<?> child : record.children)
            {
                record.pendingChildren++;
                Sends.stopForParent(child);
            }
        }
        onChildStopped(cell);
    }

    /** The parent asks a child to stop and to say so once it has, even if it had stopped already. */
    static void stopForParent(final ActorCell<?> child)
    {
        child.supervision().notifyParentOnStop = true;
        if (child.isStopped())
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
        if (cell.isStopping() && !cell.isStopped() && --cell.supervision().pendingChildren == 0)
        {
            finishStop(cell);
        }
    }

    private static void finishStop(final ActorCell<?> cell)
    {
        cell.finishStop();
        JfrEvents.stopped(cell);
        cell.context.cancelRegistrations();
        if (cell.actor instanceof ActorLifecycle hooks)
        {
            UserCode.hook(cell, hooks::onStop);
        }
        // the instance (the user's state) goes now: the cell may stay reachable a while (a queue slot keeps its last
        // target, an ActorRef held by a user), and a message to it is a dead letter either way (startedOrDeadLetter)
        cell.instance(null);
        cell.exclusiveFiber = null;
        final DeadLetterReason reason = cell.stoppedReason();
        cell.context.failKeptAsks(reason);
        Object message;
        while ((message = cell.mailbox.poll()) != null)
        {
            cell.worker.deadLetter(cell, message, reason);
        }
        cell.clearCongestionIfCaughtUp();
        cell.worker.runtime.unregister(cell);
        cell.worker.turns.forget(cell);
        final Supervision record = cell.supervision();
        final List<Exchange<?>> watchers = record.watchers;
        record.watchers = null;
        if (watchers != null)
        {
            for (final Exchange<?> watcher : watchers)
            {
                watcher.tryComplete(terminated(cell), null);
            }
        }
        if (record.notifyParentOnStop)
        {
            notifyParent(cell);
        }
    }

    private static void notifyParent(final ActorCell<?> child)
    {
        child.supervision().notifyParentOnStop = false;
        Sends.sendEngineMessage(child.parent, Signal.CHILD_STOPPED);
    }

    /** A watch arrived: completes once the actor has stopped, at once if it has. */
    static void addWatcher(final ActorCell<?> cell, final Exchange<?> watcher)
    {
        if (cell.isStopped())
        {
            watcher.tryComplete(terminated(cell), null);
        }
        else
        {
            cell.supervision().addWatcher(watcher);
        }
    }

    /** @return what the watchers of a stopped actor hear. */
    static Terminated terminated(final ActorCell<?> cell)
    {
        final Supervision record = cell.supervisionIfAny();
        return record == null || record.stopReason == null ? new Terminated(cell.address, Terminated.Reason.STOPPED,
            null) : new Terminated(cell.address, record.stopReason, record.stopCause);
    }

    /**
     * The engine has closed with the actor alive: its watchers hear it, so no watch is left pending.
     */
    static void onEngineClosed(final ActorCell<?> cell)
    {
        final Supervision record = cell.supervisionIfAny();
        if (record != null && record.watchers != null)
        {
            final List<Exchange<?>> watchers = record.watchers;
            record.watchers = null;
            final Terminated closed = new Terminated(cell.address, Terminated.Reason.ENGINE_CLOSED, null);
            for (final Exchange<?> watcher : watchers)
            {
                watcher.tryComplete(closed, null);
            }
        }
    }

    /** A lifecycle hook failed: counted and reported; the actor resumes. */
    static void onHookFault(final ActorCell<?> cell, final Throwable error)
    {
        cell.countException();
        cell.worker.runtime.reportFault(cell, null, error, FaultPolicy.resume());
    }
}
