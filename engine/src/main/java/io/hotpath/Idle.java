package io.hotpath;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The idle strategies a worker may use when a duty cycle finds nothing to do, in order of falling CPU use: the
 * one list of them. Configured by name ({@link EngineConfig#IDLE}, {@code worker.N.idle}), case-insensitively.
 * Immutable.
 */
public enum Idle
{
    /** Spin on the CPU: the lowest wake-up latency, one CPU always busy. */
    BUSY_SPIN,
    /** Spin with {@link Thread#yield()}: gives the CPU to other runnable threads, still never sleeps. */
    YIELD,
    /** Spin, then yield, then park for growing times up to {@code idle.maxParkNs}; a sender wakes it at once. */
    BACKOFF,
    /** Park for {@code idle.maxParkNs} at once; a sender wakes it at once. */
    PARK;

    /**
     * {@return the name used in configuration: {@code busy-spin}, {@code yield}, {@code backoff}, {@code park}}
     */
    public String configName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * {@return true when the strategy may park the thread, so a sender must wake it}
     */
    public boolean mayPark()
    {
        return this == BACKOFF || this == PARK;
    }

    /**
     * {@return true when the strategy keeps its CPU busy while idle (it never parks)}
     */
    public boolean spins()
    {
        return !mayPark();
    }

    /**
     * {@return the strategy}
     *
     * @param name a configuration name, in any case.
     * @throws IllegalArgumentException naming the allowed names.
     */
    public static Idle parse(final String name)
    {
        for (final Idle idle : values())
        {
            if (idle.configName().equalsIgnoreCase(name == null ? "" : name.strip()))
            {
                return idle;
            }
        }
        throw new IllegalArgumentException("unknown idle strategy '" + name + "': use one of " + names());
    }

    /**
     * {@return the configuration names, comma separated}
     */
    public static String names()
    {
        return Arrays.stream(values()).map(Idle::configName).collect(Collectors.joining(", "));
    }
}
