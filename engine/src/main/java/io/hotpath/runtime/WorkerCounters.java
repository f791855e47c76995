package io.hotpath.runtime;

import io.hotpath.inbound.ManyToOneFrameQueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker's own counters (those not summed from its actors): awaits that suspended or spun, and the most frames
 * its inbound queue held. Single writer, the worker's thread (plain reads, opaque writes); read from any thread
 * with opaque loads.
 */
final class WorkerCounters
{
    private static final VarHandle AWAIT_SUSPENSIONS;
    private static final VarHandle AWAIT_SPINS;
    private static final VarHandle INBOUND_HIGH_WATER;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            AWAIT_SUSPENSIONS = lookup.findVarHandle(WorkerCounters.class, "awaitSuspensions", long.class);
            AWAIT_SPINS = lookup.findVarHandle(WorkerCounters.class, "awaitSpins", long.class);
            INBOUND_HIGH_WATER = lookup.findVarHandle(WorkerCounters.class, "inboundHighWater", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long awaitSuspensions;
    private long awaitSpins;
    private int inboundHighWater;

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
    void noteInboundDrain(final ManyToOneFrameQueue inbound, final int drained, final int limit)
    {
        if (drained > inboundHighWater || drained == limit)
        {
            final int depth = Math.min(inbound.capacity(), drained < limit ? drained : drained + inbound.size());
            if (depth > inboundHighWater)
            {
                INBOUND_HIGH_WATER.setOpaque(this, depth);
            }
        }
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
