package io.hotpath.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The stalls the {@link StallWatcher} found on one worker: how many, and the longest. The worker's side of the watch
 * is two fields of its own ({@link TurnStack#outermostTurns}, {@link TurnStack#depth}), written anyway per turn, so
 * the watch costs its thread one plain add per outermost turn. Both fields here have one writer, the watcher; any
 * thread reads them opaque.
 */
final class TurnWatch
{
    private static final VarHandle STALLS;
    private static final VarHandle LONGEST_STALL_NS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STALLS = lookup.findVarHandle(TurnWatch.class, "stalls", long.class);
            LONGEST_STALL_NS = lookup.findVarHandle(TurnWatch.class, "longestStallNs", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long stalls;
    private long longestStallNs;

    /** One more stall was found. Watcher thread only. */
    void countStall()
    {
        STALLS.setOpaque(this, stalls + 1);
    }

    /** A stall has lasted this long so far; keeps the longest. Watcher thread only. */
    void noteStall(final long stalledNs)
    {
        if (stalledNs > longestStallNs)
        {
            LONGEST_STALL_NS.setOpaque(this, stalledNs);
        }
    }

    /** @return stalls found so far; any thread. */
    long stalls()
    {
        return (long)STALLS.getOpaque(this);
    }

    /** @return the longest stall so far, in ns; any thread. */
    long longestStallNs()
    {
        return (long)LONGEST_STALL_NS.getOpaque(this);
    }
}
