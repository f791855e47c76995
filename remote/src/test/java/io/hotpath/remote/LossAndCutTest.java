package io.hotpath.remote;

import io.hotpath.Engine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Randomized traffic over a link that loses and delays packets, and over a link cut and restored: Aeron repairs
 * the loss, so every message still arrives once and in order per pair. Across two network namespaces joined by a
 * veth pair where the host lets the test make them (root, iproute2) with netem for the loss and delay; where it
 * cannot, that test says why and is skipped, and Aeron's own loss injection is used on loopback.
 */
class LossAndCutTest
{
    private static final long FAILURE_TIMEOUT_NS = 5_000_000_000L;
    private static final int PORT = 40_123;

    @Test
    void randomizedTrafficWithAeronsLossInjectionOnLoopback()
    {
        final long seed = ThreadLocalRandom.current().nextLong();
        final String childAddress = Nodes.freeUdpAddress();
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().failureTimeoutNs(FAILURE_TIMEOUT_NS)
                 .driverCustomizer(LossyDriver.receiveLoss(0.01, seed)).build());
             ChildNode child = ChildNode.node(List.of(), childAddress, TwoJvmTest.ACTORS, FAILURE_TIMEOUT_NS, 0.01))
        {
            TwoJvmTest.exchange(new Traffic(engine, node, TwoJvmTest.ACTORS, 0), node.address().toString(), child,
                childAddress, seed, 2_000);
        }
    }

    @Test
    void randomizedTrafficAcrossNamespacesWithOnePercentLossAndFiveMsDelay()
    {
        final String[] why = new String[1];
        try (Netns netns = Netns.create(why))
        {
            Assumptions.assumeTrue(netns != null, () -> "cannot make network namespaces here: " + why[0]);
            final String netem = netns.netem("1%", "5ms");
            Assumptions.assumeTrue(netem == null, () -> "netem is not available here (" + netem + "); Aeron's " +
                "loss injection on loopback stands in: randomizedTrafficWithAeronsLossInjectionOnLoopback");
            exchangeAcross(netns, 2_000, false);
        }
    }

    @Test
    void randomizedTrafficAcrossNamespacesWithTheLinkCutAndRestored()
    {
        final String[] why = new String[1];
        try (Netns netns = Netns.create(why))
        {
            Assumptions.assumeTrue(netns != null, () -> "cannot make network namespaces here: " + why[0]);
            exchangeAcross(netns, 20_000, true);
        }
    }

    /** Two children, one per namespace, exchange traffic; the link is cut for a second while it flows. */
    private static void exchangeAcross(final Netns netns, final int perSender, final boolean cut)
    {
        final String addressA = "udp://" + netns.ipA + ":" + PORT;
        final String addressB = "udp://" + netns.ipB + ":" + PORT;
        final long seed = ThreadLocalRandom.current().nextLong();
        try (ChildNode a = ChildNode.node(Netns.in(netns.nsA), addressA, TwoJvmTest.ACTORS, FAILURE_TIMEOUT_NS, 0);
             ChildNode b = ChildNode.node(Netns.in(netns.nsB), addressB, TwoJvmTest.ACTORS, FAILURE_TIMEOUT_NS, 0))
        {
            a.call("resolve " + addressB, "RESOLVED");
            b.call("resolve " + addressA, "RESOLVED");
            a.call("send " + seed + " " + perSender, "SENDING");
            b.call("send " + (seed + 1) + " " + perSender, "SENDING");
            if (cut)
            {
                Nodes.await("traffic under way", () -> ChildNode.value(a.call("report", "REPORT"), "received") > 1000);
                netns.link(false);
                final long cutUntilNs = System.nanoTime() + 1_000_000_000L;
                Nodes.await("the link stays cut for a second", () -> System.nanoTime() - cutUntilNs >= 0);
                netns.link(true);
            }
            final long expected = (long)TwoJvmTest.ACTORS * perSender;
            final String[] last = new String[1];
            Nodes.await(() -> "both sides received everything (seed " + seed + "; the last reports: " + last[0] + ")",
                () ->
            {
                final String ra = a.call("report", "REPORT");
                final String rb = b.call("report", "REPORT");
                last[0] = "A: " + ra + "; B: " + rb;
                return ChildNode.done(ra) && ChildNode.done(rb) &&
                    ChildNode.value(ra, "received") + ChildNode.value(rb, "deadLetters") >= expected &&
                    ChildNode.value(rb, "received") + ChildNode.value(ra, "deadLetters") >= expected &&
                    ChildNode.value(ra, "asksAnswered") == ChildNode.value(ra, "asksSent") &&
                    ChildNode.value(rb, "asksAnswered") == ChildNode.value(rb, "asksSent");
            });
            final String ra = a.call("report", "REPORT");
            final String rb = b.call("report", "REPORT");
            final String both = "seed " + seed + "; A: " + ra + "; B: " + rb;
            for (final String report : List.of(ra, rb))
            {
                assertThat(ChildNode.value(report, "sent")).as(both).isEqualTo(expected);
                assertThat(ChildNode.value(report, "received")).as(both).isEqualTo(expected);
                assertThat(ChildNode.value(report, "errors")).as("duplicates, reorders or gaps; " + both).isZero();
                assertThat(ChildNode.value(report, "deadLetters")).as(both).isZero();
                assertThat(ChildNode.value(report, "asksFailed")).as(both).isZero();
            }
        }
    }
}
