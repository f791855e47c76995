package io.hotpath.examples.pipeline;

import io.hotpath.Actor;
import io.hotpath.ActorRef;

/**
 * First stage: stamps each order with a sequence number and refuses malformed ones. Every order, refused or not,
 * goes on down the same line, so the publisher sees them in the gateway's order. NOT thread safe: runs on its
 * worker only.
 */
public final class Gateway implements Actor<Order>
{
    private final ActorRef<Order> next;
    private long sequence;

    /**
     * @param next the risk stage.
     */
    public Gateway(final ActorRef<Order> next)
    {
        this.next = next;
    }

    @Override
    public void onMessage(final Order order)
    {
        order.sequence = ++sequence;
        if ((order.side() != Order.BUY && order.side() != Order.SELL) || order.quantity() < 1 ||
            order.quantity() > Order.MAX_QUANTITY)
        {
            order.reject(Order.RejectReason.BAD_QUANTITY);
        }
        else if (order.price() < 1 || order.price() >= OrderBook.PRICE_LEVELS)
        {
            order.reject(Order.RejectReason.BAD_PRICE);
        }
        next.tell(order);
    }
}
