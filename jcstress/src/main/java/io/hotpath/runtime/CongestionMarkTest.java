package io.hotpath.runtime;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The congestion mark, set by an actor's worker while it takes frames beyond the actor's mailbox capacity, against
 * a sender on another thread that reads the mark before it offers: whichever way they interleave, the sender's
 * message is either refused at the source (it saw the mark, under the fail policy) or accepted and then accounted
 * for, never lost or counted twice, and the worker never stops draining.
 * <p>
 * Drives the real code on a real engine: an embedded worker's {@code doWork} (drain, a frame handed over, the next
 * ones into the two-slot mailbox and one beyond it, which sets the mark on the address) against the sender's
 * {@code tell} ({@code CellAddress.isCongested}, then the inbound queue's offer).
 * <p>
 * Result: (1 when every message accepted is handled, in the mailbox or in the queue, exactly once; 1 when the
 * sender's message was accepted, 0 when it was refused at the source).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The sender read the mark before it was set: its message went in.")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "The sender saw the mark and was refused at the source.")
@Outcome(expect = FORBIDDEN, desc = "A message accepted was lost or counted twice.")
@State
public class CongestionMarkTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(1).embedded(0, true)
        .inboundCapacity(8).mailboxCapacity(2).batchBudget(1).fullQueuePolicy(FullQueuePolicy.FAIL).build();
    private static final int QUEUED = 4;

    private final EngineRuntime runtime = ApiAccess.runtime(Engine.start(CONFIG));
    private final Worker worker = runtime.workers.get(0);
    private final ActorRef<Integer> x;
    private final ActorCell<?> cell;
    private int handled;

    public CongestionMarkTest()
    {
        x = runtime.engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> handled++).name("x").spawn();
        runtime.engine.invoker(0).doWork();
        cell = runtime.own(x, "test");
        // the first actor drives the worker from here on; this thread is an outside sender
        worker.bindOwner(null);
        for (int i = 0; i < QUEUED; i++)
        {
            x.tell(i);
        }
    }

    @Actor
    public void worker()
    {
        worker.doWork();
    }

    @Actor
    public void sender(final II_Result r)
    {
        try
        {
            x.tell(99);
            r.r2 = 1;
        }
        catch (final QueueFullException ex)
        {
            r.r2 = 0;
        }
    }

    @Arbiter
    public void arbiter(final II_Result r)
    {
        final int accounted = handled + cell.mailbox.size() + worker.inbound.size();
        r.r1 = accounted == QUEUED + r.r2 ? 1 : 0;
    }
}
