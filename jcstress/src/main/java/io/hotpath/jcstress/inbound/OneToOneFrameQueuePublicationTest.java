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
 * A lane's one producer claims without a CAS: it offers three letters into a lane of two frames, one of them
 * already taken by a drain racing it (which gives its room back at its end). The consumer sees each frame whole
 * (the target written before the message's release store), in order, once; the producer is never told a frame was
 * accepted into a slot whose frame is not yet taken, and the producer word it moves counts exactly the frames
 * accepted.
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
@Outcome(expect = FORBIDDEN, desc = "A frame torn, lost or seen twice, letters out of order, a slot reused " +
    "before its frame was taken, or the producer word not counting the frames accepted.")
@State
public class OneToOneFrameQueuePublicationTest
{
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(2);
    private final Object target = new Object();
    private final Letter[] letters = {new Letter(target, 1), new Letter(target, 2), new Letter(target, 3)};
    private final FrameLog racing = new FrameLog();

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
