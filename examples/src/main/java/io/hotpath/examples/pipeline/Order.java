package io.hotpath.examples.pipeline;

/**
 * An order and, once it has been through the pipeline, its outcome: a pre-allocated, re-used message (see
 * {@link OrderPool}). NOT thread safe: one stage at a time holds it, handed over by the engine's sends, which order
 * each stage's writes before the next stage's reads.
 */
public final class Order
{
    /** Side of a buy. */
    public static final byte BUY = 0;
    /** Side of a sell. */
    public static final byte SELL = 1;
    /** Largest quantity accepted; also the most fills one order can have, since every fill is at least one lot. */
    public static final int MAX_QUANTITY = 64;

    /** What became of the order. */
    public enum Status
    {
        /** Not yet decided. */
        NEW,
        /** Refused by the gateway or by risk; see {@link #rejectReason()}. */
        REJECTED,
        /** No match: the whole quantity rests on the book. */
        RESTING,
        /** Some matched, the rest rests on the book. */
        PARTIALLY_FILLED,
        /** All matched. */
        FILLED
    }

    /** Why an order was refused. */
    public enum RejectReason
    {
        /** Not refused. */
        NONE,
        /** Quantity outside 1..{@link #MAX_QUANTITY} or a bad side. */
        BAD_QUANTITY,
        /** Price outside the book's range. */
        BAD_PRICE,
        /** Price times quantity over the risk limit. */
        NOTIONAL_LIMIT,
        /** The book had no room left for the remainder. */
        BOOK_FULL
    }

    private long id;
    private byte side;
    private long price;
    private long quantity;
    private long intendedNs;
    long sequence;
    Status status;
    RejectReason rejectReason;
    long leavesQuantity;
    int fillCount;
    final long[] fillPrice = new long[MAX_QUANTITY];
    final long[] fillQuantity = new long[MAX_QUANTITY];
    final long[] fillMakerId = new long[MAX_QUANTITY];

    /**
     * Fill in a new order, clearing the outcome of the order this object carried before.
     *
     * @param id         the client's id.
     * @param side       {@link #BUY} or {@link #SELL}.
     * @param price      in ticks.
     * @param quantity   in lots.
     * @param intendedNs when the order was meant to be sent (a fixed-rate feed's schedule, not when it was).
     * @return this.
     */
    public Order set(final long id, final byte side, final long price, final long quantity, final long intendedNs)
    {
        this.id = id;
        this.side = side;
        this.price = price;
        this.quantity = quantity;
        this.intendedNs = intendedNs;
        sequence = 0;
        status = Status.NEW;
        rejectReason = RejectReason.NONE;
        leavesQuantity = 0;
        fillCount = 0;
        return this;
    }

    void reject(final RejectReason reason)
    {
        status = Status.REJECTED;
        rejectReason = reason;
    }

    void addFill(final long atPrice, final long lots, final long makerId)
    {
        fillPrice[fillCount] = atPrice;
        fillQuantity[fillCount] = lots;
        fillMakerId[fillCount] = makerId;
        fillCount++;
    }

    /** @return the client's id. */
    public long id()
    {
        return id;
    }

    /** @return {@link #BUY} or {@link #SELL}. */
    public byte side()
    {
        return side;
    }

    /** @return the limit price, in ticks. */
    public long price()
    {
        return price;
    }

    /** @return the quantity, in lots. */
    public long quantity()
    {
        return quantity;
    }

    /** @return when the feed meant to send it. */
    public long intendedNs()
    {
        return intendedNs;
    }

    /** @return the gateway's sequence number, from 1. */
    public long sequence()
    {
        return sequence;
    }

    /** @return the outcome. */
    public Status status()
    {
        return status;
    }

    /** @return why it was refused, or NONE. */
    public RejectReason rejectReason()
    {
        return rejectReason;
    }

    /** @return the quantity left resting on the book. */
    public long leavesQuantity()
    {
        return leavesQuantity;
    }

    /** @return how many fills it got. */
    public int fillCount()
    {
        return fillCount;
    }

    /** @param i a fill, from 0. @return its price. */
    public long fillPrice(final int i)
    {
        return fillPrice[i];
    }

    /** @param i a fill, from 0. @return its quantity. */
    public long fillQuantity(final int i)
    {
        return fillQuantity[i];
    }

    /** @param i a fill, from 0. @return the id of the resting order it matched. */
    public long fillMakerId(final int i)
    {
        return fillMakerId[i];
    }
}
