package io.hotpath.examples.rebind;

import java.util.List;

/**
 * What re-binding promises, checked on what two consumers received. Stateless.
 */
public final class QuoteChecks
{
    private QuoteChecks()
    {
    }

    /**
     * @param a the sequence numbers one consumer received, in order.
     * @param b those the other received.
     * @return true when each list rises and together they hold 1 to their total size exactly once.
     */
    public static boolean eachOnceInOrder(final List<Long> a, final List<Long> b)
    {
        final int total = a.size() + b.size();
        final boolean[] seen = new boolean[total + 1];
        for (final List<Long> list : List.of(a, b))
        {
            long last = 0;
            for (final long seq : list)
            {
                if (seq <= last || seq > total || seen[(int)seq])
                {
                    return false;
                }
                seen[(int)seq] = true;
                last = seq;
            }
        }
        return true;
    }
}
