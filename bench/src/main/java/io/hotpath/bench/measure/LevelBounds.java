package io.hotpath.bench.measure;

import java.io.Serializable;
import java.util.List;

/**
 * The speed levels a paired row's pairs are grouped by: where each level begins on the p50 of the floor slices, and
 * from where a floor slice shows its two threads on one CPU. The local rows' floor is the two-thread volatile
 * ping-pong ({@link #LOCAL}, {@link Pairing}); a row whose slices run another floor (the remote rows' raw Aeron)
 * brings bounds of its own. Immutable.
 *
 * @param floor        what the floor slices run, as the tables name it.
 * @param names        the levels, fastest first (names of {@link Pairing#LEVELS}).
 * @param fromNs       where each level after the first begins, ns: one fewer than the names, ascending.
 * @param sharedFromNs the floor's p50 from which its two threads shared one CPU, ns.
 */
public record LevelBounds(String floor, List<String> names, List<Long> fromNs, long sharedFromNs)
    implements Serializable
{
    /** The local rows' levels: the two-thread floor's. */
    public static final LevelBounds LOCAL = new LevelBounds("the floor", Pairing.LEVELS,
        List.of(Pairing.MID_FROM_NS, Pairing.FAR_FROM_NS, Pairing.DISTANT_FROM_NS), Pairing.SHARED_FROM_NS);

    /**
     * @throws IllegalArgumentException when the bounds do not fit the names, or do not ascend.
     */
    public LevelBounds
    {
        names = List.copyOf(names);
        fromNs = List.copyOf(fromNs);
        if (fromNs.size() != names.size() - 1)
        {
            throw new IllegalArgumentException(floor + ": " + names.size() + " levels need " + (names.size() - 1) +
                " bounds, not " + fromNs.size());
        }
        long last = 0;
        for (final long bound : fromNs)
        {
            if (bound <= last)
            {
                throw new IllegalArgumentException(floor + ": the bounds must ascend from above 0: " + fromNs);
            }
            last = bound;
        }
        if (sharedFromNs <= last)
        {
            throw new IllegalArgumentException(floor + ": the shared bound must lie above the levels' bounds");
        }
        if (!Pairing.LEVELS.containsAll(names))
        {
            throw new IllegalArgumentException(floor + ": levels are named from " + Pairing.LEVELS + ", not " + names);
        }
    }

    /**
     * @param floorP50Ns a floor slice's p50.
     * @return its level's name, or {@link Pairing#SHARED}.
     */
    public String levelOf(final long floorP50Ns)
    {
        if (floorP50Ns >= sharedFromNs)
        {
            return Pairing.SHARED;
        }
        for (int i = fromNs.size() - 1; i >= 0; i--)
        {
            if (floorP50Ns >= fromNs.get(i))
            {
                return names.get(i + 1);
            }
        }
        return names.get(0);
    }

    /**
     * @return the bounds as the tables print them: {@code FLOOR's p50: LEVEL < BOUND ns <= LEVEL < ...}.
     */
    public String describe()
    {
        final StringBuilder sb = new StringBuilder(floor).append("'s p50: ").append(names.get(0));
        for (int i = 0; i < fromNs.size(); i++)
        {
            sb.append(" < ").append(fromNs.get(i)).append(" ns <= ").append(names.get(i + 1));
        }
        return sb.toString();
    }
}
