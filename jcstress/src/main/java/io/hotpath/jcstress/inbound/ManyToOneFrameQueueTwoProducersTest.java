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
 * Two producers that race for the same free slot each get one, and the consumer sees each frame exactly once and
 * whole: the CAS on the producer word hands every index to one producer only, and a frame's target and message are
 * always those of one offer.
 * <p>
 * Result: (status of producer 1's offer, status of producer 2's offer, frames drained in order as digits).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 0, 12", expect = ACCEPTABLE, desc = "Both accepted; producer 1 claimed the first slot.")
@Outcome(id = "0, 0, 21", expect = ACCEPTABLE, desc = "Both accepted; producer 2 claimed the first slot.")
@Outcome(expect = FORBIDDEN,
    desc = "A frame lost, seen twice, torn (target of one offer with the message of the other), or refused by a " +
    "queue with room.")
@State
public class ManyToOneFrameQueueTwoProducersTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
    private final Object target1 = new Object();
    private final Object target2 = new Object();
    private final Letter letter1 = new Letter(target1, 1);
    private final Letter letter2 = new Letter(target2, 2);

    @Actor
    public void producer1(final III_Result r)
    {
        r.r1 = queue.offer(target1, letter1);
    }

    @Actor
    public void producer2(final III_Result r)
    {
        r.r2 = queue.offer(target2, letter2);
    }

    @Arbiter
    public void consumer(final III_Result r)
    {
        final FrameLog log = new FrameLog();
        queue.drain(log, Integer.MAX_VALUE);
        r.r3 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
    }
}
