package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import org.junit.jupiter.api.Test;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What is in flight when a peer goes is counted: every message this node accepted for the peer was taken by it, is
 * a dead letter here, or is among the frames published and not acknowledged, counted as possibly lost. So
 * {@code sent - taken by the peer <= possiblyLost + dead letters}, with the peer's count read once it has stopped
 * taking (a peer that closes acknowledges in its goodbye; a peer that stops answering is judged lost, and is let run
 * again only to say how much it took: a killed one could not). And the acknowledgements keep the count tight: here
 * the senders publish nothing but their own messages, so what was published is {@code sent - dead letters}, and what
 * the peer acknowledged is that less {@code possiblyLost}, which must cover what the peer had taken a few heartbeats
 * before it went (all of what it took, less a frame per worker racing its goodbye, when it closed).
 */
class InFlightTest
{
    private static final int ACTORS = 8;
    private static final int PER_SENDER = 1_000_000;
    /** Long enough for a few of the child's hellos, each {@code remote.heartbeatIntervalNs} (200 ms). */
    private static final long HEARTBEATS_NS = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aPeerLostUnderTrafficLeavesWhatItDidNotAcknowledgeCountedAsPossiblyLost() throws Exception
    {
        final long failureTimeoutNs = 1_500_000_000L;
        final String childAddress = Nodes.freeUdpAddress();
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().failureTimeoutNs(failureTimeoutNs).build());
             ChildNode child = ChildNode.node(List.of(), childAddress, ACTORS, failureTimeoutNs, 0))
        {
            final Traffic traffic = new Traffic(engine, node, ACTORS, 0);
            final List<ActorRef<Long>> targets = traffic.resolve(childAddress);
            traffic.start(targets, ThreadLocalRandom.current().nextLong(), PER_SENDER);
            Nodes.await("traffic under way", () ->
                ChildNode.value(child.call("report", "REPORT"), "received") > 10_000);
            final long takenBefore = ChildNode.value(child.call("report", "REPORT"), "received");
            LockSupport.parkNanos(HEARTBEATS_NS);

            // a peer that stops answering mid-stream, as a killed one does; it keeps what it had taken
            child.pause();
            Nodes.await("the child is judged lost", () -> node.stats().peers() == 0);
            Nodes.await("the senders finish, the rest as dead letters", traffic::done);
            child.resume();
            Nodes.await("the child dropped the session too", () ->
                ChildNode.value(child.call("report", "REPORT"), "peers") == 0);
            final long taken = settledReceived(child);

            final NodeStats stats = node.stats();
            final long sent = traffic.sent.get();
            final long deadLetters = engine.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE);
            final String figures = "sent " + sent + ", taken by the child " + taken + ", dead letters " +
                deadLetters + ", " + stats;
            System.out.println("peer lost: " + figures);
            assertThat(sent - taken).as(figures).isLessThanOrEqualTo(stats.possiblyLost() + deadLetters);
            assertThat(stats.possiblyLost()).as(figures).isPositive().isLessThanOrEqualTo(sent);
            assertThat(sent - deadLetters - stats.possiblyLost()).as("acknowledged, at least what the child had " +
                "taken a few heartbeats before it stopped (" + takenBefore + "); " + figures)
                .isGreaterThanOrEqualTo(takenBefore);
            assertThat(stats.unacknowledged()).as(figures).isZero();
            assertThat(ManagementFactory.getPlatformMBeanServer().getAttribute(new ObjectName(
                "io.hotpath:type=RemoteNode,name=" + ObjectName.quote(node.address().toString())), "PossiblyLost"))
                .as("the node's MBean").isEqualTo(stats.possiblyLost());
        }
    }

    @Test
    void aPeerThatClosesUnderTrafficAcknowledgesWhatItTookInItsGoodbye()
    {
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final Engine engineB = Nodes.engine();
            final RemoteNode b = RemoteNode.start(engineB, Nodes.udp().build());
            final Traffic fromA = new Traffic(engineA, a, ACTORS, 0);
            final Traffic atB = new Traffic(engineB, b, ACTORS, 1);
            fromA.start(fromA.resolve(b.address().toString()), ThreadLocalRandom.current().nextLong(), PER_SENDER);
            Nodes.await("traffic under way", () -> atB.received.get() > 10_000);
            b.close();
            engineB.close();
            Nodes.await("A lost B", () -> a.stats().peers() == 0);
            Nodes.await("the senders finish, the rest as dead letters", fromA::done);

            final NodeStats stats = a.stats();
            final long sent = fromA.sent.get();
            final long taken = atB.received.get();
            final long deadLettersA = engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE);
            final long deadLetters = deadLettersA + engineB.deadLetters().count();
            final String figures = "sent " + sent + ", handled by B " + taken + ", dead letters " + deadLetters +
                " (B's " + engineB.deadLetters().count() + "), " + stats;
            System.out.println("peer closed: " + figures);
            assertThat(sent - taken).as(figures).isLessThanOrEqualTo(stats.possiblyLost() + deadLetters);
            assertThat(stats.possiblyLost()).as(figures).isLessThanOrEqualTo(sent);
            assertThat(sent - deadLettersA - stats.possiblyLost()).as("acknowledged in B's goodbye: all it took, " +
                "less a frame per worker that raced it; " + figures).isGreaterThanOrEqualTo(taken - engineB.workerCount());
            assertThat(atB.errors.get()).as("nothing out of order or twice at B; " + figures).isZero();
        }
    }

    /** The child's received count once it stops changing: what it took has been handled. */
    private static long settledReceived(final ChildNode child)
    {
        long last = -1;
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - deadlineNs < 0)
        {
            final long now = ChildNode.value(child.call("report", "REPORT"), "received");
            if (now == last)
            {
                return now;
            }
            last = now;
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
        }
        throw new AssertionError("the child's received count did not settle");
    }
}
