package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A handler that returns false has taken its frame but ends the drain: the consumer keeps that frame aside (as a
 * worker does when the target's mailbox is full) and takes nothing more until it has delivered it, so the frames
 * stay in order, each taken once. The producer offers three frames to a queue of two concurrently, so the refusal
 * races new publications, and the third offer can only succeed in a slot the consumer really took.
 * <p>
 * Result: (id of the frame the first drain refused, 0 if it found none; frames the second drain took; all frames
 * taken in order as digits; bit i set when offer i returned OK).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, [0-2], 12, 6", expect = ACCEPTABLE,
    desc = "First drain found nothing yet; third offer found the queue full; both frames taken in order.")
@Outcome(id = "1, [0-1], 12, 6", expect = ACCEPTABLE,
    desc = "Frame 1 taken and kept aside, the drain stopped; third offer found the queue full; both in order.")
@Outcome(id = "0, [0-3], 123, 14", expect = ACCEPTABLE,
    desc = "First drain found nothing yet; third offer took a slot the consumer had given back; all in order.")
@Outcome(id = "1, [0-2], 123, 14", expect = ACCEPTABLE,
    desc = "Frame 1 taken and kept aside, the drain stopped; third offer took its slot; all in order.")
@Outcome(expect = FORBIDDEN,
    desc = "The refusing drain went on past the refused frame, or a frame was lost, taken out of order or twice.")
@State
public class ManyToOneFrameQueueRefusedFrameTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Letter letter1 = new Letter(target, 1);
    private final Letter letter2 = new Letter(target, 2);
    private final Letter letter3 = new Letter(target, 3);
    private final FrameLog log = new FrameLog();
    private int refused;
    private Object kept;

    @Actor
    public void producer(final IIII_Result r)
    {
        int ok = 0;
        ok |= queue.offer(target, letter1) == ManyToOneFrameQueue.OK ? 1 << 1 : 0;
        ok |= queue.offer(target, letter2) == ManyToOneFrameQueue.OK ? 1 << 2 : 0;
        ok |= queue.offer(target, letter3) == ManyToOneFrameQueue.OK ? 1 << 3 : 0;
        r.r4 = ok;
    }

    @Actor
    public void consumer(final IIII_Result r)
    {
        final int taken = queue.drain((frameTarget, message) ->
        {
            refused = message instanceof Letter letter ? letter.id : FrameLog.NOT_A_LETTER;
            kept = message;
            return false;
        }, Integer.MAX_VALUE);
        r.r1 = taken == 0 ? 0 : taken == 1 ? refused : -1;
        if (kept != null)
        {
            log.onFrame(target, kept);
        }
        r.r2 = queue.drain(log, Integer.MAX_VALUE);
    }

    @Arbiter
    public void rest(final IIII_Result r)
    {
        queue.drain(log, Integer.MAX_VALUE);
        r.r3 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
    }
}
