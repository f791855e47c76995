package io.hotpath.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The counters of one actor, a layer of {@link ActorCell}: kept in the cell itself, so counting costs no load of
 * another object. Single writer, the actor's worker: plain reads and opaque writes there, opaque reads on any other
 * thread (stats, JMX).
 */
abstract class ActorCounters
{
    private static final VarHandle HANDLED;
    private static final VarHandle HANDOFFS;
    private static final VarHandle RESCHEDULES;
    private static final VarHandle EXCEPTIONS;
    private static final VarHandle DEAD_LETTERS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            HANDLED = lookup.findVarHandle(ActorCounters.class, "handled", long.class);
            HANDOFFS = lookup.findVarHandle(ActorCounters.class, "handoffs", long.class);
            RESCHEDULES = lookup.findVarHandle(ActorCounters.class, "reschedules", long.class);
            EXCEPTIONS = lookup.findVarHandle(ActorCounters.class, "exceptions", long.class);
            DEAD_LETTERS = lookup.findVarHandle(ActorCounters.class, "deadLetters", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Messages handled other than by a direct handoff ({@link #handledOpaque} adds the handoffs). */
    private long handled;
    /** Messages handed over directly, each counted once here only: one counter store per handoff. */
    private long handoffs;
    private long reschedules;
    private long exceptions;
    private long deadLetters;

    /** One message handled in a turn, counted on its own. */
    final void countInvoked()
    {
        HANDLED.setOpaque(this, handled + 1);
    }

    /** One message handed over directly. */
    final void countHandOff()
    {
        HANDOFFS.setOpaque(this, handoffs + 1);
    }

    /** {@code n} more messages from its mailbox were handled in one turn. */
    final void countHandled(final int n)
    {
        HANDLED.setOpaque(this, handled + n);
    }

    /** A run of {@code n} more messages was handed over in one turn. */
    final void countRun(final int n)
    {
        HANDOFFS.setOpaque(this, handoffs + n);
    }

    final void countReschedule()
    {
        RESCHEDULES.setOpaque(this, reschedules + 1);
    }

    final void countReschedules(final int n)
    {
        RESCHEDULES.setOpaque(this, reschedules + n);
    }

    final void countException()
    {
        EXCEPTIONS.setOpaque(this, exceptions + 1);
    }

    final void countDeadLetter()
    {
        DEAD_LETTERS.setOpaque(this, deadLetters + 1);
    }

    /** @return messages handled: those of its turns from the mailbox and the others, and those handed over. */
    final long handledOpaque()
    {
        return (long)HANDLED.getOpaque(this) + (long)HANDOFFS.getOpaque(this);
    }

    final long handoffsOpaque()
    {
        return (long)HANDOFFS.getOpaque(this);
    }

    final long reschedulesOpaque()
    {
        return (long)RESCHEDULES.getOpaque(this);
    }

    final long exceptionsOpaque()
    {
        return (long)EXCEPTIONS.getOpaque(this);
    }

    final long deadLettersOpaque()
    {
        return (long)DEAD_LETTERS.getOpaque(this);
    }
}
