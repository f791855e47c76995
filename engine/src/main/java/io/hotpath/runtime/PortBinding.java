package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;

/**
 * The engine's side of an {@link io.hotpath.OutputPort}: the binding lives on the owner's worker and changes only
 * there, between two of the owner's messages. Sending and reading belong to the owner's thread; rebinding is
 * thread safe (from another thread it travels to the owner's worker as a control message).
 *
 * @param <M> the type of message sent through the port.
 */
public final class PortBinding<M>
{
    final ActorCell<?> owner;
    final String name;
    /** Owner's thread only. */
    private ActorRef<? super M> target;

    /**
     * @param ownerContext the owning actor's context.
     * @param name         the port's name, for dead letters and messages.
     */
    public PortBinding(final io.hotpath.ActorContext<?> ownerContext, final String name)
    {
        if (!(ownerContext instanceof CellContext<?> context))
        {
            throw new IllegalArgumentException("port '" + name + "': " + ownerContext + " is not the context of " +
                "one of this engine's actors; create the port from the owning actor's factory or handler");
        }
        this.owner = context.cell;
        this.name = name;
    }

    /**
     * Send through the port; owner's thread only.
     *
     * @param message not null.
     */
    public void send(final M message)
    {
        checkOwner("tell");
        final ActorRef<? super M> bound = target;
        if (bound == null)
        {
            owner.worker.deadLetter(owner, message, DeadLetterReason.PORT_UNBOUND);
            return;
        }
        bound.tell(message);
    }

    /**
     * Bind the port; from the owner's thread at once, from any other through the owner's worker.
     *
     * @param newTarget the actor to send to, or null to unbind.
     */
    public void rebind(final ActorRef<? super M> newTarget)
    {
        if (Thread.currentThread() == owner.worker.owner)
        {
            target = newTarget;
        }
        else
        {
            Sends.sendEngineMessage(owner, new Binding<>(this, newTarget));
        }
    }

    /**
     * @return the actor the port sends to, or null; owner's thread only.
     */
    public ActorRef<? super M> bound()
    {
        checkOwner("target");
        return target;
    }

    private void checkOwner(final String what)
    {
        if (Thread.currentThread() != owner.worker.owner)
        {
            throw new IllegalStateException("port '" + name + "' of actor '" + owner.name + "': " + what +
                "() belongs to its owner's handler, on " + owner.worker.name);
        }
    }

    /** A new binding travelling to the owner's worker; applied on arrival, between two of the owner's messages. */
    private static final class Binding<M> extends EngineMessage
    {
        private final PortBinding<M> port;
        private final ActorRef<? super M> target;

        Binding(final PortBinding<M> port, final ActorRef<? super M> target)
        {
            this.port = port;
            this.target = target;
        }

        @Override
        boolean isControl()
        {
            return true;
        }

        @Override
        void onArrival(final Worker worker, final ActorCell<?> cell)
        {
            port.target = target;
        }
    }
}
