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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * When Aeron pushes back (the receiving worker does not take its stream), sends follow the engine's full-queue
 * policy: an outside thread fails, drops or waits a bounded time; a worker keeps a bounded backlog in order, then
 * fails or drops, and never waits. The receiving worker is held by a handler that waits on a latch: a worker that
 * does not run at all, which no per-actor back-pressure can help (a slow actor's congestion: {@link IsolationTest}).
 */
class BackPressureTest
{
    private static final int TERM = 64 * 1024;

    private record Setup(Engine engineA, Engine engineB, RemoteNode a, RemoteNode b, ActorRef<Integer> remote,
        List<Integer> received, CountDownLatch release) implements AutoCloseable
    {
        @Override
        public void close()
        {
            release.countDown();
            try (engineA; engineB; a)
            {
                b.close();
            }
        }
    }

    private static Setup start(final FullQueuePolicy policy)
    {
        final String tag = Long.toHexString(System.nanoTime());
        final Engine engineA = Engine.start(EngineConfig.builder().workers(2).idle("backoff")
            .fullQueuePolicy(policy).sendTimeoutNs(200_000_000L).build());
        final Engine engineB = Nodes.engine();
        final RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address("ipc://bp-a-" + tag)
            .termLength(TERM).backlog(8).build());
        final RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address("ipc://bp-b-" + tag)
            .termLength(TERM).externalDriver(a.aeronDirectory()).build());
        final List<Integer> received = java.util.Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch holding = new CountDownLatch(1);
        b.publish("slow", engineB.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (n == 0)
            {
                holding.countDown();
                release.await(30, TimeUnit.SECONDS);
            }
            received.add(n);
        }).onWorker(1).spawn());
        final ActorRef<Integer> remote = a.<Integer>resolve(b.address().toString(), "slow").get(Duration.ofSeconds(20));
        remote.tell(0);
        // the worker is held before anything else is sent: sends from other publications have no order with this one
        try
        {
            if (!holding.await(20, TimeUnit.SECONDS))
            {
                throw new AssertionError("the first message never arrived");
            }
        }
        catch (final InterruptedException ex)
        {
            throw new AssertionError(ex);
        }
        return new Setup(engineA, engineB, a, b, remote, received, release);
    }

    /** Tell from this thread until a send is refused; returns how many went. */
    private static int fillFromOutside(final ActorRef<Integer> remote)
    {
        for (int n = 1; n < 100_000; n++)
        {
            if (!remote.offer(n))
            {
                return n - 1;
            }
        }
        throw new AssertionError("Aeron never pushed back");
    }

    @Test
    void anOutsideThreadFailsOrWaitsABoundedTimeUnderFailAndWait()
    {
        try (Setup fail = start(FullQueuePolicy.FAIL))
        {
            final int sent = fillFromOutside(fail.remote());
            assertThatThrownBy(() -> fail.remote().tell(sent + 1))
                .isInstanceOf(QueueFullException.class).hasMessageContaining("Aeron pushes back");
        }
        try (Setup wait = start(FullQueuePolicy.WAIT))
        {
            final int sent = fillFromOutside(wait.remote());
            assertThatThrownBy(() -> wait.remote().tell(sent + 1))
                .isInstanceOf(QueueFullException.class).hasMessageContaining("send.timeoutNs");
            wait.release().countDown();
            Nodes.await("the slow actor caught up", () -> wait.received().size() == sent + 1);
            assertThat(wait.received()).isSorted();
        }
    }

    @Test
    void anOutsideThreadDropsToDeadLettersUnderDrop()
    {
        try (Setup drop = start(FullQueuePolicy.DROP))
        {
            final int sent = fillFromOutside(drop.remote());
            drop.remote().tell(sent + 1);
            assertThat(drop.engineA().deadLetters().count(DeadLetterReason.QUEUE_FULL)).isEqualTo(1);
        }
    }

    @Test
    void aWorkerKeepsABoundedBacklogInOrderThenFailsWithoutWaiting() throws Exception
    {
        try (Setup setup = start(FullQueuePolicy.WAIT))
        {
            final AtomicReference<Throwable> refused = new AtomicReference<>();
            final AtomicInteger accepted = new AtomicInteger();
            final CompletableFuture<Void> done = new CompletableFuture<>();
            setup.engineA().spawn("sender", (ActorContext<String> ctx) -> (String go) ->
            {
                try
                {
                    for (int n = 1; n < 100_000; n++)
                    {
                        setup.remote().tell(n);
                        accepted.set(n);
                    }
                }
                catch (final QueueFullException ex)
                {
                    refused.set(ex);
                }
                done.complete(null);
            }).tell("go");
            done.get(20, TimeUnit.SECONDS);
            assertThat(refused.get()).isInstanceOf(QueueFullException.class)
                .hasMessageContaining("backlog").hasMessageContaining("remote.backlog");
            setup.release().countDown();
            Nodes.await("every accepted message arrived", () -> setup.received().size() == accepted.get() + 1);
            assertThat(setup.received()).isSorted().doesNotHaveDuplicates();
        }
    }
}
