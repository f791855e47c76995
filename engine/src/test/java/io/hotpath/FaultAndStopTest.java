package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exceptions never kill a worker; fault policies resume or stop; stopped actors dead-letter what is sent to them.
 */
class FaultAndStopTest
{
    @Test
    void exceptionIsCountedAndResumePolicyGoesOnWithTheNextMessage()
    {
        final List<Throwable> faults = new CopyOnWriteArrayList<>();
        try (Engine engine = Engine.start(TestEngines.config(1)
            .faultListener((ref, m, error, policy) -> faults.add(error)).build()))
        {
            final List<Integer> seen = new CopyOnWriteArrayList<>();
            final ActorRef<Integer> ref = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                seen.add(n);
                if (n % 2 == 0)
                {
                    throw new IllegalStateException("even " + n);
                }
            }).faultPolicy(FaultPolicy.resume()).spawn();
            for (int i = 0; i < 10; i++)
            {
                ref.tell(i);
            }
            TestEngines.await("ten handled", () -> seen.size() == 10);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), seen);
            assertEquals(5, faults.size());
            assertEquals(5, engine.stats().workers().get(0).exceptions());
            assertFalse(ref.isStopped());
        }
    }

    @Test
    void stopPolicyStopsTheActorAndDeadLettersTheRest() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final CountDownLatch gate = new CountDownLatch(1);
            final AtomicInteger handled = new AtomicInteger();
            final ActorRef<Integer> ref = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                handled.incrementAndGet();
                if (n == 0)
                {
                    gate.await();
                    throw new IllegalArgumentException("boom");
                }
            }).name("fragile").faultPolicy(FaultPolicy.stop()).spawn();
            ref.tell(0);
            ref.tell(1);
            ref.tell(2);
            gate.countDown();
            TestEngines.await("stopped", ref::isStopped);
            TestEngines.await("queued dead-lettered",
                () -> engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED) == 2);
            ref.tell(3);
            TestEngines.await("later send dead-lettered",
                () -> engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED) == 3);
            assertEquals(1, handled.get());
            assertTrue(engine.lookup("fragile").isEmpty(), "a stopped actor's name is free again");
        }
    }

    @Test
    void stopFromOutsideAndFromInside()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final AtomicInteger handled = new AtomicInteger();
            final ActorRef<String> outside = engine.spawn("outside", ctx -> m -> handled.incrementAndGet());
            final ActorRef<String> inside = engine.spawn("inside", ctx -> m ->
            {
                handled.incrementAndGet();
                ctx.stop();
            });
            outside.tell("a");
            engine.stop(outside);
            outside.tell("b");
            inside.tell("x");
            inside.tell("y");
            TestEngines.await("both stopped", () -> outside.isStopped() && inside.isStopped());
            TestEngines.await("dead letters", () -> engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED) == 2);
            assertEquals(2, handled.get());
            final ActorRef<String> again = engine.spawn("outside", ctx -> m -> handled.incrementAndGet());
            again.tell("c");
            TestEngines.await("new actor of the same name works", () -> handled.get() == 3);
        }
    }

    @Test
    void failingFactoryStopsTheActorAndDeadLettersItsMessages()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> ref = engine.spawn("broken", ctx ->
            {
                throw new IllegalStateException("cannot create");
            });
            ref.tell("lost?");
            TestEngines.await("stopped", ref::isStopped);
            TestEngines.await("counted", () -> engine.deadLetters().count() == 1);
            assertEquals(1, engine.deadLetters().count(DeadLetterReason.START_FAILED) +
                engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED));
        }
    }

    @Test
    void workerSurvivesErrorsThrownByHandlers() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final CountDownLatch after = new CountDownLatch(1);
            final ActorRef<String> bad = engine.spawn("bad", ctx -> m ->
            {
                throw new StackOverflowError("deep");
            });
            final ActorRef<String> good = engine.spawn("good", ctx -> m -> after.countDown());
            bad.tell("x");
            good.tell("y");
            assertTrue(after.await(10, TimeUnit.SECONDS));
        }
    }
}
