package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@code isEmpty()} never hides an accepted frame from the consumer: it counts a frame from the moment its slot is
 * claimed, so a worker that checks it before parking or finishing cannot conclude "empty" while a producer sits
 * between its claim and its publication; and once the offer has returned OK the consumer either drains the frame
 * or still sees the queue non-empty.
 * <p>
 * Result: (1 when the consumer's isEmpty() said empty, frames its drain took, 1 when the arbiter's isEmpty() said
 * empty, frames the arbiter drained or -1 when the offer was not accepted).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "1, 0, 0, 1", expect = ACCEPTABLE,
    desc = "The consumer looked before the claim; the frame waits, and the queue says so.")
@Outcome(id = "1, 1, 1, 0", expect = ACCEPTABLE,
    desc = "Empty at the consumer's look, published before its drain, which took it.")
@Outcome(id = "0, 1, 1, 0", expect = ACCEPTABLE, desc = "The consumer saw the frame and took it.")
@Outcome(id = "0, 0, 0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "Claimed but not yet published: non-empty although nothing was drainable; the consumer keeps looking.")
@Outcome(expect = FORBIDDEN,
    desc = "An accepted frame hidden: the queue said empty with a frame in it, or the frame was lost or repeated.")
@State
public class ManyToOneFrameQueueEmptinessTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Letter letter = new Letter(target, 1);
    private final FrameLog log = new FrameLog();
    private int status = -1;

    @Actor
    public void producer()
    {
        status = queue.offer(target, letter);
    }

    @Actor
    public void consumer(final IIII_Result r)
    {
        r.r1 = queue.isEmpty() ? 1 : 0;
        r.r2 = queue.drain(log, Integer.MAX_VALUE);
    }

    @Arbiter
    public void arbiter(final IIII_Result r)
    {
        r.r3 = queue.isEmpty() ? 1 : 0;
        final int drained = queue.drain(log, Integer.MAX_VALUE);
        r.r4 = status == ManyToOneFrameQueue.OK && !log.duplicate && log.order == 1 ? drained : -1;
    }
}
