package io.hotpath;

import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker's send into another worker's full inbound queue is kept in order in the sending worker's backlog and
 * published as room appears, while the sending actor is held: no message is lost, none is refused, no handler sees a
 * QueueFullException, and no worker waits for another. Only a turn that sends more than the backlog holds meets the
 * full-queue policy.
 */
class WorkerToWorkerBacklogTest
{
    private static final int TURNS = 200;
    private static final int PER_TURN = 500;

    @Test
    void aProducerFloodingAnotherWorkerLosesNothingUnderEachPolicy() throws Exception
    {
        for (final FullQueuePolicy policy : FullQueuePolicy.values())
        {
            floodAcrossWorkers(TestEngines.config(2).inboundCapacity(16).fullQueuePolicy(policy), policy.name());
        }
    }

    @Test
    void aProducerOnAWorkerDrivenByTheServiceThreadLosesNothing() throws Exception
    {
        floodAcrossWorkers(TestEngines.config(2).embedded(0, true).inboundCapacity(16), "embedded");
    }

    private static void floodAcrossWorkers(final EngineConfig.Builder config, final String what) throws Exception
    {
        final AtomicLong received = new AtomicLong();
        final AtomicInteger outOfOrder = new AtomicInteger();
        TestEngines.FAULTS.clear();
        try (Engine engine = Engine.start(config.build()))
        {
            final long[] last = {-1};
            final ActorRef<Long> consumer = engine.actor((ActorContext<Long> ctx) -> (Long n) ->
            {
                if (n != last[0] + 1)
                {
                    outOfOrder.incrementAndGet();
                }
                last[0] = n;
                received.incrementAndGet();
            }).name("consumer").onWorker(1).spawn();
            final ActorRef<String> producer = engine.actor((ActorContext<String> ctx) ->
            {
                final long[] next = {0};
                return (String m) ->
                {
                    for (int i = 0; i < PER_TURN; i++)
                    {
                        consumer.tell(next[0]++);
                    }
                    if (next[0] < (long)TURNS * PER_TURN)
                    {
                        ctx.self().tell("again");
                    }
                };
            }).name("producer").onWorker(0).spawn();
            final boolean embedded = engine.config().embedded(0);
            producer.tell("go");
            final long total = (long)TURNS * PER_TURN;
            TestEngines.await(what + ": every message received", () ->
            {
                if (embedded)
                {
                    engine.invoker(0).doWork();
                }
                return received.get() == total;
            });
            assertEquals(0, outOfOrder.get(), what);
            assertEquals(0, engine.deadLetters().count(), what);
            assertTrue(TestEngines.FAULTS.isEmpty(), what + ": " + TestEngines.FAULTS);
            final WorkerStats producerWorker = engine.stats().workers().get(0);
            assertTrue(producerWorker.outboundHighWater() > 0, what + ": the backlog was used");
            assertTrue(producerWorker.outboundHighWater() <= PER_TURN, what + ": the held producer stopped sending");
            if (embedded)
            {
                BackPressureTest.drainAndClose(engine, engine.invoker(0));
            }
        }
    }

    @Test
    void aTurnThatSendsMoreThanTheBacklogHoldsMeetsThePolicy() throws Exception
    {
        final AtomicLong received = new AtomicLong();
        final AtomicInteger refused = new AtomicInteger();
        try (Engine engine = Engine.start(TestEngines.config(2).inboundCapacity(16).outboundCapacity(100)
            .fullQueuePolicy(FullQueuePolicy.DROP).build()))
        {
            final ActorRef<Integer> consumer = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                received.incrementAndGet()).onWorker(1).spawn();
            final java.util.concurrent.CountDownLatch sent = new java.util.concurrent.CountDownLatch(1);
            final ActorRef<String> producer = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                for (int i = 0; i < 10_000; i++)
                {
                    consumer.tell(i);
                }
                sent.countDown();
            }).onWorker(0).spawn();
            producer.tell("go");
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            TestEngines.await("everything delivered or dropped",
                () -> received.get() + engine.deadLetters().count(DeadLetterReason.QUEUE_FULL) == 10_000);
            assertTrue(engine.deadLetters().count(DeadLetterReason.QUEUE_FULL) > 0, "the backlog's bound applied");
            assertEquals(0, refused.get());
        }
    }

    @Test
    void twoWorkersAskingEachOtherWithBothQueuesFullNeitherDeadlockNorLoseAnAnswer() throws Exception
    {
        final int asks = 2_000;
        try (Engine engine = Engine.start(TestEngines.config(2).inboundCapacity(4).sendTimeoutNs(Long.MAX_VALUE)
            .build()))
        {
            final AtomicInteger answered = new AtomicInteger();
            final ActorRef<Integer> echo0 = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n))
                .name("echo0").onWorker(0).spawn();
            final ActorRef<Integer> echo1 = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n))
                .name("echo1").onWorker(1).spawn();
            final ActorRef<String> asker0 = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                for (int i = 0; i < asks; i++)
                {
                    echo1.<Integer>ask(i).onSuccess(v -> answered.incrementAndGet());
                }
            }).name("asker0").onWorker(0).spawn();
            final ActorRef<String> asker1 = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                for (int i = 0; i < asks; i++)
                {
                    echo0.<Integer>ask(i).onSuccess(v -> answered.incrementAndGet());
                }
            }).name("asker1").onWorker(1).spawn();
            asker0.tell("go");
            asker1.tell("go");
            TestEngines.await("every answer delivered", () -> answered.get() == 2 * asks);
            assertEquals(0, engine.deadLetters().count());
            // and the workers are free: a ping across still answers
            assertEquals(7, echo1.<Integer>ask(7).get(Duration.ofSeconds(10)));
        }
    }

    @Test
    void anOutputPortReboundWhileTheProducerRunsLosesNothing() throws Exception
    {
        final AtomicLong toA = new AtomicLong();
        final AtomicLong toB = new AtomicLong();
        final long total = 100_000;
        try (Engine engine = Engine.start(TestEngines.config(2).inboundCapacity(16).build()))
        {
            final ActorRef<Long> a = engine.actor((ActorContext<Long> ctx) -> (Long n) -> toA.incrementAndGet())
                .onWorker(1).spawn();
            final ActorRef<Long> b = engine.actor((ActorContext<Long> ctx) -> (Long n) -> toB.incrementAndGet())
                .onWorker(1).spawn();
            final java.util.concurrent.atomic.AtomicReference<OutputPort<Long>> port =
                new java.util.concurrent.atomic.AtomicReference<>();
            final ActorRef<String> producer = engine.actor((ActorContext<String> ctx) ->
            {
                port.set(new OutputPort<>(ctx, "out"));
                port.get().bind(a);
                final long[] next = {0};
                return (String m) ->
                {
                    for (int i = 0; i < 1_000 && next[0] < total; i++)
                    {
                        port.get().tell(next[0]++);
                    }
                    if (next[0] < total)
                    {
                        ctx.self().tell("again");
                    }
                };
            }).onWorker(0).spawn();
            producer.tell("go");
            TestEngines.await("half sent", () -> toA.get() + toB.get() > total / 4);
            port.get().bind(b);
            TestEngines.await("all received", () -> toA.get() + toB.get() == total);
            assertTrue(toB.get() > 0, "the rebinding took effect");
            assertEquals(0, engine.deadLetters().count());
        }
    }

    /**
     * Runs of sends to two actors of one worker, interleaved in each turn, through a lane of two frames, so that the
     * route a run holds meets a full lane and a backlog again and again: every message still arrives once, each
     * actor's in order, with nothing dead-lettered.
     */
    @Test
    void runsToTwoActorsOfOneWorkerThroughATinyLaneKeepOrderAndLoseNothing() throws Exception
    {
        final int turns = 200;
        final long[] received = new long[2];
        final AtomicLong total = new AtomicLong();
        final AtomicLong sentTotal = new AtomicLong();
        final AtomicInteger outOfOrder = new AtomicInteger();
        TestEngines.FAULTS.clear();
        try (Engine engine = Engine.start(TestEngines.config(2).inboundCapacity(16).inboundLaneCapacity(2).build()))
        {
            final List<ActorRef<Long>> receivers = new ArrayList<>();
            for (int r = 0; r < 2; r++)
            {
                final int which = r;
                receivers.add(engine.actor((ActorContext<Long> ctx) -> (Long n) ->
                {
                    if (n != received[which])
                    {
                        outOfOrder.incrementAndGet();
                    }
                    received[which] = n + 1;
                    total.incrementAndGet();
                }).name("receiver" + r).onWorker(1).spawn());
            }
            final long[] sent = new long[2];
            final ActorRef<String> producer = engine.actor((ActorContext<String> ctx) ->
            {
                final SplittableRandom random = new SplittableRandom(39);
                final int[] turn = {0};
                return (String m) ->
                {
                    for (int run = 0; run < 20; run++)
                    {
                        final int to = random.nextInt(2);
                        for (int i = random.nextInt(1, 12); i > 0; i--)
                        {
                            receivers.get(to).tell(sent[to]++);
                        }
                    }
                    if (++turn[0] < turns)
                    {
                        ctx.self().tell("again");
                    }
                    else
                    {
                        sentTotal.set(sent[0] + sent[1]);
                    }
                };
            }).name("producer").onWorker(0).spawn();
            producer.tell("go");
            TestEngines.await("every message sent and received",
                () -> sentTotal.get() > 0 && total.get() >= sentTotal.get());
            assertEquals(sentTotal.get(), total.get(), "every message arrived once");
            assertEquals(0, outOfOrder.get(), "each actor got its messages in order");
            assertEquals(0, engine.deadLetters().count());
            assertTrue(TestEngines.FAULTS.isEmpty(), TestEngines.FAULTS.toString());
            assertTrue(engine.stats().workers().get(0).outboundHighWater() > 0, "the backlog was used");
        }
    }
}
