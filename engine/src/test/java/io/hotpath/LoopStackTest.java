package io.hotpath;

import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static io.hotpath.Await.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker with a thread of its own runs its loop on continuations ({@code await.onLoopStack}): a method the loop
 * begins runs on the loop's stack, a suspended one takes a loop continuation with it, and spare ones are reused.
 */
class LoopStackTest
{
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final int AT_ONCE = 3;

    /** An actor on worker 1 that keeps every ask until told to answer them all. */
    private static final class Gate
    {
        final ConcurrentLinkedQueue<Reply<Object>> held = new ConcurrentLinkedQueue<>();
        final ActorRef<Object> ref;

        Gate(final Engine engine)
        {
            this(engine, "gate");
        }

        Gate(final Engine engine, final String name)
        {
            ref = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if ("open".equals(m))
                {
                    Reply<Object> r;
                    while ((r = held.poll()) != null)
                    {
                        r.complete("passed");
                    }
                }
                else
                {
                    held.add(ctx.replyLater());
                }
            }).name(name).onWorker(1).spawn();
        }

        void holding(final int count)
        {
            TestEngines.await(count + " asks held at the gate", () -> held.size() == count);
        }
    }

    private static ActorRef<Integer> waiter(final Engine engine, final Gate gate, final List<String> log)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            final String thread = Thread.currentThread().getName();
            final Object answer = await(gate.ref.ask(n));
            log.add(n + ":" + answer + ":" + thread.equals(Thread.currentThread().getName()));
        }).name("waiter").onWorker(0).sequential().spawn();
    }

    private static long handled(final Engine engine, final ActorRef<?> ref)
    {
        return engine.stats().actors().stream().filter(a -> a.id() == ref.id()).findFirst().orElseThrow().handled();
    }

    private static WorkerStats worker0(final Engine engine)
    {
        return engine.stats().workers().get(0);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void suspendedMethodsEachHoldAStackAndSpareLoopContinuationsAreReused(final boolean onLoopStack)
    {
        try (Engine engine = Engine.start(TestEngines.config(2).awaitSpinNs(0).awaitOnLoopStack(onLoopStack).build()))
        {
            final Gate gate = new Gate(engine);
            final List<String> log = new CopyOnWriteArrayList<>();
            final ActorRef<Integer> waiter = waiter(engine, gate, log);
            for (int round = 0; round < 2; round++)
            {
                for (int i = 0; i < AT_ONCE; i++)
                {
                    waiter.tell(round * AT_ONCE + i);
                }
                gate.holding(AT_ONCE);
                gate.ref.tell("open");
                final int expected = (round + 1) * AT_ONCE;
                TestEngines.await(expected + " methods resumed", () -> log.size() == expected);
                // one loop continuation for the loop, one more for each method suspended at once; none for the
                // second round, which reuses the spares the first one left
                assertEquals(onLoopStack ? AT_ONCE + 1 : 0, worker0(engine).loopStacks(), worker0(engine).toString());
            }
            assertEquals(2 * AT_ONCE, worker0(engine).awaitSuspensions());
            for (int i = 0; i < 2 * AT_ONCE; i++)
            {
                assertTrue(log.contains(i + ":passed:true"), log.toString());
            }
            assertEquals(0, engine.deadLetters().count());
        }
    }

    @Test
    void aMethodSuspendedWhenItsActorStopsNeverResumesAndTheLoopGoesOn()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).awaitSpinNs(0).build()))
        {
            final Gate gate = new Gate(engine);
            final List<String> log = new CopyOnWriteArrayList<>();
            final ActorRef<Integer> waiter = waiter(engine, gate, log);
            waiter.tell(1);
            gate.holding(1);
            engine.stop(waiter);
            TestEngines.await("the waiter stopped", waiter::isStopped);
            gate.ref.tell("open");
            TestEngines.await("the answer to the stopped waiter is a dead letter",
                () -> engine.deadLetters().count() == 1);
            final ActorRef<Integer> next = waiter(engine, gate, log);
            next.tell(2);
            gate.holding(1);
            gate.ref.tell("open");
            TestEngines.await("the next waiter resumed", () -> log.size() == 1);
            assertEquals(List.of("2:passed:true"), log);
        }
    }

    @Test
    void aNonReentrantMethodHoldsItsMailboxWhileSuspendedOnTheLoopStack()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).awaitSpinNs(0).build()))
        {
            final Gate gate = new Gate(engine);
            final List<String> log = new CopyOnWriteArrayList<>();
            final AtomicInteger running = new AtomicInteger();
            final ActorRef<Integer> waiter = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                log.add("begin " + n + " with " + running.getAndIncrement() + " running");
                await(gate.ref.ask(n));
                running.decrementAndGet();
                log.add("end " + n);
            }).name("exclusive").onWorker(0).sequential().reentrant(false).spawn();
            waiter.tell(1);
            waiter.tell(2);
            gate.holding(1);
            gate.ref.tell("open");
            TestEngines.await("the first method ended", () -> log.contains("end 1"));
            gate.holding(1);
            gate.ref.tell("open");
            TestEngines.await("both methods ended", () -> log.size() == 4);
            assertEquals(List.of("begin 1 with 0 running", "end 1", "begin 2 with 0 running", "end 2"), log);
            assertEquals(2, worker0(engine).loopStacks(), "one method suspended at a time");
        }
    }

    @Test
    void anAnswerGivenByARepeatingStepResumesItsMethodBeforeTheWorkerParks()
    {
        // a worker that parks up to a second whenever a cycle did no work: the step answers without counting work,
        // so a resume left for the next cycle would wait a second each time, and fifty of them would time out here
        try (Engine engine = Engine.start(TestEngines.config(1).idle("park").idleMaxParkNs(1_000_000_000L).build()))
        {
            final AtomicInteger resumed = new AtomicInteger();
            final ActorRef<Object> stepper = engine.actor((ActorContext<Object> ctx) -> new Actor<Object>()
            {
                private Reply<Object> pending;
                private Cancellable step;

                @Override
                public void onMessage(final Object m)
                {
                    pending = ctx.replyLater();
                    if (step == null)
                    {
                        step = ctx.repeat(() ->
                        {
                            if (pending != null)
                            {
                                final Reply<Object> answer = pending;
                                pending = null;
                                answer.complete("stepped");
                            }
                            return 0;
                        });
                    }
                }
            }).name("stepper").spawn();
            final ActorRef<Integer> waiter = engine.actor((ActorContext<Integer> ctx) -> (Integer rounds) ->
            {
                for (int i = 0; i < rounds; i++)
                {
                    if ("stepped".equals(await(stepper.ask(i))))
                    {
                        resumed.incrementAndGet();
                    }
                }
            }).name("waiter").sequential().spawn();
            waiter.tell(50);
            TestEngines.await("fifty awaits answered by the step", () -> resumed.get() == 50);
            assertEquals(50, worker0(engine).awaitSuspensions());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theLateAnswerOfATimedOutAwaitDoesNotResumeALaterAwait(final boolean onLoopStack)
    {
        try (Engine engine = Engine.start(TestEngines.config(2).awaitSpinNs(0).awaitOnLoopStack(onLoopStack).build()))
        {
            final Gate first = new Gate(engine, "first");
            final Gate second = new Gate(engine, "second");
            final List<String> log = new CopyOnWriteArrayList<>();
            final ActorRef<Integer> waiter = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                try
                {
                    Await.withTimeout(Duration.ofMillis(1), () -> await(first.ref.ask("first")));
                    log.add("first answered in time");
                }
                catch (final AwaitTimeoutException expected)
                {
                    log.add("first timed out");
                }
                log.add("second: " + await(second.ref.ask("second")));
            }).name("waiter").onWorker(0).sequential().spawn();
            waiter.tell(1);
            first.holding(1);
            second.holding(1);
            assertEquals(List.of("first timed out"), log);
            // the first answer comes late, while the method awaits the second: the waiter handles it (one more
            // message), and must go on waiting; a resume then would have found the second answer missing
            final long handled = handled(engine, waiter);
            first.ref.tell("open");
            TestEngines.await("the late answer handled", () -> handled(engine, waiter) == handled + 1);
            second.ref.tell("open");
            TestEngines.await("the second await resumed", () -> log.size() == 2);
            assertEquals(List.of("first timed out", "second: passed"), log);
        }
    }
}
