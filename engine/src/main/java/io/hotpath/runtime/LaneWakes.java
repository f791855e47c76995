package io.hotpath.runtime;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The sleep handshake of one worker's lane offers to workers that may park, paid once per duty cycle and destination
 * instead of once per frame. A lane's offer is release stores only, so before its sender looks at the receiver's
 * sleep flag it fences ({@link Worker#claimWakeUpAfterLaneOffer}); done per frame, a stream pays a full fence per
 * message. Here the first frame a duty cycle publishes to a destination looks at once (a lone request or answer
 * crosses as before), and the frames after it only mark the destination; the cycle's end looks at each marked one
 * after a single fence ({@link #lookAtMarked}). A receiver that parked after the first look, on lanes it saw empty,
 * is woken by that look: the frames are in the lane before the fence, and the receiver's store of its flag comes
 * before its look at the lanes (the Dekker pair of {@link Worker#prepareToPark}). So a frame waits for a parked
 * receiver at most until its sender's cycle ends; an await spin looks at once, before it spins
 * (docs/lab/2026-11-28-lane-wakes-once-per-cycle.md).
 * <p>
 * NOT thread safe: the sending worker's thread only.
 */
final class LaneWakes
{
    /** Per destination index: the duty cycle of this worker in which it last looked at that one's flag at once. */
    private final long[] lookedInCycle;
    /** Per destination index: marked, to be looked at when the cycle ends. */
    private final boolean[] marked;
    /** The marked destinations, in the order marked; {@link #count} of them. */
    private final Worker[] pending;
    private int count;

    LaneWakes(final int workers)
    {
        this.lookedInCycle = new long[workers];
        Arrays.fill(lookedInCycle, -1);
        this.marked = new boolean[workers];
        this.pending = new Worker[workers];
    }

    /**
     * Frames were published to {@code dest}'s lane, which may park: look at its sleep flag now if this is the
     * cycle's first publication there, else mark it for the cycle's end.
     *
     * @param cycle the sending worker's duty cycle now.
     */
    void afterOffer(final Worker dest, final long cycle)
    {
        final int index = dest.index;
        if (lookedInCycle[index] != cycle)
        {
            lookedInCycle[index] = cycle;
            dest.wakeAfterLaneOffer();
        }
        else if (!marked[index])
        {
            marked[index] = true;
            pending[count++] = dest;
        }
    }

    /**
     * Look at every marked destination's sleep flag, after one full fence for them all, and wake those asleep; nothing
     * (no fence) when none is marked. At the end of each duty cycle, and before anything of the sender's may wait (an
     * await's spin).
     */
    void lookAtMarked()
    {
        if (count == 0)
        {
            return;
        }
        VarHandle.fullFence();
        for (int i = 0; i < count; i++)
        {
            final Worker dest = pending[i];
            pending[i] = null;
            marked[dest.index] = false;
            if (dest.claimWakeUp())
            {
                LockSupport.unpark(dest.owner);
            }
        }
        count = 0;
    }
}
