package io.hotpath.examples.pipeline;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A ring of pre-allocated orders shared by one producer (the feed) and one releaser (the publisher): the producer
 * takes the next order only once the publisher has released the one that slot held a lap before, so no order is
 * ever re-used while a stage still holds it, and the steady state allocates nothing. Thread safe for exactly one
 * claiming thread and one releasing thread.
 */
public final class OrderPool
{
    private static final VarHandle RELEASED;

    static
    {
        try
        {
            RELEASED = MethodHandles.lookup().findVarHandle(OrderPool.class, "released", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final Order[] orders;
    private final int mask;
    /** Producer's thread only. */
    private long claimed;
    /** Written by the releaser with a release store, read by the producer with an acquire load. */
    private volatile long released;

    /**
     * @param capacity a power of two: how many orders may be in the pipeline at once.
     */
    public OrderPool(final int capacity)
    {
        if (Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        orders = new Order[capacity];
        for (int i = 0; i < capacity; i++)
        {
            orders[i] = new Order();
        }
        mask = capacity - 1;
    }

    /**
     * Take the next free order, spinning while every order is in the pipeline (back-pressure on the feed).
     * Producer's thread only.
     *
     * @return the order to fill and send.
     */
    public Order claim()
    {
        final long next = claimed;
        while (next - (long)RELEASED.getAcquire(this) >= orders.length)
        {
            Thread.onSpinWait();
        }
        claimed = next + 1;
        return orders[(int)(next & mask)];
    }

    /**
     * Give back the oldest order in the pipeline; orders are released in the order they were claimed. Releaser's
     * thread only.
     */
    public void release()
    {
        RELEASED.setRelease(this, (long)RELEASED.getOpaque(this) + 1);
    }

    /**
     * @return orders released so far; any thread.
     */
    public long released()
    {
        return (long)RELEASED.getAcquire(this);
    }
}
