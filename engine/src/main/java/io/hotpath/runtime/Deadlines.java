package io.hotpath.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * Turns the durations users pass into nanoseconds the engine can add to a clock reading without overflow: a
 * duration too long for a {@code long} of nanoseconds, or long enough that a deadline would pass the end of the
 * clock's range, means "never" ({@link #NEVER}), and no timer is set for it. Stateless.
 */
final class Deadlines
{
    /** A timeout or delay at least this long never ends: about 146 years, half the range of the clock. */
    static final long NEVER = Long.MAX_VALUE / 2;

    private Deadlines()
    {
    }

    /**
     * @param duration a user's duration.
     * @param what     what it is, for messages ("ask timeout").
     * @return its nanoseconds, at most {@link #NEVER}.
     * @throws NullPointerException when it is null, naming {@code what}.
     */
    static long nanos(final Duration duration, final String what)
    {
        Objects.requireNonNull(duration, () -> what + " is null; pass a Duration");
        if (duration.isNegative())
        {
            return -1;
        }
        try
        {
            return Math.min(duration.toNanos(), NEVER);
        }
        catch (final ArithmeticException tooLong)
        {
            return NEVER;
        }
    }

    /**
     * @param timeout an ask's timeout: positive.
     * @return its nanoseconds, at most {@link #NEVER}.
     */
    static long askTimeoutNs(final Duration timeout)
    {
        final long ns = nanos(timeout, "ask timeout");
        if (ns <= 0)
        {
            throw new IllegalArgumentException("ask timeout must be positive: " + timeout);
        }
        return ns;
    }

    /**
     * @param delay a delay: zero or more.
     * @param what  what it is, for messages.
     * @return its nanoseconds, at most {@link #NEVER}.
     */
    static long delayNs(final Duration delay, final String what)
    {
        final long ns = nanos(delay, what);
        if (ns < 0)
        {
            throw new IllegalArgumentException(what + " must not be negative: " + delay);
        }
        return ns;
    }

    /**
     * @return a + b for two spans of zero or more, at most {@link Long#MAX_VALUE}.
     */
    static long saturatedAdd(final long a, final long b)
    {
        final long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /**
     * @return true when a timer should be set: the span ends within the clock's range.
     */
    static boolean ends(final long spanNs)
    {
        return spanNs < NEVER;
    }
}
