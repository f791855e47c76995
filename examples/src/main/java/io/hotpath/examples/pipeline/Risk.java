package io.hotpath.examples.pipeline;

import io.hotpath.Actor;
import io.hotpath.ActorRef;

/**
 * Second stage: refuses orders whose notional (price times quantity) is over a limit. NOT thread safe: runs on its
 * worker only.
 */
public final class Risk implements Actor<Order>
{
    private final ActorRef<Order> next;
    private final long maxNotional;

    /**
     * @param next        the order book.
     * @param maxNotional the largest price times quantity accepted.
     */
    public Risk(final ActorRef<Order> next, final long maxNotional)
    {
        this.next = next;
        this.maxNotional = maxNotional;
    }

    @Override
    public void onMessage(final Order order)
    {
        if (order.status() == Order.Status.NEW && order.price() * order.quantity() > maxNotional)
        {
            order.reject(Order.RejectReason.NOTIONAL_LIMIT);
        }
        next.tell(order);
    }
}
