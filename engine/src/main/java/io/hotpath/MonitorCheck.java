package io.hotpath;

/**
 * How an await that is about to suspend checks that its method holds no monitor. A method suspended inside a
 * {@code synchronized} block keeps the lock while it waits, and its worker thread would wait for itself forever at
 * the next {@code synchronized} on the same object; so an await that finds a held monitor fails with an
 * {@link IllegalStateException} naming it, before it suspends.
 * <p>
 * The JDK does not tell a continuation cheaply whether it holds a monitor: the check reads the thread's locked
 * monitors, which takes a few hundred microseconds and allocates about 2 KB. Awaits that complete without
 * suspending are never checked.
 */
public enum MonitorCheck
{
    /**
     * Never check: for code known never to await inside a {@code synchronized} block.
     */
    OFF,

    /**
     * Check the first {@value #SAMPLED_SUSPENSIONS} suspensions of every actor class (the class of the object its
     * factory returns), engine-wide, then no more: a method that awaits under a lock on its usual path is caught the
     * first times it runs, in tests, and a warmed-up engine pays nothing. A lock taken only on a rare path can
     * escape it; use {@link #ALWAYS} in tests to catch every one.
     */
    SAMPLED,

    /**
     * Check every suspension: for tests and debugging.
     */
    ALWAYS;

    /** Suspensions checked per actor class under {@link #SAMPLED}. */
    public static final int SAMPLED_SUSPENSIONS = 16;

    /**
     * {@return the name used in configuration, e.g. {@code sampled}}
     */
    public String configName()
    {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * {@return the check it names}
     *
     * @param value a configuration value: off, sampled or always (any case).
     * @throws IllegalArgumentException naming the allowed values.
     */
    public static MonitorCheck parse(final String value)
    {
        for (final MonitorCheck check : values())
        {
            if (check.configName().equalsIgnoreCase(value))
            {
                return check;
            }
        }
        throw new IllegalArgumentException("must be off, sampled or always");
    }
}
