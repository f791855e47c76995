package io.hotpath.bench.impl;

/**
 * Faults injected into a run to prove the harness catches them: a message dropped, a sender stalled. Immutable.
 * The command line never sets them; the harness's own tests do.
 *
 * @param dropAt      the receiver of the first sender drops its message with this 1-based sequence; 0 for none.
 * @param stallAt     the fixed-rate sender stalls before sending the message with this 1-based sequence; 0 for none.
 * @param stallNs     how long that stall lasts.
 */
public record Faults(long dropAt, long stallAt, long stallNs)
{
    /** No faults: what every real run uses. */
    public static final Faults NONE = new Faults(0, 0, 0);

    /**
     * @param sequence 1-based sequence of a message at its receiver.
     * @return true when that message is to be dropped.
     */
    public boolean drops(final long sequence)
    {
        return sequence == dropAt;
    }

    /**
     * Stall the calling sender when it is about to send message {@code sequence}.
     *
     * @param sequence 1-based sequence of the message about to be sent.
     */
    public void maybeStall(final long sequence)
    {
        if (sequence == stallAt && stallNs > 0)
        {
            final long endNs = System.nanoTime() + stallNs;
            long leftNs;
            while ((leftNs = endNs - System.nanoTime()) > 0)
            {
                java.util.concurrent.locks.LockSupport.parkNanos(leftNs);
            }
        }
    }
}
