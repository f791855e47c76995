package io.hotpath.scheduling;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The engine's side of a {@link io.hotpath.CancellationToken}: a flag set once, and what to fail when it is set
 * (the replies asked under the token, and child tokens). Thread safe: any thread may cancel; the flag is volatile,
 * registrations sit in a lock-free queue, and a reply registered after the cancel fails at once.
 */
public abstract class CancellationCore
{
    private volatile boolean cancelled;
    private volatile String reason;
    private final ConcurrentLinkedQueue<Object> registrations = new ConcurrentLinkedQueue<>();

    /**
     * Subclasses only.
     */
    protected CancellationCore()
    {
    }

    /**
     * @return true once cancelled.
     */
    public final boolean isCancelled()
    {
        return cancelled;
    }

    /**
     * Cancel: every pending reply asked under this token (or a child) fails with a
     * {@link CancellationException}, so every await of one throws it. Idempotent; any thread.
     *
     * @param why said in the exception.
     */
    protected final void cancelWith(final String why)
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
        if (registration instanceof ReplyCore<?> reply)
        {
            reply.tryCompleteQuietly(null, new CancellationException(reason));
        }
        else
        {
            ((CancellationCore)registration).cancelWith(reason);
        }
    }

    /**
     * @return why it was cancelled, or null.
     */
    public final String reason()
    {
        return reason;
    }
}
