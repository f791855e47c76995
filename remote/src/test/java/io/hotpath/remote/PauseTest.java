package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A pause is not a partition: a handler that blocks a worker, a node whose control worker was held up, a process
 * stopped with SIGSTOP and resumed; in each case the two nodes reach each other again, with the same incarnation.
 * The pauses last three times the failure timeout.
 */
class PauseTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long FAILURE_TIMEOUT_NS = 1_500_000_000L;
    private static final long PAUSE_NS = 3 * FAILURE_TIMEOUT_NS;

    /** The case: a handler on worker 0 of node A blocks longer than the failure timeout. */
    @Test
    void aHandlerThatBlocksAWorkerHoldsUpNeitherTheHeartbeatsNorTheOtherWorkers()
    {
        try (Pair pair = Pair.start("udp", config -> config.failureTimeoutNs(FAILURE_TIMEOUT_NS)))
        {
            pair.b.publish("echo", echo(pair.engineB, 0));
            pair.a.publish("echo1", echo(pair.engineA, 1));
            final ActorRef<String> echoOnB = pair.fromA("echo");
            final ActorRef<String> echo1OnA = pair.fromB("echo1");
            final Reply<Terminated> watchFromA = pair.engineA.watch(echoOnB);
            final Reply<Terminated> watchFromB = pair.engineB.watch(echo1OnA);
            final CountDownLatch blocked = new CountDownLatch(1);
            final CountDownLatch released = new CountDownLatch(1);
            block(pair.engineA, 0, blocked, released);

            await(blocked);
            // node A's control protocol and driver run on a thread of the node's own: B still reaches A's worker 1
            for (int i = 0; i < 5; i++)
            {
                assertThat(echo1OnA.<String>ask("during " + i).get(WAIT)).isEqualTo("during " + i);
            }
            await(released);

            assertThat(echoOnB.<String>ask("after").get(WAIT)).isEqualTo("after");
            assertThat(echo1OnA.<String>ask("after").get(WAIT)).isEqualTo("after");
            assertThat(watchFromA.isDone()).as("A never lost B").isFalse();
            assertThat(watchFromB.isDone()).as("B never lost A").isFalse();
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isZero();
            assertThat(pair.engineB.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isZero();
        }
    }

    /**
     * A node that runs its control protocol on a worker (opted in) whose handler blocks: when it runs again it
     * credits the pause to itself, not to its peer, whose heartbeats it could not read meanwhile.
     */
    @Test
    void aNodeWhoseControlWorkerWasHeldUpCreditsThePauseToItselfNotToItsPeer()
    {
        try (Engine engineA = Nodes.engine();
             Engine engineB = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().controlWorker(0)
                 .failureTimeoutNs(FAILURE_TIMEOUT_NS).build());
             RemoteNode b = RemoteNode.start(engineB, Nodes.udp().failureTimeoutNs(10 * PAUSE_NS).build()))
        {
            b.publish("echo", echo(engineB, 0));
            final ActorRef<String> echoOnB = a.<String>resolve(b.address().toString(), "echo").get(WAIT);
            final Reply<Terminated> watch = engineA.watch(echoOnB);
            final CountDownLatch blocked = new CountDownLatch(1);
            final CountDownLatch released = new CountDownLatch(1);
            block(engineA, 0, blocked, released);
            await(released);

            assertThat(echoOnB.<String>ask("after").get(WAIT)).isEqualTo("after");
            assertThat(watch.isDone()).as("A did not judge B lost for A's own pause").isFalse();
            assertThat(engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isZero();
        }
    }

    /**
     * A child JVM stopped with SIGSTOP for three failure timeouts: this node loses it (watches fire, the pending ask
     * fails, naming the silence); once the child runs again, the same process is reached again both ways, while the
     * ref of the lost session stays dead.
     */
    @Test
    void aStoppedProcessAndItsPeerMeetAgainOnceItRuns()
    {
        final String childAddress = Nodes.freeUdpAddress();
        final long firstAsk = 4000L << 32 | 1L << 31 | 1;
        final long secondAsk = 4000L << 32 | 1L << 31 | 2;
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().failureTimeoutNs(FAILURE_TIMEOUT_NS).build());
             ChildNode child = ChildNode.node(List.of(), childAddress, 2, FAILURE_TIMEOUT_NS, 0))
        {
            new Traffic(engine, node, 2, 0);
            child.call("resolve " + node.address(), "RESOLVED");
            final ActorRef<Long> before = node.<Long>resolve(childAddress, "actor-0").get(WAIT);
            assertThat(before.<Long>ask(firstAsk).get(WAIT)).isEqualTo(firstAsk);
            final Reply<Terminated> watch = engine.watch(before);

            final long pausedAtNs = System.nanoTime();
            child.pause();
            final Reply<Long> pending = before.ask(secondAsk);
            assertThat(watch.get(WAIT).actor()).isSameAs(before);
            assertThatThrownBy(() -> pending.get(WAIT))
                .hasCauseInstanceOf(NodeUnreachableException.class)
                .hasMessageContaining("no hello from it");
            LockSupport.parkNanos(PAUSE_NS - (System.nanoTime() - pausedAtNs));
            child.resume();

            final ActorRef<Long> after = node.<Long>resolve(childAddress, "actor-0").get(WAIT);
            assertThat(after.<Long>ask(secondAsk).get(WAIT)).isEqualTo(secondAsk);
            assertThat(child.call("resolve " + node.address(), "RESOLVED")).isEqualTo("RESOLVED 2");
            assertThat(child.call("whoami", "INCARNATION")).as("the same process, never restarted")
                .isEqualTo("INCARNATION " + child.ready.substring("READY ".length()));
            final long unreachable = engine.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE);
            before.tell(firstAsk);
            assertThat(engine.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isEqualTo(unreachable + 1);
        }
    }

    private static ActorRef<String> echo(final Engine engine, final int worker)
    {
        return engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.reply(m)).onWorker(worker).spawn();
    }

    /** A handler on that worker that blocks it for the pause. */
    private static void block(final Engine engine, final int worker, final CountDownLatch blocked,
        final CountDownLatch released)
    {
        engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            blocked.countDown();
            final long untilNs = System.nanoTime() + PAUSE_NS;
            while (System.nanoTime() - untilNs < 0)
            {
                LockSupport.parkNanos(untilNs - System.nanoTime());
            }
            released.countDown();
        }).onWorker(worker).spawn().tell("block");
    }

    private static void await(final CountDownLatch latch)
    {
        try
        {
            assertThat(latch.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }
}
