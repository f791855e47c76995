package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.ReplyException;
import io.hotpath.UndeliveredException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What cannot be sent, delivered or resolved is a clear error or a counted dead letter, never a hang.
 */
class BadInputTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void addressesThatDoNotParseAreRefusedNamingWhatIsExpected()
    {
        assertThatThrownBy(() -> RemoteConfig.builder().address("tcp://127.0.0.1:4000"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("udp://host:port");
        assertThatThrownBy(() -> NodeAddress.parse("udp://127.0.0.1:70000"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port 70000");
        assertThatThrownBy(() -> NodeAddress.parse("udp://no-such-host.invalid:4000"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown host");
        assertThatThrownBy(() -> NodeAddress.parse("ipc://with space"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad node address");
        assertThatThrownBy(() -> RemoteConfig.builder().build())
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(RemoteConfig.ADDRESS);
        assertThat(NodeAddress.parse("udp://localhost:4000").toString()).isEqualTo("udp://127.0.0.1:4000");
    }

    @Test
    void theNodesThreadSettingsAreCheckedNamingTheKey()
    {
        final java.util.Properties props = new java.util.Properties();
        props.setProperty("hotpath.remote.address", "udp://127.0.0.1:4000");
        props.setProperty("hotpath.remote.idle", "busy-spin");
        props.setProperty("hotpath.remote.idleMaxParkNs", "50000");
        props.setProperty("hotpath.remote.stackTraces", "true");
        final RemoteConfig config = RemoteConfig.builder().properties(props, "test").build();
        assertThat(config.controlWorker()).as("a thread of the node's own by default").isEqualTo(-1);
        assertThat(config.idle()).isEqualTo(io.hotpath.Idle.BUSY_SPIN);
        assertThat(config.idleMaxParkNs()).isEqualTo(50_000L);
        assertThat(RemoteConfig.builder().address("udp://127.0.0.1:4000").build().idleMaxParkNs())
            .as("unset, the thread takes the datagrams of an invoker driver over UDP")
            .isEqualTo(RemoteConfig.IDLE_MAX_PARK_NS_DEFAULT);
        assertThat(RemoteConfig.builder().address("ipc://quiet").build().idleMaxParkNs())
            .as("unset, over IPC the thread takes no datagrams").isEqualTo(1_000_000L);
        assertThat(RemoteConfig.builder().address("udp://127.0.0.1:4000").driver(RemoteConfig.Driver.SHARED).build()
            .idleMaxParkNs()).as("unset, a shared driver's own thread takes the datagrams").isEqualTo(1_000_000L);
        assertThatThrownBy(() -> RemoteConfig.builder().address("ipc://quiet").idleMaxParkNs(0).build())
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("remote.idleMaxParkNs=0");
        assertThat(config.stackTraces()).isTrue();
        assertThatThrownBy(() -> RemoteConfig.builder().address("udp://127.0.0.1:4000").controlWorker(-2).build())
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(RemoteConfig.CONTROL_WORKER)
            .hasMessageContaining("-1 (a thread of the node's own)");
        props.setProperty("hotpath.remote.idle", "snooze");
        assertThatThrownBy(() -> RemoteConfig.builder().properties(props, "node.properties"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("node.properties: remote.idle=snooze: unknown idle strategy");
        props.setProperty("hotpath.remote.idle", "park");
        props.setProperty("hotpath.remote.stackTraces", "yes");
        assertThatThrownBy(() -> RemoteConfig.builder().properties(props, "node.properties"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected true or false");
    }

    @Test
    void anUnknownNodeAndAnUnknownNameFailTheResolve()
    {
        try (Engine engine = Nodes.engine();
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().resolveTimeoutNs(1_000_000_000L).build()))
        {
            final String nobody = Nodes.freeUdpAddress();
            assertThatThrownBy(() -> node.resolve(nobody, "book").get(WAIT))
                .isInstanceOf(ReplyException.class)
                .hasCauseInstanceOf(NodeUnreachableException.class)
                .hasMessageContaining("node " + nobody + " did not answer within 1000 ms");
            assertThatThrownBy(() -> node.resolve("not an address", "book"))
                .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> node.resolve("ipc://elsewhere", "book"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot reach");
            assertThatThrownBy(() -> node.resolve(nobody, "bad name!"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad published name");
            assertThatThrownBy(() -> node.resolve(node.address().toString(), "nobody").get(WAIT))
                .hasCauseInstanceOf(ActorNotPublishedException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void undeliverableMessagesAreCountedWithAReasonOfTheirOwn(final String transport) throws Exception
    {
        try (Pair pair = Pair.start(transport, config -> config.codecs(TestMessages.codecs())))
        {
            final CompletableFuture<Object> received = new CompletableFuture<>();
            final ActorRef<Object> sink = pair.engineB.spawn("sink", (ActorContext<Object> ctx) -> received::complete);
            pair.b.publish("sink", sink);
            assertThatThrownBy(() -> pair.fromA("nobody"))
                .hasCauseInstanceOf(ActorNotPublishedException.class).hasMessageContaining("'nobody'");
            final ActorRef<Object> remote = pair.fromA("sink");

            remote.tell(new TestMessages.Unregistered(1));
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.NO_CODEC)).isEqualTo(1);
            assertThatThrownBy(() -> remote.ask(new TestMessages.Unregistered(2)).get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("NO_CODEC");

            remote.tell(new TestMessages.Unencodable(3));
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.ENCODE_FAILED)).isEqualTo(1);

            final byte[] tooLarge = new byte[RemoteConfig.TERM_LENGTH_DEFAULT / 8 + 1];
            remote.tell(tooLarge);
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.MESSAGE_TOO_LARGE)).isEqualTo(1);

            remote.tell(new TestMessages.Undecodable(4));
            Nodes.await("B counts the frame that does not decode",
                () -> pair.engineB.deadLetters().count(DeadLetterReason.DECODE_FAILED) == 1);
            assertThatThrownBy(() -> remote.ask(new TestMessages.Undecodable(5)).get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("DECODE_FAILED");

            final byte[] fragmented = new byte[100_000];
            Arrays.fill(fragmented, (byte)7);
            remote.tell(fragmented);
            assertThat((byte[])received.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(fragmented);

            pair.b.unpublish("sink");
            remote.tell("anyone?");
            Nodes.await("B counts the frame for an unpublished actor",
                () -> pair.engineB.deadLetters().count(DeadLetterReason.NOT_PUBLISHED) == 1);
            assertThatThrownBy(() -> remote.ask("anyone?").get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("NOT_PUBLISHED");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void sendsToAStoppedRemoteActorAreItsNodesDeadLetters(final String transport)
    {
        try (Pair pair = Pair.start(transport))
        {
            final ActorRef<String> gone = pair.engineB.spawn("gone", (ActorContext<String> ctx) -> (String m) -> { });
            pair.b.publish("gone", gone);
            final ActorRef<String> remote = pair.fromA("gone");
            pair.engineB.stop(gone);
            pair.engineB.watch(gone).get(WAIT);
            remote.tell("late");
            Nodes.await("B counts the tell to its stopped actor",
                () -> pair.engineB.deadLetters().count(DeadLetterReason.ACTOR_STOPPED) == 1);
            assertThatThrownBy(() -> remote.ask("late").get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("ACTOR_STOPPED");
        }
    }
}
