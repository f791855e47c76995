package io.hotpath.affinity;

import java.util.List;

/**
 * An affinity profile that cannot be understood: unknown keys, malformed values, worker indexes out of
 * range. Carries every problem found, each naming the key, the value and what is allowed.
 * <p>
 * Immutable, so thread-safe.
 */
public final class AffinityConfigException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String[] problems;

    public AffinityConfigException(final String source, final List<String> problems)
    {
        super(message(source, problems));
        this.source = source;
        this.problems = problems.toArray(String[]::new);
    }

    /**
     * @return where the profile came from, e.g. its file name.
     */
    public String source()
    {
        return source;
    }

    /**
     * @return one line per problem, e.g. {@code "worker.1.idle=spin: unknown idle strategy; ..."}.
     */
    public List<String> problems()
    {
        return List.of(problems);
    }

    private static String message(final String source, final List<String> problems)
    {
        if (problems.size() == 1)
        {
            return "affinity profile " + source + ": " + problems.getFirst();
        }
        return "affinity profile " + source + " has " + problems.size() + " problems:\n  " +
            String.join("\n  ", problems);
    }
}
