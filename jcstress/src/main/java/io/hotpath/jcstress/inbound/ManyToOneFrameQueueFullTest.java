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
 * A full queue refuses without losing anything: a producer offers three frames to a queue of capacity two while the
 * consumer drains concurrently; exactly the frames whose offer returned OK are drained, once each, in offer order,
 * and an offer returns FULL only when no slot has come back. The third offer can only succeed by reusing a slot the
 * consumer handed back (sequence {@code index + capacity}), so this also tests the wrap-around.
 * <p>
 * Result: (bit i set when offer i returned OK, bit i set when frame i was drained, frames the concurrent drain
 * took, all frames drained in order as digits).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "6, 6, [0-2], 12", expect = ACCEPTABLE,
    desc = "Third offer FULL: the consumer had handed no slot back yet; both accepted frames drained in order.")
@Outcome(id = "14, 14, [1-3], 123", expect = ACCEPTABLE,
    desc = "Third offer OK in a slot the consumer had handed back; all three drained in order.")
@Outcome(expect = FORBIDDEN,
    desc = "An accepted frame lost, a refused one drained, a frame repeated, torn or out of order, or more than " +
    "capacity held.")
@State
public class ManyToOneFrameQueueFullTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Letter letter1 = new Letter(target, 1);
    private final Letter letter2 = new Letter(target, 2);
    private final Letter letter3 = new Letter(target, 3);
    private final FrameLog log = new FrameLog();

    @Actor
    public void producer(final IIII_Result r)
    {
        int ok = 0;
        ok |= queue.offer(target, letter1) == ManyToOneFrameQueue.OK ? 1 << 1 : 0;
        ok |= queue.offer(target, letter2) == ManyToOneFrameQueue.OK ? 1 << 2 : 0;
        ok |= queue.offer(target, letter3) == ManyToOneFrameQueue.OK ? 1 << 3 : 0;
        r.r1 = ok;
    }

    @Actor
    public void consumer(final IIII_Result r)
    {
        r.r3 = queue.drain(log, Integer.MAX_VALUE);
    }

    @Arbiter
    public void rest(final IIII_Result r)
    {
        queue.drain(log, Integer.MAX_VALUE);
        r.r2 = log.duplicate || !queue.isEmpty() ? -1 : log.seen;
        r.r4 = log.order;
    }
}
