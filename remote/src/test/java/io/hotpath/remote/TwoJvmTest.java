package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * This JVM and a child JVM over UDP on 127.0.0.1: randomized traffic both ways, kill -9 of the child mid-stream and
 * its restart, and the check of the JVM flag.
 */
class TwoJvmTest
{
    static final int ACTORS = 8;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void randomizedNumberedMessagesBothWaysArriveOnceAndInOrderPerPair()
    {
        final long seed = ThreadLocalRandom.current().nextLong();
        final String childAddress = Nodes.freeUdpAddress();
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().build());
             ChildNode child = ChildNode.node(List.of(), childAddress, ACTORS, 2_000_000_000L, 0))
        {
            final Traffic traffic = new Traffic(engine, node, ACTORS, 0);
            exchange(traffic, node.address().toString(), child, childAddress, seed, 3_000);
        }
    }

    /**
     * Traffic both ways at once; then every message was delivered exactly once and in order per pair, or counted as
     * a dead letter, and every ask was answered.
     */
    static void exchange(final Traffic traffic, final String address, final ChildNode child, final String childAddress,
        final long seed, final int perSender)
    {
        child.call("resolve " + address, "RESOLVED");
        final List<ActorRef<Long>> targets = traffic.resolve(childAddress);
        child.call("send " + (seed + 1) + " " + perSender, "SENDING");
        traffic.start(targets, seed, perSender);
        final long expected = (long)ACTORS * perSender;
        Nodes.await("both sides sent and received everything (seed " + seed + ")", () ->
        {
            final String report = child.call("report", "REPORT");
            return traffic.done() && ChildNode.done(report) &&
                traffic.received.get() + ChildNode.value(report, "deadLetters") >= expected &&
                ChildNode.value(report, "received") + traffic.deadLetters() >= expected;
        });
        final String report = child.call("report", "REPORT");
        final String both = "seed " + seed + "; here: " + traffic.report() + "; child: " + report;
        assertThat(traffic.sent.get()).as(both).isEqualTo(expected);
        assertThat(ChildNode.value(report, "sent")).as(both).isEqualTo(expected);
        assertThat(traffic.errors.get()).as("duplicates, reorders or gaps here; " + both).isZero();
        assertThat(ChildNode.value(report, "errors")).as("duplicates, reorders or gaps in the child; " + both).isZero();
        assertThat(traffic.received.get() + ChildNode.value(report, "deadLetters")).as(both).isEqualTo(expected);
        assertThat(ChildNode.value(report, "received") + traffic.deadLetters()).as(both).isEqualTo(expected);
        Nodes.await("every ask answered; " + both, () ->
        {
            final String now = child.call("report", "REPORT");
            return traffic.asksAnswered.get() + traffic.asksFailed.get() == traffic.asksSent.get() &&
                ChildNode.value(now, "asksAnswered") + ChildNode.value(now, "asksFailed") ==
                ChildNode.value(now, "asksSent");
        });
        assertThat(traffic.asksFailed.get() + ChildNode.value(child.call("report", "REPORT"), "asksFailed"))
            .as(both).isZero();
        assertThat(traffic.asksSent.get()).as(both).isGreaterThan(expected / 32);
    }

    @Test
    void killMinusNineFiresWatchesFailsPendingAsksAndARestartedChildIsReachedAgain()
    {
        final long failureTimeoutNs = 1_500_000_000L;
        final String childAddress = Nodes.freeUdpAddress();
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().failureTimeoutNs(failureTimeoutNs).build()))
        {
            final Traffic traffic = new Traffic(engine, node, ACTORS, 0);
            final List<Reply<Terminated>> watches = new ArrayList<>();
            final List<Reply<Object>> pending = new ArrayList<>();
            try (ChildNode child = ChildNode.node(List.of(), childAddress, ACTORS, failureTimeoutNs, 0))
            {
                child.call("resolve " + node.address(), "RESOLVED");
                final List<ActorRef<Long>> targets = traffic.resolve(childAddress);
                final ActorRef<String> mute = node.<String>resolve(childAddress, "mute").get(WAIT);
                for (final ActorRef<Long> target : targets)
                {
                    watches.add(engine.watch(target));
                }
                child.call("send 1 1000000", "SENDING");
                traffic.start(targets, 2, 1_000_000);
                Nodes.await("traffic under way both ways", () -> traffic.received.get() > 1_000 &&
                    ChildNode.value(child.call("report", "REPORT"), "received") > 1_000);
                for (int i = 0; i < 5; i++)
                {
                    pending.add(mute.ask("hello " + i));
                }
                child.kill();
            }
            for (final Reply<Terminated> watch : watches)
            {
                assertThat(watch.get(WAIT)).isNotNull();
            }
            for (final Reply<Object> ask : pending)
            {
                assertThatThrownBy(() -> ask.get(WAIT))
                    .hasCauseInstanceOf(NodeUnreachableException.class)
                    .hasMessageContaining(childAddress);
            }
            Nodes.await("senders to the dead child finish with dead letters", traffic::done);
            assertThat(engine.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isPositive();
            // what the child never acknowledged (it cannot say now what it took: InFlightTest checks the bound)
            assertThat(node.stats().possiblyLost()).as(node.stats().toString()).isPositive()
                .isLessThanOrEqualTo(traffic.sent.get());
            assertThat(traffic.errors.get()).as(traffic.report()).isZero();

            try (ChildNode restarted = ChildNode.node(List.of(), childAddress, ACTORS, failureTimeoutNs, 0))
            {
                final ActorRef<Long> again = node.<Long>resolve(childAddress, "actor-0").get(WAIT);
                final long firstAskOfSender4000 = 4000L << 32 | 1L << 31 | 1;
                assertThat(again.<Long>ask(firstAskOfSender4000).get(WAIT)).isEqualTo(firstAskOfSender4000);
                final String report = restarted.call("report", "REPORT");
                assertThat(ChildNode.value(report, "received")).as("nothing of the old incarnation: " + report)
                    .isEqualTo(1);
                assertThat(ChildNode.value(report, "errors")).as(report).isZero();
            }
        }
    }

    @Test
    void aNodeStartedWithoutTheFlagSaysWhichFlagItNeeds()
    {
        try (ChildNode child = ChildNode.start(ChildNode.java(false, "flagcheck")))
        {
            assertThat(child.expect("REFUSED")).contains("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED");
        }
    }
}
