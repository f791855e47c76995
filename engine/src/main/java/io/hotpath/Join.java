package io.hotpath;

import io.hotpath.runtime.JoinCount;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * Resume after N of M replies: the callback runs once, when {@code needed} replies have succeeded, with the
 * replies completed so far in completion order; or as soon as so many have failed that {@code needed} can no longer
 * be reached, with a {@link JoinFailedException}. Thread safe: the two counts (succeeded, failed) live in one word
 * changed by one CAS, so exactly one completion makes the decision, whichever thread it runs on. Created by an
 * asking actor, the callback runs on that actor's worker under its exclusion.
 *
 * @param <T> the type of the answers.
 */
public final class Join<T>
{
    private final JoinCount<Reply<T>> count;
    private final List<Reply<T>> replies;
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private BiConsumer<? super List<Reply<T>>, ? super Throwable> callback;

    private Join(final int needed, final List<Reply<T>> replies)
    {
        this.count = new JoinCount<>(needed, replies.size());
        this.replies = replies;
    }

    /**
     * {@return a join that completes once {@code needed} of the replies have succeeded, or fails once that can no
     * longer happen; add its callback with {@link #onComplete}}
     *
     * @param needed  how many replies must succeed, 1 to {@code replies.size()}.
     * @param replies the replies to wait for.
     * @param <T>     the type of the answers.
     * @throws IllegalArgumentException when {@code needed} is not from 1 to {@code replies.size()}.
     */
    public static <T> Join<T> of(final int needed, final List<Reply<T>> replies)
    {
        Objects.requireNonNull(replies, "replies");
        if (needed < 1 || needed > replies.size())
        {
            throw new IllegalArgumentException("needed must be from 1 to " + replies.size() + ": " + needed);
        }
        return new Join<>(needed, List.copyOf(replies));
    }

    /**
     * Set the callback and start counting. Call once, from the thread that asked (the asking actor's handler).
     *
     * @param callback gets (completed replies in completion order, null) on success, or (completed so far,
     *                 {@link JoinFailedException}) once {@code needed} is out of reach.
     * @return this.
     */
    public Join<T> onComplete(final BiConsumer<? super List<Reply<T>>, ? super Throwable> callback)
    {
        if (this.callback != null)
        {
            throw new IllegalStateException("a join takes one callback");
        }
        this.callback = Objects.requireNonNull(callback, "callback");
        for (final Reply<T> reply : replies)
        {
            reply.onComplete((value, error) -> onReply(reply, error));
        }
        return this;
    }

    private void onReply(final Reply<T> reply, final Throwable error)
    {
        final boolean succeeded = error == null;
        if (!succeeded)
        {
            firstError.compareAndSet(null, error);
        }
        final int decision = count.onReply(reply, succeeded);
        if (decision > 0)
        {
            callback.accept(count.completedInOrder(decision), null);
        }
        else if (decision < 0)
        {
            final int needed = count.needed();
            final int total = count.total();
            final Throwable first = firstError.get();
            callback.accept(count.completedInOrder(-decision), new JoinFailedException("only " + (needed - 1) +
                " of " + total + " replies can still succeed, " + needed + " needed; first failure: " + first,
                first));
        }
    }
}
