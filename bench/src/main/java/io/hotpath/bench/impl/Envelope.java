package io.hotpath.bench.impl;

/**
 * The message every implementation passes around: pre-allocated and re-used, so a run allocates nothing per
 * message. NOT thread safe: it is owned by whoever holds it, and the queue or engine that carries it publishes its
 * fields to the receiver.
 */
final class Envelope
{
    /** When the message was sent (or, for fixed-rate, was meant to be sent), System.nanoTime(). */
    public long stampNs;
    /** The thread that ran the other half of a round trip (or the gateway of a pipeline). */
    public long threadId;
    /** 1-based sequence within its sender, for injected drops. */
    public long sequence;

    /**
     * @param n how many.
     * @return n fresh envelopes.
     */
    public static Envelope[] pool(final int n)
    {
        final Envelope[] pool = new Envelope[n];
        for (int i = 0; i < n; i++)
        {
            pool[i] = new Envelope();
        }
        return pool;
    }
}
