package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * How a lane ends at close, with no flag the producer would race on: the producer offers two letters and finishes
 * its side; the consumer drains and finishes its side. Whichever finishes second drains what is left. Every letter
 * is taken exactly once, by one side or the other, and the lane ends empty, whatever the order of the two ends.
 * <p>
 * Result: (letters the consumer took, letters the producer took after finishing, 1 when the lane ended empty with
 * nothing torn, repeated or out of order, else 0).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "2, 0, 1", expect = ACCEPTABLE, desc = "The consumer took both (before or after its finish).")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The consumer took the first and finished first; the producer, second, took the rest.")
@Outcome(id = "0, 2, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The consumer finished before any frame; the producer, second, took both.")
@Outcome(expect = FORBIDDEN, desc = "A letter lost, taken twice, torn or out of order, or left in the lane.")
@State
public class OneToOneFrameQueueFinishTest
{
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(4);
    private final Object target = new Object();
    private final Letter letter1 = new Letter(target, 1);
    private final Letter letter2 = new Letter(target, 2);
    private final FrameLog byConsumer = new FrameLog();
    private final FrameLog byProducer = new FrameLog();

    @Actor
    public void producer()
    {
        lane.offer(target, letter1);
        lane.offer(target, letter2);
        if (lane.finishSide())
        {
            lane.drain(byProducer, Integer.MAX_VALUE);
        }
    }

    @Actor
    public void consumer()
    {
        lane.drain(byConsumer, Integer.MAX_VALUE);
        if (lane.finishSide())
        {
            lane.drain(byConsumer, Integer.MAX_VALUE);
        }
    }

    @Arbiter
    public void check(final III_Result r)
    {
        r.r1 = byConsumer.count;
        r.r2 = byProducer.count;
        final int order = byConsumer.order * (int)Math.pow(10, byProducer.count) + byProducer.order;
        r.r3 = lane.isEmpty() && lane.size() == 0 && !byConsumer.duplicate && !byProducer.duplicate &&
            (byConsumer.seen & byProducer.seen) == 0 && order == 12 ? 1 : 0;
    }
}
