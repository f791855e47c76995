package io.hotpath.runtime;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A worker's backlog for another worker whose inbound queue is full, handed over as the other drains: the sending
 * worker publishes from its backlog in order while the receiving worker takes frames out, concurrently, and every
 * message arrives once and in order.
 * <p>
 * Drives the real code on a real engine of two embedded workers: worker A's actor sends six messages to worker B's
 * actor in one turn, into B's two-slot inbound queue, so four wait in A's {@code Outbound} backlog; then A's next duty
 * cycles ({@code Outbound.flush}) race B's duty cycles (its drain), each actor driving one worker.
 * <p>
 * Result: (messages B's actor received, 1 when they came in the order sent).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "6, 1", expect = ACCEPTABLE, desc = "Every message arrived, in order.")
@Outcome(expect = FORBIDDEN, desc = "A message was lost, duplicated or reordered.")
@State
public class OutboundBacklogTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(2).embedded(0, true)
        .embedded(1, true).inboundCapacity(2).mailboxCapacity(16).build();
    private static final int SENT = 6;
    private static final int CYCLES = 8;

    private final EngineRuntime runtime = ApiAccess.runtime(Engine.start(CONFIG));
    private final Worker a = runtime.workers.get(0);
    private final Worker b = runtime.workers.get(1);
    private final int[] received = new int[SENT];
    private int count;

    public OutboundBacklogTest()
    {
        final Engine engine = runtime.engine;
        final ActorRef<Integer> sink = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (count < SENT)
            {
                received[count] = n;
            }
            count++;
        }).name("sink").onWorker(1).spawn();
        final ActorRef<String> source = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            for (int i = 0; i < SENT; i++)
            {
                sink.tell(i);
            }
        }).name("source").onWorker(0).spawn();
        engine.invoker(1).doWork();
        engine.invoker(0).doWork();
        // this thread stays A's owner for one turn: "go" runs at once here, two messages go into B's queue and
        // four into A's backlog; then each actor drives one worker
        b.owner = null;
        source.tell("go");
        a.owner = null;
    }

    @Actor
    public void sendingWorker()
    {
        for (int i = 0; i < CYCLES; i++)
        {
            a.doWork();
        }
    }

    @Actor
    public void receivingWorker()
    {
        for (int i = 0; i < CYCLES; i++)
        {
            b.doWork();
        }
    }

    @Arbiter
    public void arbiter(final II_Result r)
    {
        // whatever the interleaving left queued is finished here, on the arbiter's thread, as the owner of both
        a.owner = null;
        b.owner = null;
        for (int i = 0; i < 4 * SENT; i++)
        {
            a.doWork();
            b.doWork();
        }
        r.r1 = count;
        boolean inOrder = true;
        for (int i = 0; i < Math.min(count, SENT); i++)
        {
            inOrder &= received[i] == i;
        }
        r.r2 = inOrder ? 1 : 0;
    }
}
