package io.hotpath.scheduling;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;

/**
 * The engine's side of an {@link io.hotpath.OutputPort}: the binding lives on the owner's worker and changes only
 * there, between two of the owner's messages. Internal.
 *
 * @param <M> the type of message sent through the port.
 */
public abstract class PortCore<M>
{
    final ActorCell<?> owner;
    final String name;
    /** Owner's thread only. */
    private ActorRef<? super M> target;

    /**
     * @param ownerContext the owning actor's context.
     * @param name         the port's name, for dead letters and messages.
     */
    protected PortCore(final io.hotpath.ActorContext<?> ownerContext, final String name)
    {
        this.owner = (ActorCell<?>)ownerContext.self();
        this.name = name;
    }

    /**
     * Send through the port; owner's thread only.
     *
     * @param message not null.
     */
    protected final void send(final M message)
    {
        checkOwner("tell");
        final ActorRef<? super M> bound = target;
        if (bound == null)
        {
            owner.worker.core.deadLetters.record(owner, message, DeadLetterReason.PORT_UNBOUND);
            return;
        }
        bound.tell(message);
    }

    /**
     * Bind the port; from the owner's thread at once, from any other through the owner's worker.
     *
     * @param newTarget the actor to send to, or null to unbind.
     */
    protected final void rebind(final ActorRef<? super M> newTarget)
    {
        if (Thread.currentThread() == owner.worker.owner)
        {
            target = newTarget;
        }
        else
        {
            owner.worker.sendEngineMessage(owner, new Binding<>(this, newTarget));
        }
    }

    /**
     * @return the actor the port sends to, or null; owner's thread only.
     */
    protected final ActorRef<? super M> bound()
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
        private final PortCore<M> port;
        private final ActorRef<? super M> target;

        Binding(final PortCore<M> port, final ActorRef<? super M> target)
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
