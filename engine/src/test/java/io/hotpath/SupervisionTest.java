package io.hotpath;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fault policies and lifecycle hooks, on a worker the test drives with a clock the test moves, so restart timing is
 * proven without sleeping.
 */
class SupervisionTest
{
    private final List<String> log = new ArrayList<>();
    private final AtomicInteger instances = new AtomicInteger();
    private DrivenEngine driven;
    private Engine engine;
    private WorkerInvoker worker;

    /** Fails on "boom", logs every hook and message with its instance number. */
    final class Flaky implements Actor<String>, ActorLifecycle
    {
        private final int instance = instances.incrementAndGet();
        private int handled;

        @Override
        public void onMessage(final String m)
        {
            if (m.equals("boom"))
            {
                throw new IllegalStateException("boom");
            }
            handled++;
            log.add(m + "@" + instance + "#" + handled);
        }

        @Override
        public void onStart()
        {
            log.add("start@" + instance);
        }

        @Override
        public void onStop()
        {
            log.add("stop@" + instance);
        }

        @Override
        public void preRestart(final Throwable cause)
        {
            log.add("preRestart@" + instance + ":" + cause.getMessage());
        }

        @Override
        public void postRestart(final Throwable cause)
        {
            log.add("postRestart@" + instance);
        }
    }

    @BeforeEach
    void start()
    {
        driven = new DrivenEngine();
        engine = driven.engine;
        worker = driven.worker;
    }

    @AfterEach
    void close()
    {
        driven.close();
    }

    private ActorRef<String> spawn(final FaultPolicy policy)
    {
        return engine.actor((ActorContext<String> ctx) -> new Flaky()).name("flaky").onWorker(0).faultPolicy(policy)
            .spawn();
    }

    private void advance(final long millis)
    {
        driven.advance(millis);
    }

    @Test
    void restartMakesAFreshInstanceKeepsTheMailboxAndRunsTheHooks()
    {
        final ActorRef<String> ref = spawn(FaultPolicy.restart());
        worker.doWork();
        ref.tell("a");
        final ActorRef<String> burst = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            ref.tell("boom");
            ref.tell("b");
            ref.tell("c");
        }).onWorker(0).spawn();
        burst.tell("go");
        worker.doWork();
        assertEquals(List.of("start@1", "a@1#1", "preRestart@1:boom", "postRestart@2", "b@2#1", "c@2#2"), log);
    }

    @Test
    void backoffPausesGrowThenResetAfterAQuietPeriod()
    {
        final ActorRef<String> ref = spawn(FaultPolicy.backoff().min(Duration.ofMillis(100))
            .max(Duration.ofMillis(400)).randomFactor(0).maxRetries(10, Duration.ofMinutes(1))
            .resetAfter(Duration.ofSeconds(5)).build());
        worker.doWork();
        final long[] pauses = {100, 200, 400, 400};
        for (final long pause : pauses)
        {
            final int before = instances.get();
            ref.tell("boom");
            ref.tell("waits");
            advance(pause - 1);
            assertEquals(before, instances.get(), "still paused before " + pause + " ms");
            assertFalse(log.get(log.size() - 1).startsWith("waits"), "messages wait while paused");
            advance(2);
            assertEquals(before + 1, instances.get(), "restarted after " + pause + " ms");
            assertTrue(log.get(log.size() - 1).startsWith("waits"), "the kept mailbox runs after the restart");
        }
        advance(6_000);
        final int before = instances.get();
        ref.tell("boom");
        advance(101);
        assertEquals(before + 1, instances.get(), "after a quiet period the pause is min again");
    }

    @Test
    void tooManyRestartsWithinTheWindowStopTheActor()
    {
        final ActorRef<String> ref = spawn(FaultPolicy.restart(2, Duration.ofSeconds(10)));
        worker.doWork();
        ref.tell("boom");
        ref.tell("boom");
        assertFalse(ref.isStopped());
        ref.tell("boom");
        assertTrue(ref.isStopped());
        assertEquals(3, instances.get());
        assertTrue(log.contains("stop@3"));
    }

    @Test
    void stoppingAParentStopsItsChildrenFirst()
    {
        final List<ActorRef<String>> children = new ArrayList<>();
        final ActorRef<String> parent = engine.actor((ActorContext<String> ctx) -> new Actor<String>()
        {
            final class Child implements Actor<String>, ActorLifecycle
            {
                private final String name;

                Child(final String name)
                {
                    this.name = name;
                }

                @Override
                public void onMessage(final String m)
                {
                    log.add(name + ":" + m);
                }

                @Override
                public void onStop()
                {
                    log.add("stop " + name);
                }
            }

            @Override
            public void onMessage(final String m)
            {
                children.add(ctx.spawn("child-1", c -> new Child("child-1")));
                children.add(ctx.actor((ActorContext<String> c) -> new Child("child-2")).name("child-2").spawn());
            }
        }).name("parent").onWorker(0).spawn();
        parent.tell("spawn");
        final Reply<Terminated> watched = engine.watch(parent);
        worker.doWork();
        children.get(0).tell("hello");
        engine.stop(parent);
        worker.doWork();
        assertTrue(parent.isStopped());
        assertTrue(children.stream().allMatch(ActorRef::isStopped));
        assertEquals(List.of("child-1:hello", "stop child-1", "stop child-2"), log);
        worker.doWork();
        assertEquals(new Terminated(parent, Terminated.Reason.STOPPED, null), watched.toCompletableFuture().join());
    }

    @Test
    void escalateHandsTheFailureToTheParentsPolicy()
    {
        final List<ActorRef<String>> child = new ArrayList<>();
        final ActorRef<String> parent = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            if (m.equals("spawn"))
            {
                child.add(ctx.actor((ActorContext<String> c) -> new Flaky()).name("escalating")
                    .faultPolicy(FaultPolicy.escalate()).spawn());
            }
        }).name("parent").onWorker(0).faultPolicy(FaultPolicy.stop()).spawn();
        parent.tell("spawn");
        worker.doWork();
        child.get(0).tell("boom");
        worker.doWork();
        assertTrue(child.get(0).isStopped());
        assertTrue(parent.isStopped(), "the parent's own policy (stop) applied to the escalated failure");
    }

    @Test
    void watchOfAnActorThatIsAlreadyGoneCompletesOnce()
    {
        final ActorRef<String> ref = spawn(FaultPolicy.resume());
        engine.stop(ref);
        worker.doWork();
        final List<String> notices = new ArrayList<>();
        final ActorRef<String> watcher = engine.actor((ActorContext<String> ctx) -> (String m) ->
            ctx.watch(ref).onSuccess(gone -> notices.add("terminated " + gone.actor().name()))).onWorker(0).spawn();
        watcher.tell("watch");
        worker.doWork();
        worker.doWork();
        assertEquals(List.of("terminated flaky"), notices);
    }

    @Test
    void stopAfterQueuedHandlesEarlierMessagesThenStops()
    {
        final ActorRef<String> ref = spawn(FaultPolicy.resume());
        final ActorRef<String> sender = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            ctx.self();
            for (int i = 0; i < 3; i++)
            {
                ref.tell("m" + i);
            }
        }).onWorker(0).spawn();
        final ActorRef<String> busy = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            sender.tell("go");
            engine.stopAfterQueued(ref);
            ref.tell("after poison");
        }).onWorker(0).spawn();
        busy.tell("go");
        worker.doWork();
        worker.doWork();
        assertTrue(ref.isStopped());
        assertEquals(List.of("start@1", "m0@1#1", "m1@1#2", "m2@1#3", "stop@1"), log);
        assertEquals(1, engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED), "the message after the poison");
    }

    @Test
    void aWatchSaysWhyTheActorIsGone()
    {
        final ActorRef<String> failing = spawn(FaultPolicy.stop());
        final Reply<Terminated> failed = engine.watch(failing);
        worker.doWork();
        failing.tell("boom");
        worker.doWork();
        final Terminated t = failed.toCompletableFuture().join();
        assertEquals(Terminated.Reason.FAILED, t.reason());
        assertEquals("boom", t.cause().getMessage());
        assertEquals(failing, t.actor());

        final ActorRef<String> neverStarted = engine.actor((ActorContext<String> ctx) ->
        {
            throw new IllegalArgumentException("no config");
        }).name("never").onWorker(0).spawn();
        final Reply<Terminated> notStarted = engine.watch(neverStarted);
        worker.doWork();
        worker.doWork();
        assertEquals(Terminated.Reason.START_FAILED, notStarted.toCompletableFuture().join().reason());

        final ActorRef<String> stopped = spawn(FaultPolicy.resume());
        final Reply<Terminated> byRequest = engine.stop(stopped);
        worker.doWork();
        assertEquals(Terminated.Reason.STOPPED, byRequest.toCompletableFuture().join().reason());
    }
}
