package io.hotpath;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
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
    private static final long ONE_SUCCESS = 1L << 32;
    private static final long FAILURES = 0xFFFF_FFFFL;

    private final int needed;
    private final int total;
    private final AtomicLong counts = new AtomicLong();
    private final AtomicReferenceArray<Reply<T>> order;
    private final List<Reply<T>> replies;
    private final java.util.concurrent.atomic.AtomicReference<Throwable> firstError =
        new java.util.concurrent.atomic.AtomicReference<>();
    private BiConsumer<? super List<Reply<T>>, ? super Throwable> callback;

    private Join(final int needed, final List<Reply<T>> replies)
    {
        this.needed = needed;
        this.total = replies.size();
        this.order = new AtomicReferenceArray<>(total);
        this.replies = replies;
    }

    /**
     * @param needed  how many replies must succeed, 1 to {@code replies.size()}.
     * @param replies the replies to wait for.
     * @param <T>     the type of the answers.
     * @return the join; add its callback with {@link #onComplete}.
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
        long before;
        long after;
        do
        {
            before = counts.get();
            after = before + (succeeded ? ONE_SUCCESS : 1);
        }
        while (!counts.compareAndSet(before, after));
        final int index = (int)(before >>> 32) + (int)(before & FAILURES);
        order.set(index, reply);
        final int successes = (int)(after >>> 32);
        final int failures = (int)(after & FAILURES);
        if (succeeded && successes == needed)
        {
            callback.accept(completedSoFar(index + 1), null);
        }
        else if (!succeeded && failures == total - needed + 1 && successes < needed)
        {
            final Throwable first = firstError.get();
            callback.accept(completedSoFar(index + 1), new JoinFailedException("only " + (total - failures) +
                " of " + total + " replies can still succeed, " + needed + " needed; first failure: " + first,
                first));
        }
    }

    /** Replies completed before the deciding one are being recorded by their own threads: wait for them. */
    private List<Reply<T>> completedSoFar(final int count)
    {
        final List<Reply<T>> done = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            Reply<T> reply;
            while ((reply = order.get(i)) == null)
            {
                Thread.onSpinWait();
            }
            done.add(reply);
        }
        return done;
    }
}
