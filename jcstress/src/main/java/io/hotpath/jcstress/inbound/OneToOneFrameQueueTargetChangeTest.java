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
 * A lane's target slot keeps its last target, and its producer writes a target only while its run of frames for
 * that target is in its first lap. Here the lane of two frames has gone round once with target {@code a}; then its
 * producer offers two letters to {@code a} (the run's second lap: the slots are not written) and one to {@code b} (a
 * new run: written into a slot that held {@code a}), while a drain races it. Every frame the consumer takes carries
 * the target it was offered with, in order, once.
 * <p>
 * Result: (letters accepted as a bit mask, 1 &lt;&lt; id; digits of the letters the racing drain took; digits of those
 * the arbiter drained afterwards, or -1 when a frame was torn, seen twice, or the lane's count was wrong).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "6, 0, 12", expect = ACCEPTABLE, desc = "The drain came before any frame; the third found no room.")
@Outcome(id = "6, 1, 2", expect = ACCEPTABLE, desc = "The drain took the first frame; its room came too late.")
@Outcome(id = "6, 12, 0", expect = ACCEPTABLE, desc = "The drain took both; its room came too late for the third.")
@Outcome(id = "14, 1, 23", expect = ACCEPTABLE_INTERESTING,
    desc = "The drain took the first and gave its room back before the third offer looked.")
@Outcome(id = "14, 12, 3", expect = ACCEPTABLE_INTERESTING,
    desc = "The drain took two and gave their room back before the third offer looked.")
@Outcome(id = "14, 123, 0", expect = ACCEPTABLE_INTERESTING, desc = "The drain took all three.")
@Outcome(expect = FORBIDDEN, desc = "A frame with another offer's target, lost or seen twice, letters out of " +
    "order, or the lane's count wrong.")
@State
public class OneToOneFrameQueueTargetChangeTest
{
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(2);
    private final Object a = new Object();
    private final Object b = new Object();
    private final Letter[] letters = {new Letter(a, 1), new Letter(a, 2), new Letter(b, 3)};
    private final FrameLog racing = new FrameLog();

    public OneToOneFrameQueueTargetChangeTest()
    {
        // a lap with target a: both slots hold a when the test begins
        Letter.offerEach(lane, new Letter[]{new Letter(a, 4), new Letter(a, 5)});
        lane.drain(new FrameLog(), Integer.MAX_VALUE);
    }

    @Actor
    public void producer(final III_Result r)
    {
        r.r1 = Letter.offerEach(lane, letters);
    }

    @Actor
    public void consumer()
    {
        lane.drain(racing, Integer.MAX_VALUE);
    }

    @Arbiter
    public void check(final III_Result r)
    {
        r.r2 = racing.order;
        r.r3 = FrameLog.drainRest(lane, racing, r.r1);
    }
}
