package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A node never harms another: what would take a live node's directory, address or traffic is refused with an error
 * that names the process holding it and the fix, and the live node goes on reaching new peers afterwards; a node
 * closes only what it made.
 */
class NoHarmTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String THIS_PROCESS = "process " + ProcessHandle.current().pid() + ", this one";

    @Test
    void anEmbeddedDriverIsRefusedTheDirectoryOfALiveDriverHereAndFromAnotherProcess()
    {
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build());
             Engine engineB = Nodes.engine())
        {
            publishEcho(engineA, a);
            assertThatThrownBy(() -> RemoteNode.start(engineB, Nodes.udp().aeronDir(a.aeronDirectory()).build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a live driver uses it (" + THIS_PROCESS)
                .hasMessageContaining("externalDriver(\"" + a.aeronDirectory() + "\")");
            try (ChildNode child = ChildNode.start(ChildNode.java(true, "embed", a.aeronDirectory())))
            {
                assertThat(child.expect("REFUSED")).contains("a live driver uses it (process " +
                    ProcessHandle.current().pid());
            }
            assertStillServes(a);
        }
    }

    @Test
    void aSecondNodeOnAnAddressALiveNodeHoldsIsRefusedOnItsDriverAndOnAnother()
    {
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build());
             Engine engineB = Nodes.engine())
        {
            publishEcho(engineA, a);
            assertThatThrownBy(() -> RemoteNode.start(engineB, RemoteConfig.builder().address(a.address().toString())
                .externalDriver(a.aeronDirectory()).build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a live node holds that address on this media driver (" + THIS_PROCESS +
                    ", incarnation " + Long.toHexString(a.incarnation()))
                .hasMessageContaining("another address");
            assertThatThrownBy(() -> RemoteNode.start(engineB, RemoteConfig.builder().address(a.address().toString())
                .build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("UDP port " + a.address().port() + " is in use (" + THIS_PROCESS)
                .hasMessageContaining("another port");
            assertStillServes(a);
        }
    }

    @Test
    void aSecondIpcNodeOfTheSameNameOnOneDriverIsRefused()
    {
        final String name = "ipc://twin-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address(name).build());
             Engine engineB = Nodes.engine();
             Engine engineC = Nodes.engine();
             RemoteNode c = RemoteNode.start(engineC, RemoteConfig.builder().address(name + "-c")
                 .externalDriver(a.aeronDirectory()).build()))
        {
            publishEcho(engineA, a);
            assertThatThrownBy(() -> RemoteNode.start(engineB, RemoteConfig.builder().address(name)
                .externalDriver(a.aeronDirectory()).build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("node " + name + " refuses to start: a live node holds that address");
            final ActorRef<String> echo = c.<String>resolve(name, "echo").get(WAIT);
            assertThat(echo.<String>ask("still there?").get(WAIT)).isEqualTo("still there?");
        }
    }

    @Test
    void aNodeClosesOnlyWhatItMadeAndItsAddressIsFreeAgainAfterward()
    {
        final String name = "ipc://shared-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address(name).build());
             Engine engineB = Nodes.engine())
        {
            publishEcho(engineA, a);
            for (int round = 0; round < 2; round++)
            {
                try (RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address(name + "-b")
                    .externalDriver(a.aeronDirectory()).build()))
                {
                    final ActorRef<String> echo = b.<String>resolve(name, "echo").get(WAIT);
                    assertThat(echo.<String>ask("round " + round).get(WAIT)).isEqualTo("round " + round);
                }
                assertThat(new File(a.aeronDirectory())).as("the driver B used, and did not make").isDirectory();
            }
        }
    }

    @Test
    void aNodeOfTheSameAddressStartsTheMomentTheLastOneClosed()
    {
        // the driver frees a closed node's claim when it gets to it, after the close returned: the address is free
        // at once all the same, every time
        final String name = "ipc://again-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address(name).build());
             Engine engineB = Nodes.engine())
        {
            for (int round = 0; round < 20; round++)
            {
                final RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address(name + "-b")
                    .externalDriver(a.aeronDirectory()).build());
                b.close();
            }
            try (RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address(name + "-b")
                .externalDriver(a.aeronDirectory()).build()))
            {
                publishEcho(engineA, a);
                final ActorRef<String> echo = b.<String>resolve(name, "echo").get(WAIT);
                assertThat(echo.<String>ask("after 20 restarts").get(WAIT)).isEqualTo("after 20 restarts");
            }
        }
    }

    @Test
    void publishingAnotherEnginesActorIsRefused()
    {
        try (Engine engineA = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build());
             Engine other = Nodes.engine())
        {
            final ActorRef<String> stranger = other.spawn("stranger", (ActorContext<String> ctx) -> (String m) -> { });
            assertThatThrownBy(() -> a.publish("stranger", stranger))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("actor 'stranger' belongs to another engine");
        }
    }

    private static void publishEcho(final Engine engine, final RemoteNode node)
    {
        node.publish("echo", engine.spawn("echo", (ActorContext<String> ctx) -> (String m) -> ctx.reply(m)));
    }

    /** A new node on a fresh driver of its own reaches the live node and is answered. */
    private static void assertStillServes(final RemoteNode live)
    {
        try (Engine engine = Nodes.engine();
             RemoteNode peer = RemoteNode.start(engine, Nodes.udp().build()))
        {
            final ActorRef<String> echo = peer.<String>resolve(live.address().toString(), "echo").get(WAIT);
            assertThat(echo.<String>ask("still there?").get(WAIT)).isEqualTo("still there?");
        }
    }
}
