package io.hotpath;

import io.hotpath.scheduling.CancellationCore;

import java.util.concurrent.CancellationException;

/**
 * Says that work is no longer wanted. A token flows implicitly: a sequential actor's method runs under the token
 * of the ask that started it ({@link Await#cancellation()}), and the asks it makes carry that token on to their
 * targets. Cancelling fails every pending reply asked under the token (and its children) with a
 * {@link CancellationException}, so the awaits of them throw it at once; a callee checks {@link #isCancelled()} to
 * stop early. Thread safe: any thread may cancel or check.
 */
public final class CancellationToken extends CancellationCore
{
    /**
     * A token of its own, cancelled only by {@link #cancel()}.
     */
    public CancellationToken()
    {
    }

    /**
     * @return a token cancelled with this one (and on its own).
     */
    public CancellationToken newChild()
    {
        final CancellationToken child = new CancellationToken();
        io.hotpath.scheduling.AwaitCore.linkChild(this, child);
        return child;
    }

    /**
     * Cancel; idempotent, any thread.
     */
    public void cancel()
    {
        cancelWith("cancelled");
    }

    /**
     * @throws CancellationException when cancelled.
     */
    public void throwIfCancelled()
    {
        if (isCancelled())
        {
            throw new CancellationException(reason());
        }
    }

    @Override
    public String toString()
    {
        return "CancellationToken[" + (isCancelled() ? "cancelled" : "active") + "]";
    }
}
