package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Per-producer FIFO: two producers offer two frames each; whatever the interleaving of their claims, each
 * producer's frames are drained in the order it offered them (1 before 2, 3 before 4), none lost or repeated. The
 * engine's per-sender message order across workers rests on this.
 * <p>
 * Result: (offers accepted, frames drained in order as digits).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "4, (1234|3412)", expect = ACCEPTABLE, desc = "One producer claimed both its slots first.")
@Outcome(id = "4, (1324|1342|3124|3142)", expect = ACCEPTABLE, desc = "The producers' claims interleaved.")
@Outcome(expect = FORBIDDEN,
    desc = "A producer's frames out of order, a frame lost, repeated or torn, or an offer refused by a queue " +
    "with room.")
@State
public class ManyToOneFrameQueueProducerFifoTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
    private final Object target1 = new Object();
    private final Object target2 = new Object();
    private final Letter letter1 = new Letter(target1, 1);
    private final Letter letter2 = new Letter(target1, 2);
    private final Letter letter3 = new Letter(target2, 3);
    private final Letter letter4 = new Letter(target2, 4);
    private int accepted1;
    private int accepted2;

    @Actor
    public void producer1()
    {
        accepted1 = accepted(queue.offer(target1, letter1)) + accepted(queue.offer(target1, letter2));
    }

    @Actor
    public void producer2()
    {
        accepted2 = accepted(queue.offer(target2, letter3)) + accepted(queue.offer(target2, letter4));
    }

    @Arbiter
    public void consumer(final II_Result r)
    {
        final FrameLog log = new FrameLog();
        queue.drain(log, Integer.MAX_VALUE);
        r.r1 = accepted1 + accepted2;
        r.r2 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
    }

    private static int accepted(final int status)
    {
        return status == ManyToOneFrameQueue.OK ? 1 : 0;
    }
}
