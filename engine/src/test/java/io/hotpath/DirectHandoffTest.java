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
        startWith(TestEngines.config(1).embedded(0, true).handoffMaxDepth(3));
    }

    private void startWith(final EngineConfig.Builder config)
    {
        engine = Engine.start(config.build());
        worker = engine.invoker(0);
        worker.doWork();
    }

    /** Close the engine {@link #start} made, and start one with {@code config} instead. */
    private void restart(final EngineConfig.Builder config)
    {
        close();
        startWith(config);
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
        restart(TestEngines.config(1).embedded(0, true).handoffMaxDepth(0).batchBudget(16));
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
        restart(TestEngines.config(1).embedded(0, true).batchBudget(4));
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

    @Test
    void aTurnFromTheReadyQueueCountsEveryMessageWhetherItsBacklogFitsTheBudgetOrGoesPastIt()
    {
        restart(TestEngines.config(1).embedded(0, true).handoffMaxDepth(0).batchBudget(4));
        final List<String> order = new ArrayList<>();
        // a backlog of four on a budget of four: one turn; its second message throws, and the turn goes on
        final ActorRef<Integer> fits = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            order.add("f" + n);
            if (n == 1)
            {
                throw new IllegalStateException("thrown on purpose by the test");
            }
        }).faultPolicy(FaultPolicy.resume()).onWorker(0).spawn();
        // a backlog of nine on a budget of four: the turn that may go past its budget while the actor keeps up
        final ActorRef<Integer> longer = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> order.add("l" + n))
            .onWorker(0).spawn();
        for (int i = 0; i < 4; i++)
        {
            fits.tell(i);
        }
        for (int i = 0; i < 9; i++)
        {
            longer.tell(i);
        }
        assertTrue(order.isEmpty(), "with handoff.maxDepth=0 every send is queued");
        worker.doWork();
        assertEquals(List.of("f0", "f1", "f2", "f3"), order.subList(0, 4), "the four in one turn, in order");
        while (worker.doWork() > 0)
        {
            assertTrue(order.size() <= 13);
        }
        assertEquals(List.of("l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"), order.subList(4, 13));
        assertEquals(4, stats(fits).handled(), "counted once at the turn's end, the message that threw included");
        assertEquals(1, stats(fits).exceptions());
        assertEquals(4, stats(fits).reschedules());
        assertEquals(9, stats(longer).handled());
        assertEquals(0, stats(longer).handoffs());
    }

    @Test
    void aSendOnTheActorsWorkerReachesItsInstanceOfTheMomentThroughCreationRestartAndStop()
    {
        final List<String> seen = new ArrayList<>();
        final AtomicInteger instances = new AtomicInteger();
        final ActorRef<String> b = engine.actor((ActorContext<String> ctx) ->
        {
            final int instance = instances.incrementAndGet();
            return (String m) ->
            {
                seen.add(m + "@" + instance);
                if (m.equals("boom"))
                {
                    throw new IllegalStateException("boom");
                }
            };
        }).onWorker(0).faultPolicy(FaultPolicy.restart()).spawn();
        b.tell("first");
        b.tell("boom");
        worker.doWork();
        b.tell("after restart");
        assertEquals(List.of("first@1", "boom@1", "after restart@2"), seen, "each handled on the sender's stack");
        assertEquals(2, instances.get());
        assertEquals(3, stats(b).handoffs(), "every message handed over directly, none queued");
        assertEquals(0, stats(b).reschedules());

        final Reply<Terminated> stopped = engine.stop(b);
        worker.doWork();
        assertEquals(Terminated.Reason.STOPPED, stopped.toCompletableFuture().join().reason());
        b.tell("after stop");
        assertEquals(3, seen.size(), "no instance handles a message after the stop");
        assertEquals(1, engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED), "the message after the stop");
    }

    private io.hotpath.metrics.ActorStats stats(final ActorRef<?> ref)
    {
        return engine.stats().actors().stream().filter(a -> a.id() == ref.id()).findFirst().orElseThrow();
    }
}
