package io.hotpath.runtime;

import io.hotpath.Terminated;

import java.util.ArrayList;
import java.util.List;

/**
 * What supervising one actor must remember: its children, the replies watching it, its count of children still
 * stopping, and its record of failures. Made on first need (a child, a watch, a stop, a fault), so an actor that
 * never needs it costs nothing. NOT thread safe: the actor's worker only; {@link Supervisor} does the transitions.
 */
final class Supervision
{
    /** Children spawned through the actor's context; read when it stops. */
    List<ActorCell<?>> children;
    /** Replies to complete when the actor has stopped. */
    List<Exchange<?>> watchers;
    /** While stopping: children still to say they have stopped, plus one for the actor's own guard. */
    int pendingChildren;
    /** The parent asked this actor to stop and waits to hear that it has. */
    boolean notifyParentOnStop;
    /** Why the actor stops: set by the stop that begins it; what its watchers hear. */
    Terminated.Reason stopReason;
    /** The exception behind a failure's stop, or null. */
    Throwable stopCause;
    int attempt;
    int retriesInWindow;
    long windowStartNs;
    long lastFailureNs;

    void addChild(final ActorCell<?> child)
    {
        if (children == null)
        {
            children = new ArrayList<>();
        }
        children.removeIf(ActorCell::isStoppedOpaque);
        children.add(child);
    }

    void addWatcher(final Exchange<?> watcher)
    {
        if (watchers == null)
        {
            watchers = new ArrayList<>();
        }
        watchers.add(watcher);
    }
}
