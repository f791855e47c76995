package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * close(): stops taking sends, delivers what is queued within the timeout, counts the rest, joins the workers.
 */
class CloseTest
{
    @Test
    void closeDeliversWhatIsQueuedIncludingMessagesBetweenWorkers()
    {
        final AtomicInteger handled = new AtomicInteger();
        final Engine engine = Engine.start(TestEngines.config(2).build());
        final ActorRef<Integer> sink = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            handled.incrementAndGet();
            Thread.onSpinWait();
        }).onWorker(1).spawn();
        final ActorRef<Integer> relay = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> sink.tell(n))
            .onWorker(0).spawn();
        for (int i = 0; i < 5_000; i++)
        {
            relay.tell(i);
        }
        engine.close();
        assertEquals(5_000, handled.get(), "every queued message and every relayed one delivered");
        assertEquals(0, engine.deadLetters().count());
        assertTrue(engine.awaitTermination(java.time.Duration.ZERO));
        assertTrue(engine.stats().workers().stream().allMatch(w -> w.terminated()));
    }

    @Test
    void noWorkerThreadOutlivesTheCloseByAnotherPark() throws Exception
    {
        for (final String idle : new String[] {"park", "backoff"})
        {
            // parks of up to 1 s: a worker that parked once more after the cycle that finished it would keep its
            // thread that long after close returned
            final Engine engine = Engine.start(TestEngines.config(2).idle(idle)
                .idleMaxParkNs(TimeUnit.SECONDS.toNanos(1)).build());
            final List<Thread> threads = new CopyOnWriteArrayList<>();
            for (int worker = 0; worker < 2; worker++)
            {
                engine.actor((ActorContext<String> ctx) -> (String m) -> threads.add(Thread.currentThread()))
                    .onWorker(worker).spawn().tell("which thread");
            }
            TestEngines.await("both workers parked", () -> threads.size() == 2 &&
                threads.stream().allMatch(t -> t.getState() == Thread.State.TIMED_WAITING));
            engine.close();
            for (final Thread thread : threads)
            {
                thread.join(500);
                assertFalse(thread.isAlive(), idle + ": worker thread '" + thread.getName() + "' still runs 500 ms " +
                    "after close returned: " + Arrays.toString(thread.getStackTrace()));
            }
        }
    }

    @Test
    void sendAndSpawnAfterCloseThrowAndCloseIsIdempotent()
    {
        final Engine engine = Engine.start(TestEngines.config(1).build());
        final ActorRef<String> ref = engine.spawn("a", ctx -> m -> { });
        engine.close();
        engine.close();
        assertThat(assertThrows(EngineClosedException.class, () -> ref.tell("late")).getMessage())
            .contains("actor 'a'", "closed");
        assertThrows(EngineClosedException.class, () -> engine.spawn("b", ctx -> m -> { }));
        assertTrue(engine.isClosed());
    }

    @Test
    void closeTimeoutCountsWhatCouldNotBeDelivered()
    {
        // the timeout is checked between drain batches: batches of one frame make it bite between messages
        final Engine engine = Engine.start(TestEngines.config(1).inboundDrainLimit(1)
            .closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(100)).build());
        final AtomicInteger handled = new AtomicInteger();
        final ActorRef<Integer> slow = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            Thread.sleep(20);
            handled.incrementAndGet();
        }).spawn();
        for (int i = 0; i < 50; i++)
        {
            slow.tell(i);
        }
        engine.close();
        final long timedOut = engine.deadLetters().count(DeadLetterReason.CLOSE_TIMEOUT);
        assertTrue(timedOut > 0, "some messages could not be delivered in 100 ms");
        assertEquals(50, handled.get() + timedOut, "every message is either handled or counted");
    }

    /**
     * A thread outside the engine that waits for a congested actor to catch up (under {@code wait}, with no time
     * limit) is not left waiting when the engine closes before the actor has caught up: its send fails, naming the
     * close, and every message it sent before is handled or counted.
     */
    @Test
    void aSenderWaitingOnACongestedActorIsReleasedByTheClose() throws Exception
    {
        final Engine engine = Engine.start(TestEngines.config(1).mailboxCapacity(8).sendTimeoutNs(Long.MAX_VALUE)
            .closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(50)).build());
        final AtomicInteger handled = new AtomicInteger();
        final ActorRef<Integer> slow = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            Thread.sleep(2);
            handled.incrementAndGet();
        }).spawn();
        final AtomicInteger sent = new AtomicInteger();
        final AtomicReference<Throwable> outcome = new AtomicReference<>();
        final Thread sender = new Thread(() ->
        {
            try
            {
                while (true)
                {
                    slow.tell(sent.get());
                    sent.incrementAndGet();
                }
            }
            catch (final Throwable ex)
            {
                outcome.set(ex);
            }
        }, "congested-sender");
        sender.start();
        // the mailbox holds 8; past that the actor is congested, and the sender waits for it, parking between looks
        TestEngines.await("the sender waits", () -> sent.get() - handled.get() > 100 &&
            sender.getState() == Thread.State.TIMED_WAITING);
        engine.close();
        sender.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(sender.isAlive()).as("the sender still waits after the close").isFalse();
        assertThat(outcome.get()).isInstanceOf(EngineClosedException.class);
        assertEquals(sent.get(), handled.get() + engine.deadLetters().count(),
            "every message sent is handled or counted as a dead letter");
    }

    @Test
    void closeFromInsideAnActorReturnsAndTheEngineStops() throws Exception
    {
        final Engine engine = Engine.start(TestEngines.config(2).build());
        final CountDownLatch closed = new CountDownLatch(1);
        final ActorRef<String> closer = engine.spawn("closer", ctx -> m ->
        {
            ctx.engine().close();
            ctx.engine().close();
            closed.countDown();
        });
        closer.tell("close");
        assertTrue(closed.await(10, TimeUnit.SECONDS), "close() from an actor returns");
        assertTrue(engine.awaitTermination(java.time.Duration.ofSeconds(10)));
        assertTrue(engine.isClosed());
    }

    @Test
    void sendsBetweenActorsDuringFinishGoToDeadLetters()
    {
        final Engine engine = Engine.start(TestEngines.config(2).closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(50))
            .build());
        final AtomicInteger handled = new AtomicInteger();
        final java.util.concurrent.atomic.AtomicReference<ActorRef<Integer>> other =
            new java.util.concurrent.atomic.AtomicReference<>();
        final ActorRef<Integer> a = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            handled.incrementAndGet();
            other.get().tell(n + 1);
        }).onWorker(0).spawn();
        other.set(engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            handled.incrementAndGet();
            a.tell(n + 1);
        }).onWorker(1).spawn());
        a.tell(0);
        TestEngines.await("ping-pong running", () -> handled.get() > 1000);
        engine.close();
        assertTrue(engine.awaitTermination(java.time.Duration.ofSeconds(10)), "an endless ping-pong ends at close");
        assertEquals(1, engine.deadLetters().count(DeadLetterReason.ENGINE_CLOSED) +
            engine.deadLetters().count(DeadLetterReason.CLOSE_TIMEOUT), "the one message in flight is counted");
    }

    @Test
    void closeWaitsForWorkThatAQuietWorkerTakesUpAgain()
    {
        for (int run = 0; run < 10; run++)
        {
            final Engine engine = Engine.start(TestEngines.config(2).build());
            final AtomicInteger hops = new AtomicInteger();
            final java.util.concurrent.atomic.AtomicReference<ActorRef<Integer>> other =
                new java.util.concurrent.atomic.AtomicReference<>();
            final ActorRef<Integer> a = hopper(engine, 0, hops, other);
            other.set(hopper(engine, 1, hops, new java.util.concurrent.atomic.AtomicReference<>(a)));
            a.tell(200);
            engine.close();
            assertEquals(0, engine.deadLetters().count(), "run " + run + " stopped after " + hops + " hops");
            assertEquals(400, hops.get(), "each of 200 hops takes two steps, all within the close timeout");
        }
    }

    /** Each step tells itself to continue (a mailbox hop), then sends on to the other worker. */
    private static ActorRef<Integer> hopper(final Engine engine, final int worker, final AtomicInteger hops,
        final java.util.concurrent.atomic.AtomicReference<ActorRef<Integer>> next)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            hops.incrementAndGet();
            if (n > 0)
            {
                ctx.self().tell(-n);
            }
            else if (n < 0)
            {
                final long untilNs = System.nanoTime() + 20_000;
                while (System.nanoTime() - untilNs < 0)
                {
                    Thread.onSpinWait();
                }
                if (-n > 1)
                {
                    next.get().tell(-n - 1);
                }
            }
        }).onWorker(worker).spawn();
    }

    @Test
    void aWatchOfAnActorStillAliveWhenTheEngineClosesEndsWithEngineClosed() throws Exception
    {
        final Engine engine = Engine.start(TestEngines.config(1).build());
        final ActorRef<String> alive = engine.spawn("alive", (ActorContext<String> ctx) -> (String m) -> { });
        final Reply<Terminated> watch = engine.watch(alive);
        engine.close();
        final Terminated t = watch.toCompletableFuture().get(20, TimeUnit.SECONDS);
        assertEquals(Terminated.Reason.ENGINE_CLOSED, t.reason());
        assertEquals(alive, t.actor());
        // a watch made after the close ends at once the same way
        assertEquals(Terminated.Reason.ENGINE_CLOSED,
            engine.watch(alive).toCompletableFuture().get(20, TimeUnit.SECONDS).reason());
    }
}
