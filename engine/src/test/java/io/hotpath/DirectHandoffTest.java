package io.hotpath;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The handoff-versus-reschedule decision, driven deterministically: one embedded worker whose duty cycle the test
 * thread runs, so every send from the test thread is a send on the target's own worker.
 */
class DirectHandoffTest
{
    private Engine engine;
    private WorkerInvoker worker;

    @BeforeEach
    void start()
    {
        engine = Engine.start(TestEngines.config(1).embedded(0, true).handoffMaxDepth(3).build());
        worker = engine.invoker(0);
        worker.doWork();
    }

    @AfterEach
    void close()
    {
        final Thread closer = new Thread(engine::close);
        closer.start();
        while (!worker.isTerminated())
        {
            worker.doWork();
        }
    }

    @Test
    void sendToIdleActorRunsItsHandlerOnTheSendersStack()
    {
        final List<String> seen = new ArrayList<>();
        final ActorRef<String> b = engine.actor((ActorContext<String> ctx) -> (String m) -> seen.add(m)).onWorker(0).spawn();
        b.tell("x");
        assertEquals(List.of("x"), seen, "handled before tell returned");
        assertEquals(1, stats(b).handoffs());
        assertEquals(0, stats(b).reschedules());
    }

    @Test
    void sendToRunningActorIsQueuedAndRunsAfterItReturns()
    {
        final List<String> events = new ArrayList<>();
        final AtomicReference<ActorRef<String>> b = new AtomicReference<>();
        final ActorRef<String> a = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            events.add("a:" + m + ":begin");
            if (m.equals("go"))
            {
                b.get().tell("ping");
            }
            events.add("a:" + m + ":end");
        }).onWorker(0).spawn();
        b.set(engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            events.add("b:" + m);
            a.tell("pong");
        }).onWorker(0).spawn());

        a.tell("go");
        assertEquals(List.of("a:go:begin", "b:ping", "a:go:end"), events, "pong waits: a was running");
        worker.doWork();
        assertEquals(List.of("a:go:begin", "b:ping", "a:go:end", "a:pong:begin", "a:pong:end"), events);
        assertEquals(1, stats(a).handoffs());
        assertEquals(1, stats(a).reschedules());
        assertEquals(1, stats(b.get()).handoffs());
    }

    @Test
    void sendToIdleActorWithBacklogIsQueuedBehindTheBacklog()
    {
        final List<String> seen = new ArrayList<>();
        final ActorRef<String> b = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            seen.add(m);
            if (m.equals("b1"))
            {
                ctx.self().tell("b2");
                ctx.self().tell("b3");
            }
        }).onWorker(0).spawn();

        b.tell("b1");
        assertEquals(List.of("b1"), seen);
        b.tell("b4");
        assertEquals(List.of("b1"), seen, "b4 must not overtake the backlog b2, b3");
        worker.doWork();
        assertEquals(List.of("b1", "b2", "b3", "b4"), seen);
        assertEquals(1, stats(b).handoffs());
        assertEquals(3, stats(b).reschedules());
    }

    @Test
    void handoffDepthIsCappedAndDeeperSendsAreQueued()
    {
        final int chain = 10;
        final AtomicInteger depth = new AtomicInteger();
        final AtomicInteger maxDepth = new AtomicInteger();
        final AtomicInteger handled = new AtomicInteger();
        final List<ActorRef<Integer>> refs = new ArrayList<>();
        for (int i = 0; i < chain; i++)
        {
            refs.add(engine.actor((ActorContext<Integer> ctx) -> (Integer next) ->
            {
                maxDepth.accumulateAndGet(depth.incrementAndGet(), Math::max);
                handled.incrementAndGet();
                if (next < chain)
                {
                    refs.get(next).tell(next + 1);
                }
                depth.decrementAndGet();
            }).onWorker(0).spawn());
        }
        refs.get(0).tell(1);
        assertEquals(3, maxDepth.get(), "three handoffs from the test thread, the fourth send queued");
        while (worker.doWork() > 0)
        {
            // an actor run from the ready queue plus at most three handoffs above it
            assertTrue(maxDepth.get() <= 4, "depth " + maxDepth.get());
        }
        assertEquals(chain, handled.get());
        assertEquals(4, maxDepth.get());
    }

    @Test
    void batchBudgetBoundsOneActorsTurnAndDepthZeroQueuesEverySend()
    {
        close();
        engine = Engine.start(TestEngines.config(1).embedded(0, true).handoffMaxDepth(0).batchBudget(16).build());
        worker = engine.invoker(0);
        worker.doWork();
        final List<String> order = new ArrayList<>();
        final ActorRef<Integer> hot = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            order.add("hot");
            if (n > 0)
            {
                ctx.self().tell(n - 1);
            }
        }).onWorker(0).spawn();
        final ActorRef<String> other = engine.actor((ActorContext<String> ctx) -> (String m) -> order.add(m))
            .onWorker(0).spawn();
        final ActorRef<String> kick = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            hot.tell(100);
            other.tell("other");
        }).onWorker(0).spawn();
        kick.tell("go");
        assertTrue(order.isEmpty(), "with handoff.maxDepth=0 nothing runs on the sender's stack");
        while (worker.doWork() > 0)
        {
            assertTrue(order.size() <= 102);
        }
        assertEquals(101, order.stream().filter("hot"::equals).count());
        assertEquals(16, order.indexOf("other"), "the hot actor yields after its batch budget of 16");
        assertEquals(0, stats(hot).handoffs());
    }

    @Test
    void framesHandedOverInRunsFromTheInboundQueueShareTheActorsBudgetForTheCycle() throws InterruptedException
    {
        close();
        engine = Engine.start(TestEngines.config(1).embedded(0, true).batchBudget(4).build());
        worker = engine.invoker(0);
        worker.doWork();
        final List<String> order = new ArrayList<>();
        final ActorRef<Integer> a = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> order.add("a" + n))
            .onWorker(0).spawn();
        final ActorRef<Integer> b = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> order.add("b" + n))
            .onWorker(0).spawn();
        // from another thread, so all twelve frames wait in the inbound queue for one drain, in one duty cycle:
        // a a a b, three times
        final Thread sender = new Thread(() ->
        {
            int n = 0;
            for (int round = 0; round < 3; round++)
            {
                for (int i = 0; i < 3; i++)
                {
                    a.tell(n++);
                }
                b.tell(round);
            }
        });
        sender.start();
        sender.join();
        worker.doWork();
        while (worker.doWork() > 0)
        {
            Thread.onSpinWait();
        }
        assertEquals(List.of("a0", "a1", "a2", "b0", "a3", "b1", "b2", "a4", "a5", "a6", "a7", "a8"), order,
            "a's first run of three and the first frame of its second use its budget of four for the cycle; its " +
            "other frames wait in its mailbox while b's are handed over");
        assertEquals(4, stats(a).handoffs(), "the budget of 4 counts every frame of a run, not only its first");
        assertEquals(9, stats(a).handled());
        assertEquals(3, stats(b).handoffs());
    }

    private io.hotpath.metrics.ActorStats stats(final ActorRef<?> ref)
    {
        return engine.stats().actors().stream().filter(a -> a.id() == ref.id()).findFirst().orElseThrow();
    }
}
