package io.hotpath.runtime;

import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * The callbacks waiting for one {@link Exchange}'s answer, in the order they were added. NOT thread safe: the
 * asking actor's thread only.
 * <p>
 * A callback may reuse its reply for the next ask and add that round's callbacks while this round's still run: so
 * two arrays take turns, this round's is detached before its callbacks run and the next round starts on the spare,
 * and a reply reused from its own callback allocates nothing.
 *
 * @param <T> the type of the answer.
 */
final class Callbacks<T>
{
    private BiConsumer<? super T, ? super Throwable>[] current;
    private BiConsumer<? super T, ? super Throwable>[] spare;
    private int count;

    boolean isEmpty()
    {
        return count == 0;
    }

    /** A new round: forget what was added (the previous round's callbacks have run). */
    void clear()
    {
        count = 0;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    void add(final BiConsumer<? super T, ? super Throwable> callback)
    {
        if (current == null)
        {
            current = new BiConsumer[2];
        }
        else if (count == current.length)
        {
            current = Arrays.copyOf(current, count * 2);
        }
        current[count++] = callback;
    }

    /** Run this round's callbacks in order; those a callback adds for the next round wait on the other array. */
    void runAll(final Exchange<T> exchange, final T value, final Throwable error)
    {
        final BiConsumer<? super T, ? super Throwable>[] running = current;
        final int n = count;
        current = spare;
        spare = null;
        count = 0;
        for (int i = 0; i < n; i++)
        {
            final BiConsumer<? super T, ? super Throwable> callback = running[i];
            running[i] = null;
            exchange.runCallback(callback, value, error);
        }
        if (current == null)
        {
            current = running;
        }
        else if (running != null)
        {
            spare = running;
        }
    }
}
