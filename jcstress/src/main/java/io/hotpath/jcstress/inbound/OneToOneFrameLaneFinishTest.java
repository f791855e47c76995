package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameLane;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Exact close of a lane, which has no closed state its offers check: of its two ends, the one that finishes last
 * counts what is left. The producer publishes a frame, as a worker's last cycle may while the other worker is
 * finishing, then finishes ({@code producerDone}, and {@code takeLeftovers} if the consumer had gone); the consumer
 * drains, finishes ({@code consumerDone}) and drains again if the producer had gone first. The frame is counted
 * exactly once, by one of them.
 * <p>
 * Result: (frames the consumer took, frames the producer counted as left over).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "The consumer took the frame, before or after it finished.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The consumer had finished; the producer counted the frame.")
@Outcome(expect = FORBIDDEN, desc = "The frame was lost (counted by neither) or counted twice.")
@State
public class OneToOneFrameLaneFinishTest
{
    private final OneToOneFrameLane lane = new OneToOneFrameLane(2);
    private final Object target = new Object();
    private final Object message = new Object();

    @Actor
    public void producer(final II_Result r)
    {
        lane.offer(target, message);
        if (lane.producerDone())
        {
            r.r2 = lane.takeLeftovers((frameTarget, frame) -> true);
        }
    }

    @Actor
    public void consumer(final II_Result r)
    {
        int taken = lane.drain((frameTarget, frame) -> true, Integer.MAX_VALUE);
        if (lane.consumerDone())
        {
            taken += lane.drain((frameTarget, frame) -> true, Integer.MAX_VALUE);
        }
        r.r1 = taken;
    }
}
