package io.hotpath.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The counting core of {@link io.hotpath.Join}: completions of M replies counted in one word, so exactly one of
 * them decides "N succeeded" or "N is out of reach", and recorded in the order their counts were taken. Thread safe:
 * any thread may count a completion, once per reply. Internal; public so the jcstress tests can drive it.
 * <p>
 * The word holds the successes in its high 32 bits and the failures in its low 32 bits, changed by one CAS loop. The
 * count before a completion's CAS is its place in the completion order; it writes itself there after the CAS (a
 * release store of the array slot, read by the decider's acquire load), so the decider may find a slot of an
 * earlier completion still empty for a moment and waits for it.
 *
 * @param <T> what is recorded per completion.
 */
public final class JoinCount<T>
{
    private static final long ONE_SUCCESS = 1L << 32;
    private static final long FAILURES = 0xFFFF_FFFFL;
    /** Spins on an empty slot before yielding the CPU to the thread that is about to fill it. */
    private static final int SPINS_BEFORE_YIELD = 64;

    private final int needed;
    private final int total;
    private final AtomicLong counts = new AtomicLong();
    private final AtomicReferenceArray<T> order;

    /**
     * @param needed successes that decide success, 1 to {@code total}.
     * @param total  completions expected.
     */
    public JoinCount(final int needed, final int total)
    {
        if (needed < 1 || needed > total)
        {
            throw new IllegalArgumentException("needed must be from 1 to " + total + ": " + needed);
        }
        this.needed = needed;
        this.total = total;
        this.order = new AtomicReferenceArray<>(total);
    }

    /**
     * Count one completion and record it. Any thread; once per reply.
     *
     * @param completed what to record for it, not null.
     * @param succeeded whether it succeeded.
     * @return 0 when this completion decides nothing; n &gt; 0 when it decides success and -n when it decides
     * failure, where n is how many completions the decision covers (this one and every one counted before it).
     */
    public int onReply(final T completed, final boolean succeeded)
    {
        long before;
        long after;
        do
        {
            before = counts.get();
            after = before + (succeeded ? ONE_SUCCESS : 1);
        }
        while (!counts.compareAndSet(before, after));
        final int index = (int)(before >>> 32) + (int)(before & FAILURES);
        order.set(index, completed);
        final int successes = (int)(after >>> 32);
        final int failures = (int)(after & FAILURES);
        if (succeeded && successes == needed)
        {
            return index + 1;
        }
        if (!succeeded && failures == total - needed + 1)
        {
            return -(index + 1);
        }
        return 0;
    }

    /**
     * The first completions in completion order. Waits for those counted before the decider whose record is still on
     * its way: each is a few instructions from writing it.
     *
     * @param count how many, as {@link #onReply} returned it (without the sign).
     * @return a new list.
     */
    public List<T> completedInOrder(final int count)
    {
        final List<T> done = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            T completed;
            int spins = 0;
            while ((completed = order.get(i)) == null)
            {
                if (++spins < SPINS_BEFORE_YIELD)
                {
                    Thread.onSpinWait();
                }
                else
                {
                    Thread.yield();
                }
            }
            done.add(completed);
        }
        return done;
    }

    /**
     * @return the successes needed.
     */
    public int needed()
    {
        return needed;
    }

    /**
     * @return the completions expected.
     */
    public int total()
    {
        return total;
    }
}
