package io.hotpath;

import java.util.List;

/**
 * Engine settings that cannot be used: unknown keys, malformed or out-of-range values, per-worker keys of workers
 * that do not exist. Carries every problem found at once, each naming the key, the value and what is allowed, e.g.
 * {@code "worker.2.cpu=5: no worker 2; N must be a worker index from 0 to 1 (workers=2)"}.
 * <p>
 * Immutable, so thread safe.
 */
public final class ConfigException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    /** Where the settings came from, or null; see {@link #source()}. */
    private final String source;
    /** One line per problem; see {@link #problems()}. */
    private final String[] problems;

    /**
     * Make the exception that lists every problem found in one set of settings.
     *
     * @param source   where the settings came from (a file, "system properties"), or null for a builder's settings.
     * @param problems one line per problem, at least one.
     */
    public ConfigException(final String source, final List<String> problems)
    {
        super(message(source, problems));
        this.source = source;
        this.problems = problems.toArray(String[]::new);
    }

    /**
     * {@return where the settings came from, e.g. a file's path; null when they were checked at
     * {@link EngineConfig.Builder#build()}, where they may come from several places}
     */
    public String source()
    {
        return source;
    }

    /**
     * {@return one line per problem, each {@code key=value: what is wrong and what is allowed}}
     */
    public List<String> problems()
    {
        return List.of(problems);
    }

    private static String message(final String source, final List<String> problems)
    {
        if (problems.size() == 1)
        {
            return "bad engine setting " + problems.getFirst() + (source == null ? "" : " (in " + source + ")");
        }
        return problems.size() + " bad engine settings" + (source == null ? "" : " in " + source) + ":\n  " +
            String.join("\n  ", problems);
    }
}
