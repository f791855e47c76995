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
 * A handler that returns false leaves its frame at the head of the queue: the next drain hands the same frame
 * again, first, and its slot is not given back to producers meanwhile. This is how a worker pushes back when a
 * target's mailbox is full. The producer offers three frames to a queue of two concurrently, so the refusal races
 * new publications, and the third offer can only succeed in a slot the consumer really took.
 * <p>
 * Result: (id of the frame the first drain refused, 0 if it found none; frames the second drain took; all frames
 * taken in order as digits; bit i set when offer i returned OK).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, [0-2], 12, 6", expect = ACCEPTABLE,
    desc = "First drain found nothing yet; third offer found the queue full; both frames taken in order.")
@Outcome(id = "1, [1-2], 12, 6", expect = ACCEPTABLE,
    desc = "Frame 1 refused, then handed again first; third offer found the queue full; both taken in order.")
@Outcome(id = "0, [1-3], 123, 14", expect = ACCEPTABLE,
    desc = "First drain found nothing yet; third offer took the slot the second drain gave back; all in order.")
@Outcome(id = "1, [1-3], 123, 14", expect = ACCEPTABLE,
    desc = "Frame 1 refused, then handed again first; third offer took the slot it left; all in order.")
@Outcome(expect = FORBIDDEN,
    desc = "The refused frame lost, taken out of order or twice, or its slot handed to a producer before it was " +
    "taken.")
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
            return false;
        }, Integer.MAX_VALUE);
        r.r1 = taken == 0 ? refused : -1;
        r.r2 = queue.drain(log, Integer.MAX_VALUE);
    }

    @Arbiter
    public void rest(final IIII_Result r)
    {
        queue.drain(log, Integer.MAX_VALUE);
        r.r3 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
    }
}
