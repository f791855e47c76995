package io.hotpath.examples.remote;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.examples.remote.sbe.Side;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A small book of one instrument: buys rest, best price first (then time); a sell that is asked matches the
 * resting buys priced at or above it and answers the quantity filled. Owned by its worker, like every actor.
 */
final class Book implements Actor<Order>
{
    private final ActorContext<Order> ctx;
    private final Consumer<String> out;
    private final List<Order> bids = new ArrayList<>();
    private final List<Long> remaining = new ArrayList<>();

    Book(final ActorContext<Order> ctx, final Consumer<String> out)
    {
        this.ctx = ctx;
        this.out = out;
    }

    @Override
    public void onMessage(final Order order)
    {
        if (order.side() == Side.BUY)
        {
            int at = 0;
            while (at < bids.size() && bids.get(at).price() >= order.price())
            {
                at++;
            }
            bids.add(at, order);
            remaining.add(at, order.quantity());
            out.accept("book: order " + order.orderId() + " rests, BUY " + order.quantity() + " @ " + order.price());
            return;
        }
        long filled = 0;
        while (!bids.isEmpty() && bids.get(0).price() >= order.price() && filled < order.quantity())
        {
            final long take = Math.min(remaining.get(0), order.quantity() - filled);
            filled += take;
            out.accept("book: order " + order.orderId() + " fills " + take + " @ " + bids.get(0).price() +
                " against order " + bids.get(0).orderId());
            if (remaining.get(0) == take)
            {
                bids.remove(0);
                remaining.remove(0);
            }
            else
            {
                remaining.set(0, remaining.get(0) - take);
            }
        }
        ctx.reply(filled);
    }
}
