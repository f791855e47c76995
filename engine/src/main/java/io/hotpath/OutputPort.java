package io.hotpath;

import io.hotpath.runtime.PortBinding;

/**
 * An actor's output, bound at run time to another actor's input, and re-bound while messages flow (late binding).
 * The owning actor sends through it from its handler; any thread may re-bind it, and the new binding takes effect
 * on the owner's worker between two of the owner's messages, so no message ever meets a half-bound port. A message
 * sent while unbound goes to dead letters ({@link DeadLetterReason#PORT_UNBOUND}).
 *
 * @param <M> the type of message sent through the port.
 */
public final class OutputPort<M>
{
    private final PortBinding<M> binding;

    /**
     * Make an unbound port, usually in the owning actor's factory.
     *
     * @param owner the owning actor's context (usually from its factory).
     * @param name  the port's name.
     */
    public OutputPort(final ActorContext<?> owner, final String name)
    {
        binding = new PortBinding<>(java.util.Objects.requireNonNull(owner, "owner"),
            java.util.Objects.requireNonNull(name, "port name"));
    }

    /**
     * Send to the bound actor; from the owner's handler only.
     *
     * @param message not null.
     */
    public void tell(final M message)
    {
        binding.send(java.util.Objects.requireNonNull(message, "message"));
    }

    /**
     * Bind (or re-bind) the port. Any thread.
     *
     * @param target the actor to send to.
     */
    public void bind(final ActorRef<? super M> target)
    {
        binding.rebind(java.util.Objects.requireNonNull(target, "target"));
    }

    /**
     * Unbind the port; later sends go to dead letters. Any thread.
     */
    public void unbind()
    {
        binding.rebind(null);
    }

    /**
     * {@return the actor the port sends to, or null when unbound} From the owner's handler only.
     */
    public ActorRef<? super M> target()
    {
        return binding.bound();
    }
}
