package io.hotpath;

import io.hotpath.runtime.Cancellation;

import java.util.concurrent.CancellationException;

/**
 * Says that work is no longer wanted. A token flows implicitly: a sequential actor's method runs under the token
 * of the ask that started it ({@link Await#cancellation()}), and the asks it makes carry that token on to their
 * targets. Cancelling fails every pending reply asked under the token (and its children) with a
 * {@link CancellationException}, so the awaits of them throw it at once; a callee checks {@link #isCancelled()} to
 * stop early. Thread safe: any thread may cancel or check.
 */
public final class CancellationToken
{
    static
    {
        EngineAccess.install();
    }

    /** The engine's side: the flag and what to fail when it is set. */
    final Cancellation cancellation = new Cancellation(this);

    /**
     * A token of its own, cancelled only by {@link #cancel()}.
     */
    public CancellationToken()
    {
    }

    /**
     * {@return a token cancelled with this one (and on its own)}
     */
    public CancellationToken newChild()
    {
        return cancellation.newChild();
    }

    /**
     * Cancel; idempotent, any thread.
     */
    public void cancel()
    {
        cancellation.cancelWith("cancelled");
    }

    /**
     * {@return true once cancelled} Any thread may ask.
     */
    public boolean isCancelled()
    {
        return cancellation.isCancelled();
    }

    /**
     * {@return why it was cancelled, or null while it is not}
     */
    public String reason()
    {
        return cancellation.reason();
    }

    /**
     * Throw if cancelled, so that a callee can stop early at a point of its choosing; any thread.
     *
     * @throws CancellationException when cancelled, with the reason as its message.
     */
    public void throwIfCancelled()
    {
        if (cancellation.isCancelled())
        {
            throw new CancellationException(cancellation.reason());
        }
    }

    @Override
    public String toString()
    {
        return "CancellationToken[" + (cancellation.isCancelled() ? "cancelled" : "active") + "]";
    }
}
