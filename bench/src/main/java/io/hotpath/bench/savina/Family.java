package io.hotpath.bench.savina;

import java.util.Arrays;
import java.util.Locale;

/**
 * Savina's three families of benchmarks, in the suite's order. Immutable.
 */
public enum Family
{
    /** One mechanism at a time: a message, a creation, a hop, a mailbox under load. */
    MICRO,
    /** Classic concurrency problems, where the protocol between actors is the workload. */
    CONCURRENCY,
    /** Data-parallel computations spread over actors. */
    PARALLELISM;

    /**
     * @return the name used in options, tables and JSON, e.g. {@code concurrency}.
     */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label as printed, any case.
     * @return the family of that name.
     * @throws IllegalArgumentException listing the names.
     */
    public static Family of(final String label)
    {
        for (final Family f : values())
        {
            if (f.label().equals(label.toLowerCase(Locale.ROOT)))
            {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown family '" + label + "': use one of " +
            Arrays.stream(values()).map(Family::label).toList());
    }
}
