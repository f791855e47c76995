package io.hotpath.runtime;

/**
 * A child's failure handed to its parent: it takes its turn in the parent's mailbox, then the parent's own fault
 * policy applies to it as if the parent's handler had thrown.
 */
final class Escalation extends EngineMessage
{
    private final ActorCell<?> child;
    private final Throwable error;

    Escalation(final ActorCell<?> child, final Throwable error)
    {
        this.child = child;
        this.error = error;
    }

    @Override
    void onTurn(final ActorCell<?> parent)
    {
        Supervisor.onFault(parent, this, error);
    }

    @Override
    public String toString()
    {
        return "escalated from '" + child.name + "': " + error;
    }
}
