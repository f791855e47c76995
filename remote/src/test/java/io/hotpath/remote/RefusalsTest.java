package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import org.junit.jupiter.api.Test;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Queue;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Refused sends cost no exception of their own and are counted: when Aeron pushes back (the receiving worker is
 * held), {@code offer} returns false, and a tell refused under wait or fail throws the remote actor's one shared
 * exception for that kind of refusal, without a stack trace; the node counts every refusal. What was accepted still
 * arrives, in order.
 */
class RefusalsTest
{
    private static final int TERM = 64 * 1024;
    private static final int REFUSED_TELLS = 1_000;
    private static final int REFUSED_OFFERS = 500;

    private record Setup(Engine engineA, Engine engineB, RemoteNode a, RemoteNode b, ActorRef<Integer> remote,
        Queue<Integer> received, CountDownLatch release) implements AutoCloseable
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

    private static Setup start(final FullQueuePolicy policy, final boolean stackTraces) throws InterruptedException
    {
        final String tag = Long.toHexString(System.nanoTime());
        final Engine engineA = Engine.start(EngineConfig.builder().workers(2).idle("backoff")
            .fullQueuePolicy(policy).sendTimeoutNs(50_000_000L).build());
        final Engine engineB = Nodes.engine();
        final RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address("ipc://rf-a-" + tag)
            .termLength(TERM).backlog(8).stackTraces(stackTraces).build());
        final RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address("ipc://rf-b-" + tag)
            .termLength(TERM).externalDriver(a.aeronDirectory()).build());
        final Queue<Integer> received = new ConcurrentLinkedQueue<>();
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch holding = new CountDownLatch(1);
        b.publish("held", engineB.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (n == 0)
            {
                holding.countDown();
                release.await(30, TimeUnit.SECONDS);
            }
            received.add(n);
        }).onWorker(1).spawn());
        final ActorRef<Integer> remote = a.<Integer>resolve(b.address().toString(), "held")
            .get(Duration.ofSeconds(20));
        remote.tell(0);
        assertThat(holding.await(20, TimeUnit.SECONDS)).as("the first message arrived").isTrue();
        return new Setup(engineA, engineB, a, b, remote, received, release);
    }

    /** What an actor of A saw: the last message accepted, the refused tells' exceptions, the offers refused. */
    private record FromWorker(int accepted, List<QueueFullException> refusals, int offersRefused)
    {
    }

    /** An actor of A tells until refused, then tells and offers more, all refused, in one turn. */
    private static FromWorker floodFromWorker(final Setup setup) throws Exception
    {
        final CompletableFuture<FromWorker> done = new CompletableFuture<>();
        setup.engineA().spawn("sender", (ActorContext<String> ctx) -> (String go) ->
        {
            final List<QueueFullException> refusals = new ArrayList<>();
            int accepted = 0;
            int next = 1;
            while (refusals.isEmpty() && next < 100_000)
            {
                try
                {
                    setup.remote().tell(next);
                    accepted = next++;
                }
                catch (final QueueFullException ex)
                {
                    refusals.add(ex);
                }
            }
            for (int i = 1; i < REFUSED_TELLS; i++)
            {
                try
                {
                    setup.remote().tell(next);
                }
                catch (final QueueFullException ex)
                {
                    refusals.add(ex);
                }
            }
            int offersRefused = 0;
            for (int i = 0; i < REFUSED_OFFERS; i++)
            {
                if (!setup.remote().offer(next))
                {
                    offersRefused++;
                }
            }
            done.complete(new FromWorker(accepted, refusals, offersRefused));
        }).tell("go");
        return done.get(20, TimeUnit.SECONDS);
    }

    @Test
    void aWorkersRefusedSendsShareOneExceptionWithoutAStackTraceAndAreCounted() throws Exception
    {
        try (Setup setup = start(FullQueuePolicy.WAIT, false))
        {
            final FromWorker worker = floodFromWorker(setup);
            assertThat(worker.refusals()).hasSize(REFUSED_TELLS);
            final Set<QueueFullException> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            distinct.addAll(worker.refusals());
            assertThat(distinct).as("one exception for every refusal of its kind").hasSize(1);
            final QueueFullException refusal = worker.refusals().get(0);
            assertThat(refusal.getStackTrace()).isEmpty();
            assertThat(refusal).hasMessageContaining("held@" + setup.b().address())
                .hasMessageContaining("remote.backlog").hasMessageContaining("use offer()");
            assertThat(worker.offersRefused()).as("offer returns false, it does not throw").isEqualTo(REFUSED_OFFERS);
            assertThat(setup.a().stats().refusedSends()).isEqualTo(REFUSED_TELLS + REFUSED_OFFERS);

            // a thread outside the engine: offers refused, then a tell that waits send.timeoutNs in vain
            int outsideOffers = 0;
            for (int n = 0; n < 100_000 && outsideOffers < REFUSED_OFFERS; n++)
            {
                if (!setup.remote().offer(-1))
                {
                    outsideOffers++;
                }
            }
            assertThat(outsideOffers).isEqualTo(REFUSED_OFFERS);
            assertThatThrownBy(() -> setup.remote().tell(-1)).isInstanceOf(QueueFullException.class)
                .hasMessageContaining("send.timeoutNs");
            final long expected = REFUSED_TELLS + 2L * REFUSED_OFFERS + 1;
            assertThat(setup.a().stats().refusedSends()).isEqualTo(expected);
            assertThat(ManagementFactory.getPlatformMBeanServer().getAttribute(new ObjectName(
                "io.hotpath:type=RemoteNode,name=" + ObjectName.quote(setup.a().address().toString())),
                "RefusedSends")).as("the node's MBean").isEqualTo(expected);
            assertThat(setup.engineA().deadLetters().count()).as("a refusal is no dead letter").isZero();

            setup.release().countDown();
            Nodes.await("every accepted message arrived", () -> setup.received().stream()
                .filter(n -> n >= 0).count() == worker.accepted() + 1);
            final List<Integer> fromWorker = new ArrayList<>(setup.received());
            fromWorker.removeIf(n -> n < 0);
            assertThat(fromWorker).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void underFailWithStackTracesAskedForEachRefusalHasItsOwn() throws Exception
    {
        try (Setup setup = start(FullQueuePolicy.FAIL, true))
        {
            final FromWorker worker = floodFromWorker(setup);
            assertThat(worker.refusals()).hasSize(REFUSED_TELLS);
            assertThat(worker.refusals().get(0)).isNotSameAs(worker.refusals().get(1));
            assertThat(worker.refusals().get(1).getStackTrace()).isNotEmpty();
            assertThat(setup.a().stats().refusedSends()).isEqualTo(REFUSED_TELLS + REFUSED_OFFERS);
        }
    }
}
