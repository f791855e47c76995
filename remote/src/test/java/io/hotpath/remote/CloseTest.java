package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineClosedException;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import io.hotpath.Terminated;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every ask ends: with asks in flight both ways (from actors and from outside threads, to actors that never answer),
 * closing node A's engine, its node, or both in either order fails every pending ask with a clear exception within
 * the close timeout, on both nodes, counted one by one. After a close, sends through remote refs, resolves and
 * publishes are refused as local sends are.
 */
class CloseTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int ASKS = 40;

    enum Order
    {
        ENGINE_THEN_NODE,
        NODE_THEN_ENGINE,
        BOTH_AT_ONCE
    }

    /** The asks one side made, and how each ended: by exception class name. */
    private static final class Asks
    {
        final AtomicInteger sent = new AtomicInteger();
        final AtomicInteger answered = new AtomicInteger();
        final Map<String, AtomicInteger> failed = new ConcurrentHashMap<>();

        void ended(final Object value, final Throwable error)
        {
            if (error == null)
            {
                answered.incrementAndGet();
            }
            else
            {
                failed.computeIfAbsent(error.getClass().getSimpleName(), k -> new AtomicInteger()).incrementAndGet();
            }
        }

        int ended()
        {
            return answered.get() + failed.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        @Override
        public String toString()
        {
            return "sent=" + sent + " answered=" + answered + " failed=" + failed;
        }
    }

    @ParameterizedTest
    @EnumSource(Order.class)
    void everyPendingAskEndsOnBothNodesWhateverTheOrderOfClose(final Order order) throws Exception
    {
        try (Pair pair = Pair.start("udp"))
        {
            final Asks fromA = new Asks();
            final Asks fromB = new Asks();
            askEachOther(pair.engineA, pair.a, pair.engineB, pair.b, fromA, pair::fromA);
            askEachOther(pair.engineB, pair.b, pair.engineA, pair.a, fromB, pair::fromB);
            Nodes.await("every ask is sent", () -> fromA.sent.get() == 3 * ASKS && fromB.sent.get() == 3 * ASKS);

            final long startNs = System.nanoTime();
            switch (order)
            {
                case ENGINE_THEN_NODE ->
                {
                    pair.engineA.close();
                    pair.a.close();
                }
                case NODE_THEN_ENGINE ->
                {
                    pair.a.close();
                    pair.engineA.close();
                }
                case BOTH_AT_ONCE ->
                {
                    final CompletableFuture<Void> engine = CompletableFuture.runAsync(pair.engineA::close);
                    pair.a.close();
                    engine.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                }
            }
            Nodes.await("every ask of A ended: " + fromA, () -> fromA.ended() == fromA.sent.get());
            Nodes.await("every ask of B ended: " + fromB, () -> fromB.ended() == fromB.sent.get());
            final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
            final long closeTimeoutMs = TimeUnit.NANOSECONDS.toMillis(pair.engineA.config().closeTimeoutNs());
            assertThat(tookMs).as("within the close timeout (%d ms), generously", closeTimeoutMs)
                .isLessThan(closeTimeoutMs + 10_000);
            assertThat(fromA.answered.get()).as(fromA.toString()).isZero();
            assertThat(fromA.failed).as("A's own close ended its asks: " + fromA)
                .containsOnlyKeys("NodeClosedException");
            assertThat(fromB.answered.get()).as(fromB.toString()).isZero();
            assertThat(fromB.failed.keySet()).as("B heard A leave: " + fromB)
                .isSubsetOf("NodeUnreachableException", "UndeliveredException");
        }
    }

    /**
     * {@code from} asks {@code to}'s actors that never answer: two actors of its own (one per worker) and a thread
     * outside the engine, {@link #ASKS} asks each, half with a timeout far beyond the test.
     */
    private static void askEachOther(final Engine from, final RemoteNode fromNode, final Engine to,
        final RemoteNode toNode, final Asks asks, final java.util.function.Function<String, ActorRef<String>> resolve)
    {
        for (int w = 0; w < 2; w++)
        {
            toNode.publish("mute" + w, to.actor((ActorContext<String> ctx) -> (String m) -> ctx.replyLater())
                .onWorker(w).spawn());
        }
        final List<ActorRef<String>> mutes = List.of(resolve.apply("mute0"), resolve.apply("mute1"));
        for (int w = 0; w < 2; w++)
        {
            from.actor((ActorContext<String> ctx) -> (String go) ->
            {
                for (int i = 0; i < ASKS; i++)
                {
                    final Reply<Object> reply = i % 2 == 0 ? mutes.get(i % 4 / 2).ask("q" + i) :
                        mutes.get(i % 4 / 2).ask("q" + i, Duration.ofMinutes(10));
                    asks.sent.incrementAndGet();
                    reply.onComplete(asks::ended);
                }
            }).onWorker(w).spawn().tell("go");
        }
        for (int i = 0; i < ASKS; i++)
        {
            final Reply<Object> reply = i % 2 == 0 ? mutes.get(i % 2).ask("o" + i) :
                mutes.get(i % 2).ask("o" + i, Duration.ofMinutes(10));
            asks.sent.incrementAndGet();
            reply.toCompletableFuture().whenComplete(asks::ended);
        }
    }

    @Test
    void afterTheEngineClosedRemoteSendsResolvesAndPublishesAreRefusedAsLocalOnesAre()
    {
        try (Pair pair = Pair.start("udp"))
        {
            pair.b.publish("echo", pair.engineB.spawn("echo", (ActorContext<String> ctx) -> (String m) ->
                ctx.reply(m)));
            pair.a.publish("here", pair.engineA.spawn("here", (ActorContext<String> ctx) -> (String m) -> { }));
            final ActorRef<String> echo = pair.fromA("echo");
            final ActorRef<String> hereFromB = pair.fromB("here");
            final ActorRef<String> local = pair.engineA.spawn("local", (ActorContext<String> ctx) -> (String m) -> { });
            pair.engineA.close();

            assertThatThrownBy(() -> local.tell("x")).isInstanceOf(EngineClosedException.class);
            final long counted = pair.engineA.deadLetters().count(DeadLetterReason.ENGINE_CLOSED);
            assertThatThrownBy(() -> echo.tell("x")).isInstanceOf(EngineClosedException.class)
                .hasMessageContaining("echo@" + pair.b.address()).hasMessageContaining("engine is closed");
            assertThatThrownBy(() -> echo.offer("x")).isInstanceOf(EngineClosedException.class);
            assertThatThrownBy(() -> echo.ask("x")).isInstanceOf(EngineClosedException.class);
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.ENGINE_CLOSED)).isEqualTo(counted + 3);
            assertThatThrownBy(() -> pair.a.resolve(pair.b.address().toString(), "echo"))
                .isInstanceOf(EngineClosedException.class);
            assertThatThrownBy(() -> pair.a.publish("late", local)).isInstanceOf(EngineClosedException.class);
            assertThat(pair.engineB.watch(hereFromB).get(WAIT).actor()).as("B heard A leave")
                .isSameAs(hereFromB);
        }
    }

    @Test
    void afterTheNodeClosedRemoteSendsAreRefusedAndCountedAndResolveAndPublishFailAtOnce() throws Exception
    {
        try (Pair pair = Pair.start("udp"))
        {
            pair.b.publish("echo", pair.engineB.spawn("echo", (ActorContext<String> ctx) -> (String m) ->
                ctx.reply(m)));
            final ActorRef<String> echo = pair.fromA("echo");
            final ActorRef<String> local = pair.engineA.spawn("local", (ActorContext<String> ctx) -> (String m) -> { });
            pair.a.close();

            final long counted = pair.engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE);
            assertThatThrownBy(() -> echo.tell("x")).isInstanceOf(NodeClosedException.class)
                .hasMessageContaining("echo@" + pair.b.address()).hasMessageContaining("is closed");
            assertThatThrownBy(() -> echo.offer("x")).isInstanceOf(NodeClosedException.class);
            assertThatThrownBy(() -> echo.ask("x")).isInstanceOf(NodeClosedException.class);
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isEqualTo(counted + 3);

            final CompletableFuture<Throwable> fromActor = new CompletableFuture<>();
            pair.engineA.spawn("asker", (ActorContext<String> ctx) -> (String m) ->
            {
                echo.tell(m);
                echo.ask(m).onComplete((value, error) -> fromActor.complete(error));
            }).tell("late");
            assertThat(fromActor.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NodeClosedException.class)
                .hasMessageContaining("node " + pair.a.address() + " closed");
            assertThat(pair.engineA.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE)).isEqualTo(counted + 5);

            assertThatThrownBy(() -> pair.a.resolve(pair.b.address().toString(), "echo"))
                .isInstanceOf(NodeClosedException.class).hasMessageContaining("is closed");
            assertThatThrownBy(() -> pair.a.publish("late", local))
                .isInstanceOf(NodeClosedException.class).hasMessageContaining("is closed");
            assertThat(pair.engineA.isClosed()).as("the engine runs on without its node").isFalse();
            local.tell("still delivered");
        }
    }

    @Test
    void anAskTheNodeCouldNotSendFailsAtOnceWithTheReasonItWasNotSent()
    {
        try (Pair pair = Pair.start("udp"))
        {
            final ActorRef<String> gone = pair.engineB.spawn("gone", (ActorContext<String> ctx) -> (String m) -> { });
            pair.b.publish("gone", gone);
            final ActorRef<String> remote = pair.fromA("gone");
            pair.b.close();
            Nodes.await("A heard B leave", remote::isStopped);
            assertThatThrownBy(() -> remote.ask("anyone?").get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("NODE_UNREACHABLE");
        }
    }
}
