package io.hotpath.runtime;

import java.util.concurrent.TimeUnit;

import io.hotpath.inbound.FrameQueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker's own counters (those not summed from its actors): awaits that suspended or spun, the most frames its
 * inbound queue held, the most messages its outbound backlogs held, its congested actors and the holds on congested
 * targets now, and interrupt flags its handlers left set.
 * Single writer, the worker's thread (plain reads, opaque writes); read from any thread with opaque loads. One
 * exception: any thread may set the two high-water marks back to 0 ({@link #resetHighWater}), so the worker's thread
 * reads those with opaque loads too, and sees a reset at its next drain.
 */
final class WorkerCounters
{
    private static final VarHandle AWAIT_SUSPENSIONS;
    private static final VarHandle AWAIT_SPINS;
    private static final VarHandle INBOUND_HIGH_WATER;
    private static final VarHandle OUTBOUND_HIGH_WATER;
    private static final VarHandle INTERRUPTS_CLEARED;
    private static final VarHandle CONGESTED_ACTORS;
    private static final VarHandle CONGESTED_HOLDS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            AWAIT_SUSPENSIONS = lookup.findVarHandle(WorkerCounters.class, "awaitSuspensions", long.class);
            AWAIT_SPINS = lookup.findVarHandle(WorkerCounters.class, "awaitSpins", long.class);
            INBOUND_HIGH_WATER = lookup.findVarHandle(WorkerCounters.class, "inboundHighWater", int.class);
            OUTBOUND_HIGH_WATER = lookup.findVarHandle(WorkerCounters.class, "outboundHighWater", int.class);
            INTERRUPTS_CLEARED = lookup.findVarHandle(WorkerCounters.class, "interruptsCleared", long.class);
            CONGESTED_ACTORS = lookup.findVarHandle(WorkerCounters.class, "congestedActors", int.class);
            CONGESTED_HOLDS = lookup.findVarHandle(WorkerCounters.class, "congestedHolds", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long awaitSuspensions;
    private long awaitSpins;
    private int inboundHighWater;
    private int outboundHighWater;
    private long interruptsCleared;
    private int congestedActors;
    private int congestedHolds;
    private boolean stackOverflowReported;

    void countAwait(final boolean suspended)
    {
        if (suspended)
        {
            AWAIT_SUSPENSIONS.setOpaque(this, awaitSuspensions + 1);
        }
        else
        {
            AWAIT_SPINS.setOpaque(this, awaitSpins + 1);
        }
    }

    /**
     * A drain that emptied the queue saw its depth; only a drain cut short by the limit reads the producers' index,
     * so the producers' cache line is not pulled over on every message.
     */
    void noteInboundDrain(final FrameQueue inbound, final int drained, final boolean cutShort)
    {
        final int highWater = (int)INBOUND_HIGH_WATER.getOpaque(this);
        if (drained > highWater || cutShort)
        {
            final int depth = Math.min(inbound.capacity(), cutShort ? drained + inbound.size() : drained);
            if (depth > highWater)
            {
                INBOUND_HIGH_WATER.setOpaque(this, depth);
            }
        }
    }

    /** Messages waiting in the outbound backlogs now; keeps the most. */
    void noteOutbound(final int waiting)
    {
        if (waiting > (int)OUTBOUND_HIGH_WATER.getOpaque(this))
        {
            OUTBOUND_HIGH_WATER.setOpaque(this, waiting);
        }
    }

    /**
     * Forget both high-water marks: from now on they hold the most seen since. Any thread; a drain of the worker's
     * going on meanwhile may still record what it saw.
     */
    void resetHighWater()
    {
        INBOUND_HIGH_WATER.setOpaque(this, 0);
        OUTBOUND_HIGH_WATER.setOpaque(this, 0);
    }

    /** An actor of this worker was marked congested ({@code +1}) or caught up ({@code -1}). */
    void countCongested(final int change)
    {
        CONGESTED_ACTORS.setOpaque(this, congestedActors + change);
    }

    /** Holds on congested targets now, per sender and target. */
    void noteCongestedHolds(final int holds)
    {
        CONGESTED_HOLDS.setOpaque(this, holds);
    }

    /** A handler left the thread's interrupt flag set; the worker took it back. Said once per worker. */
    void countInterruptCleared(final Worker worker, final ActorCell<?> cell)
    {
        INTERRUPTS_CLEARED.setOpaque(this, interruptsCleared + 1);
        if (interruptsCleared == 1)
        {
            Logs.WORKERS.log(System.Logger.Level.WARNING, () -> "a handler of actor '" + cell.name + "' left worker " +
                worker.name + "'s interrupt flag set; the worker cleared it (workers own their threads' interrupt " +
                "status; counted in the stats as interruptsCleared)");
        }
    }

    /** A stack overflow under nested handoffs lowered the handoff limit; said once per worker. */
    void noteStackOverflow(final Worker worker, final int handoffLimit)
    {
        if (!stackOverflowReported)
        {
            stackOverflowReported = true;
            Logs.WORKERS.log(System.Logger.Level.WARNING, () -> "a stack overflow under nested direct handoffs on " +
                "worker " + worker.name + "; they nest at most " + handoffLimit + " deep until " +
                TimeUnit.NANOSECONDS.toSeconds(TurnStack.RESTORE_AFTER_NS) + " s pass without another " +
                "(handoff.maxDepth)");
        }
    }

    int congestedActors()
    {
        return (int)CONGESTED_ACTORS.getOpaque(this);
    }

    int congestedHolds()
    {
        return (int)CONGESTED_HOLDS.getOpaque(this);
    }

    int outboundHighWater()
    {
        return (int)OUTBOUND_HIGH_WATER.getOpaque(this);
    }

    long interruptsCleared()
    {
        return (long)INTERRUPTS_CLEARED.getOpaque(this);
    }

    long awaitSuspensions()
    {
        return (long)AWAIT_SUSPENSIONS.getOpaque(this);
    }

    long awaitSpins()
    {
        return (long)AWAIT_SPINS.getOpaque(this);
    }

    int inboundHighWater()
    {
        return (int)INBOUND_HIGH_WATER.getOpaque(this);
    }
}
