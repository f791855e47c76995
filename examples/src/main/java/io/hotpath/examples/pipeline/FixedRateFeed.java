package io.hotpath.examples.pipeline;

import io.hotpath.ActorRef;

import java.util.concurrent.TimeUnit;

/**
 * Sends orders at a fixed rate from a thread outside the engine, the way a market-data or client feed arrives.
 * Each order carries the time it was meant to be sent by the schedule: when the sender falls behind it sends at
 * once and keeps the schedule, so latency measured from that time includes the wait (no coordinated omission).
 * NOT thread safe: run it on one thread.
 */
public final class FixedRateFeed
{
    /** Describes order number {@code index}; must be a pure function of it so a test can replay the flow. */
    @FunctionalInterface
    public interface OrderSource
    {
        /**
         * @param index      from 0.
         * @param order      to fill in with {@link Order#set}.
         * @param intendedNs when it is meant to be sent.
         */
        void describe(long index, Order order, long intendedNs);
    }

    private final OrderPool pool;
    private final ActorRef<Order> gateway;
    private final OrderSource source;
    private final long periodNs;
    private long worstLagNs;

    /**
     * @param pool          where the orders come from.
     * @param gateway       where they go.
     * @param source        what they are.
     * @param ratePerSecond orders per second.
     */
    public FixedRateFeed(final OrderPool pool, final ActorRef<Order> gateway, final OrderSource source,
        final long ratePerSecond)
    {
        this.pool = pool;
        this.gateway = gateway;
        this.source = source;
        this.periodNs = TimeUnit.SECONDS.toNanos(1) / ratePerSecond;
    }

    /**
     * Send orders {@code from} to {@code from + count - 1}, one every period from now.
     *
     * @param from  the first index.
     * @param count how many.
     */
    public void run(final long from, final long count)
    {
        final long startNs = System.nanoTime();
        for (long i = 0; i < count; i++)
        {
            final long intendedNs = startNs + i * periodNs;
            while (System.nanoTime() - intendedNs < 0)
            {
                Thread.onSpinWait();
            }
            final Order order = pool.claim();
            source.describe(from + i, order, intendedNs);
            gateway.tell(order);
            worstLagNs = Math.max(worstLagNs, System.nanoTime() - intendedNs);
        }
    }

    /**
     * @return the longest an order was sent after its intended time (pool back-pressure and scheduling included);
     *     for reports, not for assertions.
     */
    public long worstLagNs()
    {
        return worstLagNs;
    }
}
