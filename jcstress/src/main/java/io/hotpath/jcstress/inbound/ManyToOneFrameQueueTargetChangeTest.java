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
 * An inbound queue's consumer clears a frame's message slot only, and its target slot keeps its last target until the
 * producer of the next lap writes its own. Here the queue of two frames has gone round once with target {@code a};
 * then two producers offer a letter each over those targets, one to {@code b} and one to {@code a}, and the second
 * drains the queue right after its offer (any thread may offer; it is also the one consumer), racing the first.
 * Every frame the consumer takes carries the target it was offered with, once, and each producer's frame is taken.
 * <p>
 * Result: (letters accepted as a bit mask, 1 &lt;&lt; id; digits of the letters the racing drain took; digits of those
 * the arbiter drained afterwards, or -1 when a frame was torn, seen twice, or the queue's count was wrong).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "6, 0, 12", expect = ACCEPTABLE,
    desc = "The letter to b claimed first, not yet published at the drain: the drain stopped at it.")
@Outcome(id = "6, 12, 0", expect = ACCEPTABLE, desc = "The letter to b claimed and published first: both taken.")
@Outcome(id = "6, 2, 1", expect = ACCEPTABLE, desc = "The letter to a claimed first; b's not yet published.")
@Outcome(id = "6, 21, 0", expect = ACCEPTABLE, desc = "The letter to a claimed first, then b's: both taken.")
@Outcome(expect = FORBIDDEN, desc = "A frame with another offer's target, refused, lost or seen twice, or the " +
    "queue's count wrong.")
@State
public class ManyToOneFrameQueueTargetChangeTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(2);
    private final Object a = new Object();
    private final Object b = new Object();
    private final FrameLog racing = new FrameLog();
    private int accepted1;
    private int accepted2;

    public ManyToOneFrameQueueTargetChangeTest()
    {
        // a lap with target a: both slots hold a when the test begins
        queue.offer(a, new Letter(a, 4));
        queue.offer(a, new Letter(a, 5));
        queue.drain(new FrameLog(), Integer.MAX_VALUE);
    }

    @Actor
    public void toB()
    {
        accepted1 = queue.offer(b, new Letter(b, 1)) == ManyToOneFrameQueue.OK ? 1 << 1 : 0;
    }

    @Actor
    public void toAThenDrain()
    {
        accepted2 = queue.offer(a, new Letter(a, 2)) == ManyToOneFrameQueue.OK ? 1 << 2 : 0;
        queue.drain(racing, Integer.MAX_VALUE);
    }

    @Arbiter
    public void check(final III_Result r)
    {
        r.r1 = accepted1 | accepted2;
        r.r2 = racing.order;
        r.r3 = FrameLog.drainRest(queue, racing, r.r1);
    }
}
