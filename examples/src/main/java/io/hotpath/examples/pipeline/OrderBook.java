package io.hotpath.examples.pipeline;

import io.hotpath.Actor;
import io.hotpath.ActorRef;

import java.util.Arrays;

/**
 * Third stage: a price-time priority limit order book for one instrument. An incoming order matches the best
 * opposite prices first and, at one price, the oldest resting order first; what is left rests at its limit. Resting
 * orders are copied into pre-allocated arrays (the pooled order goes on and is re-used), each price level is a FIFO
 * list threaded through them. NOT thread safe: runs on its worker only.
 */
public final class OrderBook implements Actor<Order>
{
    /** Prices are ticks from 1 to PRICE_LEVELS - 1. */
    public static final int PRICE_LEVELS = 256;
    private static final int NONE = -1;
    private static final int NO_BID = 0;
    private static final int NO_ASK = PRICE_LEVELS;

    private final ActorRef<Order> next;
    private final long[] restingId;
    private final long[] restingQuantity;
    private final int[] nextInLevel;
    private final int[] bidHead = new int[PRICE_LEVELS];
    private final int[] bidTail = new int[PRICE_LEVELS];
    private final int[] askHead = new int[PRICE_LEVELS];
    private final int[] askTail = new int[PRICE_LEVELS];
    private int freeSlot;
    private int bestBid = NO_BID;
    private int bestAsk = NO_ASK;

    /**
     * @param next     the publisher.
     * @param capacity most orders resting at once.
     */
    public OrderBook(final ActorRef<Order> next, final int capacity)
    {
        this.next = next;
        restingId = new long[capacity];
        restingQuantity = new long[capacity];
        nextInLevel = new int[capacity];
        for (int i = 0; i < capacity; i++)
        {
            nextInLevel[i] = i + 1 < capacity ? i + 1 : NONE;  // the free list
        }
        Arrays.fill(bidHead, NONE);
        Arrays.fill(bidTail, NONE);
        Arrays.fill(askHead, NONE);
        Arrays.fill(askTail, NONE);
    }

    @Override
    public void onMessage(final Order order)
    {
        if (order.status() == Order.Status.NEW)
        {
            match(order);
        }
        next.tell(order);
    }

    private void match(final Order order)
    {
        final int limit = (int)order.price();
        long left = order.quantity();
        if (order.side() == Order.BUY)
        {
            while (left > 0 && bestAsk <= limit)
            {
                left = takeFromLevel(askHead, askTail, bestAsk, order, left);
                if (askHead[bestAsk] == NONE)
                {
                    bestAsk = nextAsk(bestAsk);
                }
            }
        }
        else
        {
            while (left > 0 && bestBid != NO_BID && bestBid >= limit)
            {
                left = takeFromLevel(bidHead, bidTail, bestBid, order, left);
                if (bidHead[bestBid] == NONE)
                {
                    bestBid = nextBid(bestBid);
                }
            }
        }
        rest(order, limit, left);
    }

    private long takeFromLevel(final int[] head, final int[] tail, final int level, final Order order, final long want)
    {
        long left = want;
        while (left > 0 && head[level] != NONE)
        {
            final int slot = head[level];
            final long lots = Math.min(left, restingQuantity[slot]);
            order.addFill(level, lots, restingId[slot]);
            left -= lots;
            restingQuantity[slot] -= lots;
            if (restingQuantity[slot] == 0)
            {
                head[level] = nextInLevel[slot];
                if (head[level] == NONE)
                {
                    tail[level] = NONE;
                }
                nextInLevel[slot] = freeSlot;
                freeSlot = slot;
            }
        }
        return left;
    }

    private void rest(final Order order, final int limit, final long left)
    {
        if (left == 0)
        {
            order.status = Order.Status.FILLED;
            return;
        }
        if (freeSlot == NONE)
        {
            // No room: the remainder is cancelled, what matched stands.
            order.status = order.fillCount > 0 ? Order.Status.PARTIALLY_FILLED : Order.Status.REJECTED;
            order.rejectReason = Order.RejectReason.BOOK_FULL;
            return;
        }
        final int slot = freeSlot;
        freeSlot = nextInLevel[slot];
        restingId[slot] = order.id();
        restingQuantity[slot] = left;
        nextInLevel[slot] = NONE;
        final boolean buy = order.side() == Order.BUY;
        final int[] head = buy ? bidHead : askHead;
        final int[] tail = buy ? bidTail : askTail;
        if (tail[limit] == NONE)
        {
            head[limit] = slot;
        }
        else
        {
            nextInLevel[tail[limit]] = slot;
        }
        tail[limit] = slot;
        if (buy && limit > bestBid)
        {
            bestBid = limit;
        }
        else if (!buy && limit < bestAsk)
        {
            bestAsk = limit;
        }
        order.leavesQuantity = left;
        order.status = order.fillCount > 0 ? Order.Status.PARTIALLY_FILLED : Order.Status.RESTING;
    }

    private int nextAsk(final int from)
    {
        for (int p = from + 1; p < PRICE_LEVELS; p++)
        {
            if (askHead[p] != NONE)
            {
                return p;
            }
        }
        return NO_ASK;
    }

    private int nextBid(final int from)
    {
        for (int p = from - 1; p > NO_BID; p--)
        {
            if (bidHead[p] != NONE)
            {
                return p;
            }
        }
        return NO_BID;
    }
}
