package io.hotpath.runtime;

import io.hotpath.inbound.FrameQueue;
import io.hotpath.inbound.OneToOneFrameQueue;

/**
 * Before an await of an answer from another worker suspends, it may wait for that answer in a short spin, if its
 * worker has nothing else to do ({@link Worker#idleButFor}): the answer arrives as a frame at the head of the lane
 * from the answering worker (or of the worker's inbound queue, when that worker has no lane to it), where the spin
 * takes it, so a quick answer costs no suspension and no resumption. The spin gives way as soon as another frame
 * comes first (in that queue, or in the inbound queue while it watches a lane), the engine begins to close, or
 * {@code await.spinNs} of real time pass (counted from the first few polls). Stateless; owner's thread only.
 */
final class AwaitSpin
{
    /** Polls of the queue between two reads of the clock. */
    private static final int POLLS_PER_CLOCK_READ = 16;

    private AwaitSpin()
    {
    }

    /**
     * @param cell  the awaiting actor, in its turn.
     * @param reply what it awaits, asked by it and not yet known.
     * @return true when the answer arrived during the spin and has been delivered.
     */
    static boolean answerArrived(final ActorCell<?> cell, final Exchange<?> reply)
    {
        final Worker worker = cell.worker;
        final long spinNs = worker.runtime.config.awaitSpinNs();
        final ActorCell<?> target = reply.target;
        if (spinNs == 0 || target == null || target.worker == worker || !worker.idleButFor(cell))
        {
            return false;
        }
        // the request may be among the frames whose receiver's flag this cycle has not looked at yet
        worker.outbound.wakes.lookAtMarked();
        // the answer comes through the lane from the answering worker, or the inbound queue when it has none
        final OneToOneFrameQueue lane = worker.lanes.from(target.worker);
        final FrameQueue queue = lane != null ? lane : worker.inbound;
        long startNs = 0;
        int polls = 0;
        while (true)
        {
            final int next = queue.takeIfNext(cell, reply);
            if (next == FrameQueue.TAKEN)
            {
                reply.onAnswerDelivered();
                worker.counters.countAwait(false);
                return true;
            }
            if (next == FrameQueue.OTHER_NEXT || (lane != null && worker.inbound.hasPublished()))
            {
                return false;
            }
            if (++polls % POLLS_PER_CLOCK_READ == 0)
            {
                // the clock is first read after a few polls, so a quick answer costs no clock read at all
                final long nowNs = System.nanoTime();
                if (startNs == 0)
                {
                    startNs = nowNs;
                }
                else if (nowNs - startNs >= spinNs || worker.close.closing)
                {
                    return false;
                }
            }
            Thread.onSpinWait();
        }
    }
}
