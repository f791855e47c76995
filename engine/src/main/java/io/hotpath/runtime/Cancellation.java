package io.hotpath.runtime;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The engine's side of a {@link io.hotpath.CancellationToken}: a flag set once, and what to fail when it is set
 * (the exchanges asked under the token, and child cancellations). Thread safe: any thread may cancel; the flag is
 * volatile, registrations sit in a lock-free queue, and an exchange registered after the cancel fails at once.
 */
public final class Cancellation
{
    private volatile boolean cancelled;
    private volatile String reason;
    private final ConcurrentLinkedQueue<Object> registrations = new ConcurrentLinkedQueue<>();

    /** The token this cancellation serves; set once. */
    final io.hotpath.CancellationToken token;

    /**
     * Made by its token, once.
     *
     * @param token the token it serves.
     */
    public Cancellation(final io.hotpath.CancellationToken token)
    {
        this.token = token;
    }

    /**
     * @return a new cancellation, with its token, cancelled with this one (and on its own).
     */
    public io.hotpath.CancellationToken newChild()
    {
        final io.hotpath.CancellationToken child = new io.hotpath.CancellationToken();
        register(ApiAccess.cancellation(child));
        return child;
    }

    /**
     * @return true once cancelled.
     */
    public boolean isCancelled()
    {
        return cancelled;
    }

    /**
     * Cancel: every pending reply asked under this token (or a child) fails with a
     * {@link CancellationException}, so every await of one throws it. Idempotent; any thread.
     *
     * @param why said in the exception.
     */
    public void cancelWith(final String why)
    {
        if (cancelled)
        {
            return;
        }
        reason = why;
        cancelled = true;
        Object registration;
        while ((registration = registrations.poll()) != null)
        {
            fail(registration);
        }
    }

    final void register(final Object replyOrChild)
    {
        registrations.add(replyOrChild);
        // a cancel that ran before the add may have missed it
        if (cancelled && registrations.remove(replyOrChild))
        {
            fail(replyOrChild);
        }
    }

    final void unregister(final Object replyOrChild)
    {
        registrations.remove(replyOrChild);
    }

    private void fail(final Object registration)
    {
        if (registration instanceof Exchange<?> reply)
        {
            reply.cancelByCaller(new CancellationException(reason));
        }
        else
        {
            ((Cancellation)registration).cancelWith(reason);
        }
    }

    /**
     * @return why it was cancelled, or null.
     */
    public String reason()
    {
        return reason;
    }
}
