package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.ReplyException;
import io.hotpath.UndeliveredException;
import io.hotpath.Terminated;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A peer that goes away is detected: its watches fire, pending asks fail at once naming it, later sends are dead
 * letters; a new incarnation at the same address is reached again through a new resolve, never through the old ref.
 * (A peer that falls silent without a goodbye: {@link PauseTest} and {@link TwoJvmTest}.)
 */
class NodeLossTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aPeerThatClosesIsLostAtOnceAndItsSuccessorIsReachedAgain()
    {
        final String addressB = Nodes.freeUdpAddress();
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final Engine engineB = Nodes.engine();
            final RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address(addressB).build());
            publishMute(engineB, b);
            final ActorRef<String> mute = a.<String>resolve(addressB, "mute").get(WAIT);
            final Reply<Terminated> watch = engineA.watch(mute);
            final Reply<Object> pending = mute.ask("hello?");
            b.close();
            engineB.close();
            assertThat(watch.get(WAIT).actor()).isSameAs(mute);
            assertThat(watch.get(WAIT).reason()).isEqualTo(Terminated.Reason.NODE_LOST);
            assertThat(watch.get(WAIT).cause()).isInstanceOf(NodeUnreachableException.class);
            assertThatThrownBy(() -> pending.get(WAIT))
                .isInstanceOf(ReplyException.class)
                .hasCauseInstanceOf(NodeUnreachableException.class)
                .hasMessageContaining(addressB);
            mute.tell("after");
            assertThat(engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isEqualTo(1);
            assertThat(mute.isStopped()).isTrue();

            try (Engine engineB2 = Nodes.engine();
                 RemoteNode b2 = RemoteNode.start(engineB2, RemoteConfig.builder().address(addressB).build()))
            {
                b2.publish("echo", engineB2.spawn("echo", (ActorContext<String> ctx) -> (String m) -> ctx.reply(m)));
                final ActorRef<String> echo = a.<String>resolve(addressB, "echo").get(WAIT);
                assertThat(echo.<String>ask("again").get(WAIT)).isEqualTo("again");
                assertThatThrownBy(() -> mute.ask("old").get(WAIT))
                    .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("NODE_UNREACHABLE");
            }
        }
    }

    /** Its engine's close takes a node off the network at once, its own close not yet called. */
    @Test
    void aPeerWhoseEngineClosesSaysGoodbyeAtOnce()
    {
        final long failureTimeoutNs = 60_000_000_000L;
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().failureTimeoutNs(failureTimeoutNs).build()))
        {
            final Engine engineB = Nodes.engine();
            final RemoteNode b = RemoteNode.start(engineB, Nodes.udp().failureTimeoutNs(failureTimeoutNs).build());
            try
            {
                publishMute(engineB, b);
                final ActorRef<String> mute = a.<String>resolve(b.address().toString(), "mute").get(WAIT);
                final Reply<Terminated> watch = engineA.watch(mute);
                final Reply<Object> pending = mute.ask("hello?");
                engineB.close();   // the node is not closed: its engine's close is enough, long before any timeout
                assertThat(watch.get(WAIT).actor()).isSameAs(mute);
                assertThatThrownBy(() -> pending.get(WAIT))
                    .hasCauseInstanceOf(NodeUnreachableException.class)
                    .hasMessageContaining("said goodbye");
            }
            finally
            {
                b.close();
            }
        }
    }

    private static void publishMute(final Engine engine, final RemoteNode node)
    {
        node.publish("mute", engine.spawn("mute", (ActorContext<String> ctx) -> (String m) -> ctx.replyLater()));
    }
}
