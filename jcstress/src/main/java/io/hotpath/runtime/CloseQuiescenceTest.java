package io.hotpath.runtime;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Close never declares the engine quiescent while a worker still has a message in flight: the closer's look
 * ("every worker quiet, no frame in any inbound queue, every worker still quiet with the same work count") must
 * fail while a worker is inside a duty cycle that took a frame, since that cycle may send on to another worker,
 * whose inbound queue close is about to shut.
 * <p>
 * The scene, on a real engine of two embedded workers W and P: W's last closing cycle was quiet, then a frame for
 * its actor X arrived (from an outside sender that read {@code closing} before close set it). W's next closing
 * cycle, run by the first actor through the real {@code Worker.doWork}, drains it; X's handler tells X to continue
 * (X is running, so the step lands in its mailbox and runs in the ready loop of the same cycle, after the drain has
 * moved the consumer index), and that step sends on to P's actor Y. Meanwhile the second actor runs the closer's
 * real look ({@code Close.quiescent}) and, if it passes, closes every inbound queue
 * ({@code Close.closeQueues}), as the closer does. Any pass is premature here: W did work in this cycle.
 * <p>
 * Result: (1 when the closer declared quiescence and closed the queues; where X's send went: 0 into P's queue,
 * 2 a dead letter because P's queue was closed).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
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
@Outcome(expect = FORBIDDEN, desc = "Something else went wrong.")
@State
public class CloseQuiescenceTest
{
    /** X's own work in its continued step before it sends on; any real handler does some. */
    private static final int HANDLER_SPINS = 20;
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(2).embedded(0, true).embedded(1, true).inboundCapacity(4).mailboxCapacity(4).build();

    private final EngineRuntime runtime = ApiAccess.runtime(Engine.start(CONFIG));
    private final Worker w = runtime.workers.get(0);
    private final Worker p = runtime.workers.get(1);

    public CloseQuiescenceTest()
    {
        final Engine engine = runtime.engine;
        final WorkerInvoker wInvoker = engine.invoker(0);
        final WorkerInvoker pInvoker = engine.invoker(1);
        final ActorRef<String> y = engine.actor((ActorContext<String> ctx) -> (String m) -> { }).onWorker(1)
            .name("y").spawn();
        final ActorRef<String> x = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            if ("go".equals(m))
            {
                ctx.self().tell("continue");
                return;
            }
            for (int i = 0; i < HANDLER_SPINS; i++)
            {
                Thread.onSpinWait();
            }
            y.tell("on");
        }).onWorker(0).name("x").spawn();
        wInvoker.doWork();
        pInvoker.doWork();
        // the first actor drives W from here on (it claims the worker on its first duty cycle), so this thread is
        // an outside sender to W now; P is driven by no one during the test (jcstress may run the first actor on
        // the thread that made this state, which must not find itself P's owner and deliver to Y directly)
        w.owner = null;
        p.owner = null;
        // the frame arrives from an outside sender, then close begins: both workers' last cycles were quiet
        x.tell("go");
        runtime.close.closing = true;
        runtime.close.quiet.set(0, 1);
        runtime.close.quiet.set(1, 1);
    }

    /** W's next closing duty cycle. */
    @Actor
    public void worker()
    {
        w.doWork();
    }

    /** The closer's look, then, if it passes, what the closer does next. */
    @Actor
    public void closer(final II_Result r)
    {
        final Worker[] workers = runtime.workers.all();
        if (runtime.close.quiescent(workers))
        {
            runtime.close.closeQueues(workers, false);
            r.r1 = 1;
        }
    }

    @Arbiter
    public void arbiter(final II_Result r)
    {
        final long dead = runtime.deadLetters.count(DeadLetterReason.ENGINE_CLOSED);
        r.r2 = dead == 1 ? 2 : (p.inbound.size() == 1 && dead == 0 ? 0 : -1);
    }
}
