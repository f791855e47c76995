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
 * Close racing offers: every offer that returned OK is drained by a consumer that, after closing, drains until
 * {@code isEmpty()} (what a worker does when it finishes), every offer that returned CLOSED is not, and once an
 * offer has seen CLOSED no later one succeeds. Nothing accepted is left behind once the consumer stops.
 * <p>
 * Result: (bit i set when offer i returned OK, bit i set when the closing consumer drained frame i, frames still in
 * the queue after it stopped, 1 when the producer saw CLOSED).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 0, 0, 1", expect = ACCEPTABLE, desc = "Closed before both offers: both refused.")
@Outcome(id = "2, 2, 0, 1", expect = ACCEPTABLE,
    desc = "Closed between the offers: the first drained, the second refused.")
@Outcome(id = "6, 6, 0, 0", expect = ACCEPTABLE, desc = "Closed after both offers: both drained.")
@Outcome(expect = FORBIDDEN,
    desc = "An accepted frame left undrained or lost, a refused one drained, or an offer accepted after one was " +
    "refused.")
@State
public class ManyToOneFrameQueueCloseTest
{
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
    private final Object target = new Object();
    private final Letter letter1 = new Letter(target, 1);
    private final Letter letter2 = new Letter(target, 2);

    @Actor
    public void producer(final IIII_Result r)
    {
        final int status1 = queue.offer(target, letter1);
        final int status2 = queue.offer(target, letter2);
        r.r1 = (status1 == ManyToOneFrameQueue.OK ? 1 << 1 : 0) | (status2 == ManyToOneFrameQueue.OK ? 1 << 2 : 0);
        r.r4 = status1 == ManyToOneFrameQueue.CLOSED || status2 == ManyToOneFrameQueue.CLOSED ? 1 : 0;
    }

    @Actor
    public void closingConsumer(final IIII_Result r)
    {
        queue.close();
        final FrameLog log = new FrameLog();
        // As Worker.finish: a claimed but unpublished frame keeps isEmpty() false, so wait for its publication.
        while (!queue.isEmpty())
        {
            if (queue.drain(log, Integer.MAX_VALUE) == 0)
            {
                Thread.onSpinWait();
            }
        }
        r.r2 = log.duplicate ? -1 : log.seen;
    }

    @Arbiter
    public void leftovers(final IIII_Result r)
    {
        final FrameLog log = new FrameLog();
        r.r3 = queue.drain(log, Integer.MAX_VALUE);
    }
}
