package io.hotpath.runtime;

import io.hotpath.events.ActorRestartEvent;
import io.hotpath.events.ActorStopEvent;
import io.hotpath.events.AwaitSuspensionEvent;
import io.hotpath.events.QueueFullEvent;

/**
 * Commits the engine's JFR events where they happen, each only when a recording has enabled it: off the
 * per-message path (restarts, stops, refusals), or sampled (await suspensions). Stateless; any thread.
 */
final class JfrEvents
{
    private JfrEvents()
    {
    }

    /** An actor was restarted by its fault policy. Its worker's thread. */
    static void restarted(final ActorCell<?> cell, final Throwable cause)
    {
        final ActorRestartEvent event = new ActorRestartEvent();
        if (event.shouldCommit())
        {
            event.actor = cell.name;
            event.worker = cell.worker.name;
            event.cause = String.valueOf(cause);
            event.commit();
        }
    }

    /** An actor has stopped. Its worker's thread. */
    static void stopped(final ActorCell<?> cell)
    {
        final ActorStopEvent event = new ActorStopEvent();
        if (event.shouldCommit())
        {
            event.actor = cell.name;
            event.worker = cell.worker.name;
            event.reason = cell.stoppedReason().name();
            event.commit();
        }
    }

    /** A send was refused for a full queue (it fails, or is dropped). The sending thread. */
    static void queueFull(final ActorCell<?> target, final String queue, final String policy)
    {
        final QueueFullEvent event = new QueueFullEvent();
        if (event.shouldCommit())
        {
            event.target = target.name;
            event.worker = target.worker.name;
            event.queue = queue;
            event.policy = policy;
            event.commit();
        }
    }

    /**
     * An await suspended; one in {@link AwaitSuspensionEvent#SAMPLE} per worker is an event, the others cost a
     * counter read. Its worker's thread, after the suspension was counted.
     */
    static void awaitSuspended(final ActorCell<?> cell)
    {
        final long suspensions = cell.worker.counters.awaitSuspensions();
        if (suspensions % AwaitSuspensionEvent.SAMPLE != 1)
        {
            return;
        }
        final AwaitSuspensionEvent event = new AwaitSuspensionEvent();
        if (event.shouldCommit())
        {
            event.actor = cell.name;
            event.worker = cell.worker.name;
            event.suspensions = suspensions;
            event.commit();
        }
    }
}
