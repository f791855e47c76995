package io.hotpath.examples.pipeline;

import io.hotpath.Actor;

/**
 * Last stage: hands each order's outcome to a listener (a market-data or drop-copy sender in a real service), then
 * gives the order back to the pool. NOT thread safe: runs on its worker only.
 */
public final class Publisher implements Actor<Order>
{
    /** Gets every order's outcome, on the publisher's worker; must copy what it keeps, the order is re-used. */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * @param order the order with its outcome; valid only during the call.
         */
        void onOutcome(Order order);
    }

    private final Listener listener;
    private final OrderPool pool;

    /**
     * @param listener gets each outcome.
     * @param pool     where the orders go back.
     */
    public Publisher(final Listener listener, final OrderPool pool)
    {
        this.listener = listener;
        this.pool = pool;
    }

    @Override
    public void onMessage(final Order order)
    {
        try
        {
            listener.onOutcome(order);
        }
        finally
        {
            pool.release();
        }
    }
}
