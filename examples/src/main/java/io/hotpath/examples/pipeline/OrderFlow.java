package io.hotpath.examples.pipeline;

/**
 * A reproducible flow of orders around a mid price of 128 ticks: buys a little below, sells a little above, with
 * overlap so that many cross and trade; one in 101 has quantity 0 (refused by the gateway) and one in 211 is too
 * large for the risk limit. Stateless and thread safe: order {@code i} is a pure function of {@code i}.
 */
public final class OrderFlow implements FixedRateFeed.OrderSource
{
    @Override
    public void describe(final long index, final Order order, final long intendedNs)
    {
        final long h = mix(index);
        final byte side = (h & 1) == 0 ? Order.BUY : Order.SELL;
        final long offset = Long.remainderUnsigned(h >>> 1, 7) - 3;
        long price = 128 + offset + (side == Order.BUY ? -1 : 1);
        long quantity = 1 + Long.remainderUnsigned(h >>> 8, 20);
        if (index % 101 == 100)
        {
            quantity = 0;
        }
        else if (index % 211 == 210)
        {
            price = 250;
            quantity = Order.MAX_QUANTITY;
        }
        order.set(index + 1, side, price, quantity, intendedNs);
    }

    private static long mix(final long index)
    {
        // SplitMix64's finaliser: consecutive indices give unrelated bits.
        long z = index * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
