package io.hotpath.runtime;

/**
 * The engine's signals to an actor: start, stop now, stop after what is queued (poison), a child has stopped.
 * Immutable singletons, so sending one allocates nothing.
 */
final class Signal extends EngineMessage
{
    /** Create the actor now, if it has not been created yet. */
    static final Signal START = new Signal("start", true);
    /** Stop the actor now (its children first). */
    static final Signal STOP = new Signal("stop", true);
    /** Stop the actor now, and tell its parent once it has stopped (even if it had already). */
    static final Signal STOP_FOR_PARENT = new Signal("stop-for-parent", true);
    /** A child of the target has stopped. */
    static final Signal CHILD_STOPPED = new Signal("child-stopped", true);
    /** Stop the actor when it reaches this message: after what was queued before it. */
    static final Signal POISON = new Signal("poison", false);

    private final String name;
    private final boolean control;

    private Signal(final String name, final boolean control)
    {
        this.name = name;
        this.control = control;
    }

    @Override
    boolean isControl()
    {
        return control;
    }

    @Override
    void onArrival(final Worker worker, final ActorCell<?> target)
    {
        if (this == START)
        {
            target.startSlowPath();
        }
        else if (this == STOP)
        {
            Supervisor.stop(target);
        }
        else if (this == STOP_FOR_PARENT)
        {
            Supervisor.stopForParent(target);
        }
        else if (this == CHILD_STOPPED)
        {
            Supervisor.onChildStopped(target);
        }
    }

    @Override
    void onTurn(final ActorCell<?> cell)
    {
        Supervisor.stop(cell);
    }

    @Override
    public String toString()
    {
        return "signal:" + name;
    }
}
