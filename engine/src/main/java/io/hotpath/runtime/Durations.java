package io.hotpath.runtime;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Durations as people read them in messages: in their natural unit ({@code 365 d}, {@code 10 s}, {@code 1.5 s},
 * {@code 200 ms}, {@code 50 us}), never a year in milliseconds. Stateless; for messages, never on a hot path.
 */
public final class Durations
{
    private static final long[] UNITS_NS = {86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L,
        1_000_000_000L, 1_000_000L, 1_000L, 1L};
    private static final String[] UNITS = {"d", "h", "min", "s", "ms", "us", "ns"};

    private Durations()
    {
    }

    /**
     * @param ns a duration in nanoseconds, not negative.
     * @return it in the largest unit it reaches, with at most two decimals (e.g. {@code 1.5 s}).
     */
    public static String text(final long ns)
    {
        for (int i = 0; i < UNITS_NS.length; i++)
        {
            if (ns >= UNITS_NS[i] || i == UNITS_NS.length - 1)
            {
                final BigDecimal value = BigDecimal.valueOf(ns).divide(BigDecimal.valueOf(UNITS_NS[i]), 2,
                    RoundingMode.HALF_UP).stripTrailingZeros();
                return value.toPlainString() + " " + UNITS[i];
            }
        }
        throw new AssertionError("unreachable");
    }
}
