package io.hotpath;

import io.hotpath.metrics.WorkerStats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounded queues and the three full-queue policies, on the cross-thread path and on the owner's own path.
 */
class BackPressureTest
{
    /**
     * An actor that blocks its worker on message 0 until released, so the inbound queue fills up behind it. A frame
     * keeps its slot until its handler returns, so while message 0 blocks, capacity - 1 more frames fit.
     */
    private static final class Blocker
    {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Integer> seen = new ArrayList<>();
        final ActorRef<Integer> ref;

        Blocker(final Engine engine) throws InterruptedException
        {
            ref = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                seen.add(n);
                if (n == 0)
                {
                    entered.countDown();
                    release.await();
                }
            }).name("blocker").onWorker(0).spawn();
            ref.tell(0);
            assertTrue(entered.await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void failPolicyThrowsNamingActorAndCapacity() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).inboundCapacity(4)
            .fullQueuePolicy(FullQueuePolicy.FAIL).build()))
        {
            final Blocker blocker = new Blocker(engine);
            final ActorRef<Integer> ref = blocker.ref;
            final CountDownLatch release = blocker.release;
            final List<Integer> seen = blocker.seen;
            for (int i = 1; i <= 3; i++)
            {
                ref.tell(i);
            }
            final QueueFullException ex = assertThrows(QueueFullException.class, () -> ref.tell(4));
            assertThat(ex.getMessage()).contains("blocker", "capacity 4", "inbound.capacity");
            assertFalse(ref.offer(5), "offer reports full without the policy");
            release.countDown();
            TestEngines.await("three queued messages handled", () -> engine.stats().totalHandled() == 4);
            assertEquals(0, engine.deadLetters().count());
        }
    }

    @Test
    void dropPolicyCountsEveryDroppedMessageAsDeadLetter() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).inboundCapacity(4)
            .fullQueuePolicy(FullQueuePolicy.DROP).build()))
        {
            final AtomicInteger heard = new AtomicInteger();
            engine.deadLetters().addListener((target, message, reason) ->
            {
                if (reason == DeadLetterReason.QUEUE_FULL && target.name().equals("blocker"))
                {
                    heard.incrementAndGet();
                }
            });
            final Blocker blocker = new Blocker(engine);
            final ActorRef<Integer> ref = blocker.ref;
            final CountDownLatch release = blocker.release;
            final List<Integer> seen = blocker.seen;
            for (int i = 1; i <= 10; i++)
            {
                ref.tell(i);
            }
            release.countDown();
            TestEngines.await("accepted messages handled", () -> engine.stats().totalHandled() == 4);
            assertEquals(7, engine.deadLetters().count(DeadLetterReason.QUEUE_FULL));
            assertEquals(7, heard.get());
            assertEquals(List.of(0, 1, 2, 3), seen, "the first three fit behind the blocked one, in order");
        }
    }

    @Test
    void waitPolicyWaitsForRoomThenFailsAfterTheBound() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).inboundCapacity(2)
            .fullQueuePolicy(FullQueuePolicy.WAIT).sendTimeoutNs(TimeUnit.MILLISECONDS.toNanos(50)).build()))
        {
            final Blocker blocker = new Blocker(engine);
            final ActorRef<Integer> ref = blocker.ref;
            final CountDownLatch release = blocker.release;
            final List<Integer> seen = blocker.seen;
            ref.tell(1);
            final QueueFullException ex = assertThrows(QueueFullException.class, () -> ref.tell(2));
            assertThat(ex.getMessage()).contains("stayed full", "send.timeoutNs");

            final Thread releaser = new Thread(() ->
            {
                try
                {
                    Thread.sleep(20);
                }
                catch (final InterruptedException ignore)
                {
                    Thread.currentThread().interrupt();
                }
                release.countDown();
            });
            releaser.start();
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int sent = 3;
            while (sent < 50 && System.nanoTime() - deadlineNs < 0)
            {
                try
                {
                    ref.tell(sent);
                    sent++;
                }
                catch (final QueueFullException again)
                {
                    assertTrue(release.getCount() == 1, "after release the queue drains");
                }
            }
            releaser.join();
            final int last = sent;
            TestEngines.await("all accepted handled", () -> seen.size() == 2 + last - 3);
            assertEquals(0, engine.deadLetters().count());
        }
    }

    @Test
    void fullMailboxOnOwnWorkerUnderWaitHoldsTheSenderInsteadOfThrowing()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).mailboxCapacity(2)
            .handoffMaxDepth(0).fullQueuePolicy(FullQueuePolicy.WAIT).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final List<Integer> sunk = new ArrayList<>();
            final List<String> sourceRuns = new ArrayList<>();
            final ActorRef<Integer> sink = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> sunk.add(n))
                .name("sink").onWorker(0).spawn();
            final ActorRef<String> source = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                sourceRuns.add(m);
                for (int i = 0; i < 5; i++)
                {
                    sink.tell(sourceRuns.size() * 10 + i);
                }
            }).name("source").onWorker(0).spawn();
            source.tell("first");
            source.tell("second");
            worker.doWork();
            // the first run sent five into a mailbox of two: nothing thrown, nothing lost, and the source is held
            // until the sink has caught up, so its second message waits
            assertEquals(List.of("first"), sourceRuns);
            // the stats show it while it lasts: one actor congested, one sender held on it
            final WorkerStats during = engine.stats().workers().get(0);
            assertEquals(1, during.congestedActors(), "congested actors while the sink is behind");
            assertEquals(1, during.congestedHolds(), "holds while the sink is behind");
            TestEngines.await("the sink caught up and the source ran again", () ->
            {
                worker.doWork();
                return sourceRuns.size() == 2 && sunk.size() == 10;
            });
            assertEquals(List.of(10, 11, 12, 13, 14, 20, 21, 22, 23, 24), sunk);
            assertEquals(0, engine.deadLetters().count());
            // the second run held the source again; the next duty cycle lets it go
            TestEngines.await("no hold left", () ->
            {
                worker.doWork();
                return engine.stats().workers().get(0).congestedHolds() == 0;
            });
            assertEquals(0, engine.stats().workers().get(0).congestedActors(), "congested actors once caught up");
            drainAndClose(engine, worker);
        }
    }

    @Test
    void fullMailboxPushesBackOnInboundQueueWithoutLosingOrder()
    {
        final int count = 20_000;
        try (Engine engine = Engine.start(TestEngines.config(1).mailboxCapacity(2).batchBudget(1)
            .inboundCapacity(64).build()))
        {
            final int[] last = {-1};
            final AtomicInteger outOfOrder = new AtomicInteger();
            final AtomicInteger handled = new AtomicInteger();
            final ActorRef<Integer> relay = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                if (n < 0)
                {
                    return;
                }
                if (n != last[0] + 1)
                {
                    outOfOrder.incrementAndGet();
                }
                last[0] = n;
                handled.incrementAndGet();
                ctx.self().offer(-1);  // a backlog, so frames find the two-slot mailbox full
            }).onWorker(0).spawn();
            for (int i = 0; i < count; i++)
            {
                relay.tell(i);
            }
            TestEngines.await("all handled", () -> handled.get() == count);
            assertEquals(0, outOfOrder.get());
            assertEquals(0, engine.deadLetters().count(), "a frame that finds the mailbox full is kept beyond it");
        }
    }

    static void drainAndClose(final Engine engine, final WorkerInvoker worker)
    {
        final Thread closer = new Thread(engine::close);
        closer.start();
        while (!worker.isTerminated())
        {
            worker.doWork();
        }
    }
}
