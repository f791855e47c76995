package io.hotpath.examples.embedded;

/**
 * Stands in for the socket a market-data service reads: a fixed number of ticks over a few instruments, the same
 * every run, handed out a few at a time as a non-blocking read would. NOT thread safe: the service's thread reads it.
 */
public final class SimulatedFeed
{
    /**
     * One raw tick as read from the wire. Immutable.
     *
     * @param instrument from 0.
     * @param price      in ticks.
     */
    public record RawTick(int instrument, long price)
    {
    }

    private final long total;
    private final int instruments;
    private long read;

    /**
     * @param total       ticks in all.
     * @param instruments how many instruments they are spread over.
     */
    public SimulatedFeed(final long total, final int instruments)
    {
        this.total = total;
        this.instruments = instruments;
    }

    /** @return the next tick, or null when a read now finds nothing (here: when the feed is exhausted). */
    public RawTick peek()
    {
        return read == total ? null : tick(read, instruments);
    }

    /** The tick last peeked has been taken. */
    public void advance()
    {
        read++;
    }

    /** @return ticks taken so far. */
    public long read()
    {
        return read;
    }

    /** @return true when every tick has been taken. */
    public boolean exhausted()
    {
        return read == total;
    }

    /**
     * @param index       a tick's position in the feed.
     * @param instruments how many instruments.
     * @return that tick: a pure function of its index, so a test can replay the feed.
     */
    public static RawTick tick(final long index, final int instruments)
    {
        final long h = (index + 1) * 0x9E3779B97F4A7C15L;
        final int instrument = (int)Long.remainderUnsigned(h >>> 7, instruments);
        return new RawTick(instrument, 1_000 + Long.remainderUnsigned(h >>> 23, 4));
    }
}
