package io.hotpath.affinity.topology;

/**
 * One thing a check found wrong or risky in a profile.
 * <p>
 * Immutable, so thread-safe.
 *
 * @param severity whether the profile can be used as it is.
 * @param key      the profile key concerned, e.g. {@code worker.1.cpu}.
 * @param message  the whole story: key, value, what is wrong and what is allowed.
 */
public record Finding(Severity severity, String key, String message)
{
    /** How bad a finding is. */
    public enum Severity
    {
        /** The profile cannot work here as written. */
        ERROR,
        /** The profile works but will cost latency or throughput. */
        WARNING
    }

    static Finding error(final String key, final String message)
    {
        return new Finding(Severity.ERROR, key, message);
    }

    static Finding warning(final String key, final String message)
    {
        return new Finding(Severity.WARNING, key, message);
    }

    /** {@return true when the profile cannot work here as written ({@link Severity#ERROR})} */
    public boolean isError()
    {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString()
    {
        return severity + " " + message;
    }
}
