package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One slow actor never stalls a node: a slow actor (0.2 ms per message) on worker 0 of node B is flooded from
 * node A over UDP; its neighbours on the same worker and on the other keep answering at once, the flood's sender is
 * pushed back for that actor only (offer refused, drop counted, wait held), its sends to every other actor go on, and
 * nothing is lost or reordered. The bounds are generous (this is no latency measurement): without isolation a
 * neighbour's ping waits behind the flood's frames in the stream, each 0.2 ms of the slow actor's.
 */
class IsolationTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long SLOW_NS = 200_000L;
    private static final long PING_BOUND_MS = 2_000;

    /** Node B's side: the slow actor on worker 0, an echo beside it and one on worker 1. */
    private record SlowNode(Engine engine, RemoteNode node, List<Long> received, AtomicLong errors)
        implements AutoCloseable
    {
        static SlowNode start()
        {
            final Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").mailboxCapacity(256)
                .build());
            final RemoteNode node = RemoteNode.start(engine, Nodes.udp().build());
            final List<Long> received = Collections.synchronizedList(new ArrayList<>());
            final AtomicLong errors = new AtomicLong();
            node.publish("slow", engine.actor((ActorContext<Long> ctx) ->
            {
                final long[] last = new long[1];
                return (Long n) ->
                {
                    if (n != last[0] + 1)
                    {
                        errors.incrementAndGet();
                    }
                    last[0] = n;
                    received.add(n);
                    LockSupport.parkNanos(SLOW_NS);
                };
            }).onWorker(0).spawn());
            for (int w = 0; w < 2; w++)
            {
                node.publish("echo" + w, engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.reply(m))
                    .onWorker(w).spawn());
            }
            return new SlowNode(engine, node, received, errors);
        }

        @Override
        public void close()
        {
            try (engine)
            {
                node.close();
            }
        }
    }

    private enum Continue
    {
        INSTANCE
    }

    @Test
    void aFloodedSlowActorHoldsUpNeitherItsNeighbourOnItsWorkerNorTheOther() throws Exception
    {
        try (SlowNode b = SlowNode.start();
             Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final ActorRef<Long> slow = a.<Long>resolve(b.node().address().toString(), "slow").get(WAIT);
            final List<ActorRef<String>> echoes = List.of(
                a.<String>resolve(b.node().address().toString(), "echo0").get(WAIT),
                a.<String>resolve(b.node().address().toString(), "echo1").get(WAIT));
            final AtomicLong sent = new AtomicLong();
            final AtomicLong refused = new AtomicLong();
            final AtomicBoolean stop = new AtomicBoolean();
            // the flood: whenever the slow actor can take more, from worker 0 of A
            engineA.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                for (int i = 0; i < 64 && !stop.get(); i++)
                {
                    if (!slow.offer(sent.get() + 1))
                    {
                        refused.incrementAndGet();
                        ctx.schedule(Continue.INSTANCE, Duration.ofMillis(1));
                        return;
                    }
                    sent.incrementAndGet();
                }
                if (!stop.get())
                {
                    ctx.self().tell(Continue.INSTANCE);
                }
            }).onWorker(0).spawn().tell("go");
            Nodes.await("the slow actor's node pushes back on the flood", () -> refused.get() > 0);

            // pings from the same sending worker, one at a time, to the neighbour on the slow worker and the other
            final List<Long> roundTripsMs = new CopyOnWriteArrayList<>();
            final CompletableFuture<Void> pinged = new CompletableFuture<>();
            final long refusedBefore = refused.get();
            engineA.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                final long startNs = System.nanoTime();
                echoes.get(n % 2).<String>ask("ping " + n).onComplete((answer, error) ->
                {
                    roundTripsMs.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs));
                    if (error != null)
                    {
                        pinged.completeExceptionally(error);
                    }
                    else if (n == 40)
                    {
                        pinged.complete(null);
                    }
                    else
                    {
                        ctx.self().tell(n + 1);
                    }
                });
            }).onWorker(0).spawn().tell(1);
            pinged.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            final long refusedDuring = refused.get() - refusedBefore;
            stop.set(true);

            assertThat(refusedDuring).as("the slow actor stayed congested while the pings went").isPositive();
            assertThat(Collections.max(roundTripsMs)).as("round trips (ms): " + roundTripsMs)
                .isLessThan(PING_BOUND_MS);
            Nodes.await("the slow actor took everything sent", () -> b.received().size() == sent.get());
            assertThat(b.errors().get()).as("nothing lost, duplicated or reordered").isZero();
        }
    }

    @Test
    void underWaitAWorkerHoldsForTheCongestedActorAloneAndItsOtherSendsGoOn() throws Exception
    {
        try (SlowNode b = SlowNode.start();
             Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().backlog(64).build()))
        {
            final ActorRef<Long> slow = a.<Long>resolve(b.node().address().toString(), "slow").get(WAIT);
            // beside the slow actor: the same publication from A's worker 0 carries both
            final ActorRef<String> echo = a.<String>resolve(b.node().address().toString(), "echo0").get(WAIT);
            final AtomicLong accepted = new AtomicLong();
            final AtomicInteger refusals = new AtomicInteger();
            final AtomicBoolean stop = new AtomicBoolean();
            final List<String> refusalMessages = new CopyOnWriteArrayList<>();
            final List<Long> echoMs = new CopyOnWriteArrayList<>();
            engineA.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                for (int i = 0; i < 32 && !stop.get(); i++)
                {
                    try
                    {
                        slow.tell(accepted.get() + 1);
                        accepted.incrementAndGet();
                    }
                    catch (final QueueFullException ex)
                    {
                        if (refusals.getAndIncrement() == 0)
                        {
                            refusalMessages.add(ex.getMessage());
                        }
                        break;
                    }
                }
                if (refusals.get() > 0 && echoMs.size() < 20)
                {
                    // the same worker, the same turn: a send to another actor of B's goes out at once
                    final long startNs = System.nanoTime();
                    echo.<String>ask("still there?").onComplete((answer, error) ->
                        echoMs.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs)));
                }
                if (!stop.get())
                {
                    ctx.schedule(Continue.INSTANCE, Duration.ofMillis(1));
                }
            }).onWorker(0).spawn().tell("go");
            Nodes.await("twenty answers from the neighbour while this worker holds for the slow actor",
                () -> echoMs.size() >= 20);
            stop.set(true);

            assertThat(refusalMessages.get(0)).contains("congested").contains("remote.backlog");
            assertThat(Collections.max(echoMs)).as("round trips (ms): " + echoMs).isLessThan(PING_BOUND_MS);
            Nodes.await("every accepted message arrived", () -> b.received().size() == accepted.get());
            assertThat(b.errors().get()).as("nothing lost, duplicated or reordered").isZero();
        }
    }

    @Test
    void underDropTheFloodOfAnOutsideThreadIsCountedAtItsSourceAndTheRestArrivesInOrder()
    {
        try (SlowNode b = SlowNode.start();
             Engine engineA = Engine.start(EngineConfig.builder().workers(2).idle("backoff")
                 .fullQueuePolicy(FullQueuePolicy.DROP).build());
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final ActorRef<Long> slow = a.<Long>resolve(b.node().address().toString(), "slow").get(WAIT);
            final List<Long> sent = new ArrayList<>();
            final long untilNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            long n = 0;
            while (System.nanoTime() - untilNs < 0 || engineA.deadLetters().count(DeadLetterReason.QUEUE_FULL) == 0)
            {
                final long before = engineA.deadLetters().count(DeadLetterReason.QUEUE_FULL);
                slow.tell(++n);
                if (engineA.deadLetters().count(DeadLetterReason.QUEUE_FULL) == before)
                {
                    sent.add(n);
                }
                LockSupport.parkNanos(20_000);
            }
            final long droppedHere = engineA.deadLetters().count(DeadLetterReason.QUEUE_FULL);
            final long total = n;
            Nodes.await("the slow actor took what was not dropped", () ->
                b.received().size() + b.engine().deadLetters().count(DeadLetterReason.QUEUE_FULL) == sent.size());
            assertThat(droppedHere + sent.size()).isEqualTo(total);
            final List<Long> received = new ArrayList<>(b.received());
            assertThat(received).as("in order").isSorted().doesNotHaveDuplicates();
            assertThat(new java.util.HashSet<>(sent)).as("nothing that was dropped arrived").containsAll(received);
        }
    }
}
