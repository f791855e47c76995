package io.hotpath.bench.savina;

import java.util.Arrays;
import java.util.Locale;

/**
 * The runtimes the Savina ports run on. Immutable.
 */
public enum Implementation
{
    /** Hotpath: the configured workers and idle strategy, default placement. */
    HOTPATH("hotpath"),
    /** Pekko classic actors on the default dispatcher, parallelism equal to the worker count. */
    PEKKO_CLASSIC("pekko-classic");

    private final String label;

    Implementation(final String label)
    {
        this.label = label;
    }

    /**
     * @return the name used in options, tables and JSON.
     */
    public String label()
    {
        return label;
    }

    /**
     * @param workers threads the runtime may keep busy.
     * @param idle    Hotpath's idle strategy.
     * @return a started runtime; close it.
     */
    public ActorRuntime start(final int workers, final String idle)
    {
        return switch (this)
        {
            case HOTPATH -> new HotpathRuntime(workers, idle);
            case PEKKO_CLASSIC -> new PekkoClassicRuntime(workers);
        };
    }

    /**
     * @param label as printed.
     * @return the implementation of that name.
     * @throws IllegalArgumentException listing the names.
     */
    public static Implementation of(final String label)
    {
        for (final Implementation i : values())
        {
            if (i.label.equals(label.toLowerCase(Locale.ROOT)))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown implementation '" + label + "': use one of " +
            Arrays.stream(values()).map(Implementation::label).toList());
    }
}
