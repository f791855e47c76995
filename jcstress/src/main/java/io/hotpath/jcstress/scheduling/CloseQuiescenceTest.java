package io.hotpath.jcstress.scheduling;

import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.ManyToOneFrameQueue;
import io.hotpath.mailbox.LocalRing;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Close never declares the engine quiescent while a worker still has a message in flight: the closer's check
 * ("every worker quiet, no frame in any inbound queue, every worker still quiet with the same work count") must
 * fail while a worker is inside a duty cycle that took a frame, since that cycle may send on to another worker,
 * whose inbound queue close is about to shut.
 * <p>
 * The scene: worker W's last duty cycle was quiet (so {@code quiet} is true), then a frame for its actor X
 * arrived (from another worker mid-cycle, or from an outside sender that read {@code closing} before close set
 * it). W's next duty cycle drains it; X's handler tells X to continue (so the step lands in X's mailbox and runs in
 * the ready loop of the same cycle, after the drain has moved the consumer index), and that step sends on to
 * worker P, which is idle and quiet. Meanwhile the closer runs its check and, if it passes, closes every inbound
 * queue. Any pass is premature here: W did work in this cycle.
 * <p>
 * A model: the queues and the mailbox are the real {@link ManyToOneFrameQueue} and {@link LocalRing}; the rest
 * copies package-private engine code and must be kept in sync with it: {@code Worker.onFrame()} (while closing, a
 * quiet worker says it is busy before the frame leaves the queue), {@code Worker.doWork()} (drain, then the
 * ready actors counted after the drain), {@code Worker.deliverLocal()} and {@code Worker.runActor()} (a send to a
 * running actor goes to its mailbox), {@code Worker.onCloseSlowPath()} (work count and {@code quiet} published at
 * the end of the cycle), and {@code CloseProtocol.quiescent()} and {@code CloseProtocol.finish()}.
 * <p>
 * Result: (1 when the closer declared quiescence and closed the queues, status of X's send on to P: 0 OK,
 * 2 CLOSED).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE,
    desc = "The closer saw the frame queued or the worker's work: not quiescent yet; the send on to P goes through.")
@Outcome(id = "1, 2", expect = FORBIDDEN,
    desc = "Premature quiescence: declared while X's step ran in W's ready loop; X's send on to P is refused and " +
    "dead-lettered (ENGINE_CLOSED) long before the close timeout.")
@Outcome(id = "1, 0", expect = FORBIDDEN,
    desc = "Premature quiescence: declared while X's step ran in W's ready loop; X's frame lands in P's queue " +
    "after the check and is dead-lettered at finish.")
@Outcome(expect = FORBIDDEN, desc = "The model went wrong.")
@State
public class CloseQuiescenceTest
{
    /** The actor's own work in its continued step before it sends on; any real handler does some. */
    private static final int HANDLER_SPINS = 20;
    private static final Object CONTINUE = new Object();

    /** What CloseProtocol.quiescent() reads of a worker. */
    static final class ModelWorker
    {
        final ManyToOneFrameQueue inbound = new ManyToOneFrameQueue(4);
        /** As Worker.quiet. */
        volatile boolean quiet;
        /** As Worker.closingWork. */
        volatile long closingWork;
    }

    private final ModelWorker w = new ModelWorker();
    private final ModelWorker p = new ModelWorker();
    private final ModelWorker[] workers = {w, p};
    private final Object actorX = new Object();
    private final Object actorOnP = new Object();
    /** X's mailbox and W's ready queue (X is W's only actor, so "X is scheduled" is "X's mailbox is not empty"). */
    private final LocalRing<Object> mailboxX = new LocalRing<>(16);
    private final FrameHandler deliver = this::onFrame;
    private int sendOnStatus = -1;

    public CloseQuiescenceTest()
    {
        // Both workers' last cycles were quiet; then the frame for X arrived.
        w.quiet = true;
        p.quiet = true;
        w.inbound.offer(actorX, new Object());
    }

    /** Worker.doWork() on W, with core.closing set. */
    @Actor
    public void worker(final II_Result r)
    {
        int work = w.inbound.drain(deliver, 256);
        final int readyNow = mailboxX.isEmpty() ? 0 : 1;
        for (int i = 0; i < readyNow; i++)
        {
            work += runActorX();
        }
        // Worker.onCloseSlowPath(work)
        if (work > 0)
        {
            w.closingWork = w.closingWork + work;
        }
        w.quiet = work == 0 && w.inbound.isEmpty() && mailboxX.isEmpty();
        r.r2 = sendOnStatus;
    }

    /** CloseProtocol.finish(): the quiescence check, then closing every inbound queue. */
    @Actor
    public void closer(final II_Result r)
    {
        if (quiescent())
        {
            for (final ModelWorker worker : workers)
            {
                worker.inbound.close();
            }
            r.r1 = 1;
        }
    }

    /** Worker.onFrame() then Worker.deliverLocal(): X is idle with an empty mailbox, so a direct handoff. */
    private boolean onFrame(final Object target, final Object message)
    {
        // Worker.onFrame() while closing: a worker seen quiet says it is busy before the frame leaves the queue
        if (w.quiet)
        {
            w.quiet = false;
        }
        // X's first step, running on the drain's stack: it tells itself to continue; X is running, so the
        // message goes to its mailbox and X is scheduled.
        mailboxX.offer(CONTINUE);
        return true;
    }

    /** Worker.runActor(X): the continued step, which works and then sends on to P's actor (Worker.send). */
    private int runActorX()
    {
        int handled = 0;
        while (mailboxX.poll() != null)
        {
            for (int i = 0; i < HANDLER_SPINS; i++)
            {
                Thread.onSpinWait();
            }
            sendOnStatus = p.inbound.offer(actorOnP, CONTINUE);
            handled++;
        }
        return handled;
    }

    /** CloseProtocol.quiescent(), line for line. */
    private boolean quiescent()
    {
        final long[] before = new long[workers.length];
        for (int i = 0; i < workers.length; i++)
        {
            if (!workers[i].quiet)
            {
                return false;
            }
            before[i] = workers[i].closingWork;
        }
        for (final ModelWorker worker : workers)
        {
            if (worker.inbound.size() != 0)
            {
                return false;
            }
        }
        for (int i = 0; i < workers.length; i++)
        {
            if (!workers[i].quiet || workers[i].closingWork != before[i])
            {
                return false;
            }
        }
        return true;
    }
}
