package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two producers race for the last free slot of a queue of capacity two: exactly one gets it and the other sees
 * FULL; the queue never holds more than its capacity and the winner's frame is the one drained.
 * <p>
 * Result: (producer 1's status, producer 2's status, frames drained in order as digits; letter 1 was there before).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 1, 12", expect = ACCEPTABLE, desc = "Producer 1 took the last slot, producer 2 found it full.")
@Outcome(id = "1, 0, 13", expect = ACCEPTABLE, desc = "Producer 2 took the last slot, producer 1 found it full.")
@Outcome(expect = FORBIDDEN,
    desc = "Both took the slot (a frame overwritten or capacity exceeded), neither did, or the drained frames do " +
    "not match the offers that succeeded.")
@State
public class ManyToOneFrameQueueLastSlotTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Letter letter2 = new Letter(target, 2);
    private final Letter letter3 = new Letter(target, 3);

    public ManyToOneFrameQueueLastSlotTest()
    {
        queue.offer(target, new Letter(target, 1));
    }

    @Actor
    public void producer1(final III_Result r)
    {
        r.r1 = queue.offer(target, letter2);
    }

    @Actor
    public void producer2(final III_Result r)
    {
        r.r2 = queue.offer(target, letter3);
    }

    @Arbiter
    public void consumer(final III_Result r)
    {
        final FrameLog log = new FrameLog();
        queue.drain(log, Integer.MAX_VALUE);
        r.r3 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
    }
}
