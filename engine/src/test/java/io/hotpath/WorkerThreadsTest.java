package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Worker threads: names, placement, wake-up from park, embedding in a service thread, statistics.
 */
class WorkerThreadsTest
{
    @Test
    void handlersRunOnTheirWorkersUniquelyNamedThreads()
    {
        try (Engine engine = Engine.start(TestEngines.config(3).build()))
        {
            final Set<String> names = ConcurrentHashMap.newKeySet();
            final AtomicInteger wrong = new AtomicInteger();
            for (int w = 0; w < 3; w++)
            {
                final int expected = w;
                final ActorRef<String> ref = engine.actor((ActorContext<String> ctx) -> (String m) ->
                {
                    final String name = Thread.currentThread().getName();
                    names.add(name);
                    if (!name.equals("hp-worker-" + expected))
                    {
                        wrong.incrementAndGet();
                    }
                }).onWorker(w).spawn();
                ref.tell("where");
            }
            TestEngines.await("three workers seen", () -> names.size() == 3);
            assertEquals(0, wrong.get());
            assertTrue(names.stream().allMatch(n -> n.length() <= 15));
        }
    }

    @Test
    void aWorkerSendsToAnotherEnginesActorsAsAnOutsideThreadAndToItsOwnEnginesThroughItsLanes()
    {
        // engine a's worker thread is outside engine b: its sends there take b's inbound queues (waking b's parked
        // workers), while its sends to a's other worker take a's lane; each stream arrives whole, in order, and on
        // its own worker's thread
        final int messages = 2_000;
        try (Engine a = Engine.start(TestEngines.config(2).build());
             Engine b = Engine.start(TestEngines.config(2).idle("park")
                 .idleMaxParkNs(TimeUnit.SECONDS.toNanos(1)).build()))
        {
            final AtomicInteger outOfOrder = new AtomicInteger();
            final AtomicInteger[] received = new AtomicInteger[3];
            final List<Set<Thread>> threads = IntStream.range(0, 4)
                .mapToObj(i -> (Set<Thread>)ConcurrentHashMap.<Thread>newKeySet()).toList();
            final ActorRef<?>[] targets = new ActorRef<?>[3];
            for (int i = 0; i < 3; i++)
            {
                final AtomicInteger count = new AtomicInteger();
                final Set<Thread> ranOn = threads.get(i);
                received[i] = count;
                final ActorFactory<Integer> counting = ctx -> (Integer m) ->
                {
                    ranOn.add(Thread.currentThread());
                    if (m != count.getAndIncrement())
                    {
                        outOfOrder.incrementAndGet();
                    }
                };
                // b's workers 0 and 1, then a's worker 1
                targets[i] = i < 2 ? b.actor(counting).onWorker(i).spawn() : a.actor(counting).onWorker(1).spawn();
            }
            // a's worker 1, as a message from this thread finds it
            final ActorRef<String> probe = a.actor((ActorContext<String> ctx) -> (String m) ->
                threads.get(3).add(Thread.currentThread())).onWorker(1).spawn();
            probe.tell("which thread");
            @SuppressWarnings("unchecked")
            final ActorRef<Integer>[] to = (ActorRef<Integer>[])targets;
            final ActorRef<String> sender = a.actor((ActorContext<String> ctx) -> (String m) ->
            {
                for (int n = 0; n < messages; n++)
                {
                    for (final ActorRef<Integer> target : to)
                    {
                        target.tell(n);
                    }
                }
            }).onWorker(0).spawn();
            sender.tell("go");
            TestEngines.await("every stream received", () -> !threads.get(3).isEmpty() &&
                received[0].get() == messages && received[1].get() == messages && received[2].get() == messages);
            assertEquals(0, outOfOrder.get());
            assertEquals(0, a.deadLetters().count() + b.deadLetters().count());
            for (final Set<Thread> ranOn : threads)
            {
                assertThat(ranOn).hasSize(1);
            }
            assertThat(threads.get(2)).isEqualTo(threads.get(3));
            assertThat(threads.get(0)).doesNotContainAnyElementsOf(threads.get(1))
                .doesNotContainAnyElementsOf(threads.get(2));
            assertThat(threads.get(1)).doesNotContainAnyElementsOf(threads.get(2));
        }
    }

    @Test
    void parkedWorkerIsWokenBySender() throws Exception
    {
        // a park of up to 10 s: without the sender's wake-up each round trip would wait for it
        try (Engine engine = Engine.start(TestEngines.config(2).idle("park")
            .idleMaxParkNs(TimeUnit.SECONDS.toNanos(1)).build()))
        {
            final CountDownLatch done = new CountDownLatch(200);
            final ActorRef<String> echo = engine.actor((ActorContext<String> ctx) -> (String m) -> done.countDown())
                .onWorker(1).spawn();
            for (int i = 0; i < 200; i++)
            {
                final long before = done.getCount();
                echo.tell("wake");
                while (done.getCount() == before)
                {
                    Thread.onSpinWait();
                }
            }
            assertTrue(done.await(1, TimeUnit.SECONDS));
        }
    }

    @Test
    void embeddedWorkerRunsOnTheServiceThread() throws Exception
    {
        final Engine engine = Engine.start(TestEngines.config(2).embedded(1, true).build());
        final WorkerInvoker invoker = engine.invoker(1);
        final AtomicReference<String> handledOn = new AtomicReference<>();
        final ActorRef<String> hosted = engine.actor((ActorContext<String> ctx) -> (String m) ->
            handledOn.set(Thread.currentThread().getName())).onWorker(1).spawn();
        final Thread service = new Thread(() ->
        {
            while (!invoker.isTerminated())
            {
                if (invoker.doWork() == 0)
                {
                    Thread.onSpinWait();
                }
            }
        }, "market-data");
        service.start();
        hosted.tell("tick");
        TestEngines.await("handled on the service thread", () -> handledOn.get() != null);
        assertEquals("market-data", handledOn.get());
        assertThat(assertThrows(IllegalStateException.class, invoker::doWork).getMessage())
            .contains("driven by thread 'market-data'");
        engine.close();
        service.join(10_000);
        assertTrue(invoker.isTerminated());
        assertEquals("hp-worker-1", invoker.name());
    }

    @Test
    void statisticsCountEachPathAndPrintAsATable()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final CountDownLatch done = new CountDownLatch(1);
            final ActorRef<Integer> sink = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                if (n == 99)
                {
                    done.countDown();
                }
            }).name("sink").onWorker(0).spawn();
            final ActorRef<Integer> source = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                for (int i = 0; i < 100; i++)
                {
                    sink.tell(i);
                }
            }).name("source").onWorker(0).spawn();
            source.tell(0);
            assertTrue(await(done));
            // The latch opens inside the source's turn, which is counted when it ends, in the drain that carried its
            // frame; each counter is published on its own (opaque), in no set order with the others: wait for both.
            TestEngines.await("inbound depth noted", () -> engine.stats().workers().get(0).inboundHighWater() >= 1);
            TestEngines.await("the source's turn counted", () -> engine.stats().workers().get(0).handled() >= 101);
            final io.hotpath.metrics.EngineStats stats = engine.stats();
            final io.hotpath.metrics.ActorStats sinkStats = stats.actors().stream()
                .filter(a -> a.name().equals("sink")).findFirst().orElseThrow();
            assertEquals(100, sinkStats.handled());
            assertEquals(100, sinkStats.handoffs(), "an idle actor on the sender's worker: direct every time");
            assertEquals(101, stats.workers().get(0).handled());
            assertTrue(stats.workers().get(0).inboundHighWater() >= 1);
            assertThat(stats.toString()).contains("hp-worker-0", "sink", "source", "handoffs", "dead letters: 0");
        }
    }

    private static boolean await(final CountDownLatch latch)
    {
        try
        {
            return latch.await(20, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
