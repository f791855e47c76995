package io.hotpath.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's outermost turns as the {@link StallWatcher} sees them, and the stalls it found there.
 * <p>
 * {@link #sequence} has one writer, the worker's thread: bumped when an outermost turn begins and when it ends (odd
 * while one runs), with an opaque store (no fence: a plain move on x86), once per outermost turn and never per
 * nested handoff; the watcher reads it opaque. Seeing the same odd value for longer than the threshold means one
 * turn has run that long. The worker takes no time stamp: the watcher times what it sees (as Agrona's duty-cycle
 * tracker, the other way round). {@link #stalls} and {@link #longestStallNs} have one writer, the watcher; any
 * thread reads them opaque.
 */
final class TurnWatch
{
    private static final VarHandle SEQUENCE;
    private static final VarHandle STALLS;
    private static final VarHandle LONGEST_STALL_NS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQUENCE = lookup.findVarHandle(TurnWatch.class, "sequence", long.class);
            STALLS = lookup.findVarHandle(TurnWatch.class, "stalls", long.class);
            LONGEST_STALL_NS = lookup.findVarHandle(TurnWatch.class, "longestStallNs", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long sequence;
    private long stalls;
    private long longestStallNs;

    /** The worker's outermost turn begins (the sequence becomes odd). Worker's thread only. */
    void enter()
    {
        SEQUENCE.setOpaque(this, sequence + 1);
    }

    /** The worker's outermost turn has ended (the sequence becomes even). Worker's thread only. */
    void exit()
    {
        SEQUENCE.setOpaque(this, sequence + 1);
    }

    /** @return the sequence, odd while a turn runs; any thread. */
    long sequenceOpaque()
    {
        return (long)SEQUENCE.getOpaque(this);
    }

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
