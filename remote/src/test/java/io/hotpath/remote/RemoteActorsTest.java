package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.AskTimeoutException;
import io.hotpath.Reply;
import io.hotpath.ReplyException;
import io.hotpath.Terminated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two nodes in one JVM, over IPC and over UDP on 127.0.0.1: what a remote ref does, as a local one would.
 */
class RemoteActorsTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void messagesArriveInOrderPerSenderFromActorsAndOutsideThreads(final String transport) throws Exception
    {
        try (Pair pair = Pair.start(transport))
        {
            final int count = 3_000;
            final List<Long> fromActor = new ArrayList<>();
            final List<Long> fromOutside = new ArrayList<>();
            final CompletableFuture<Void> done = new CompletableFuture<>();
            pair.b.publish("sink", pair.engineB.spawn("sink", (ActorContext<Long> ctx) -> (Long n) ->
            {
                (n < 0 ? fromOutside : fromActor).add(Math.abs(n));
                if (fromActor.size() == count && fromOutside.size() == count)
                {
                    done.complete(null);
                }
            }));
            final ActorRef<Long> sink = pair.fromA("sink");
            final ActorRef<Long> sender = pair.engineA.spawn("sender", (ActorContext<Long> ctx) ->
            {
                final long[] next = {1};
                return (Long go) ->
                {
                    // a worker never waits: past what its node holds for a congested actor a tell throws, so an
                    // actor that may outrun the sink offers, and comes back for the rest a millisecond later
                    while (next[0] <= count && sink.offer(next[0]))
                    {
                        next[0]++;
                    }
                    if (next[0] <= count)
                    {
                        ctx.schedule(0L, Duration.ofMillis(1));
                    }
                };
            });
            sender.tell(0L);
            for (long i = 1; i <= count; i++)
            {
                sink.tell(-i);
            }
            done.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            final List<Long> expected = LongStream.rangeClosed(1, count).boxed().toList();
            assertThat(fromActor).isEqualTo(expected);
            assertThat(fromOutside).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void askAnswersOnTheAskersWorkerAndReusedRepliesChain(final String transport) throws Exception
    {
        try (Pair pair = Pair.start(transport))
        {
            pair.b.publish("twice", pair.engineB.spawn("twice",
                (ActorContext<Long> ctx) -> (Long n) -> ctx.reply(n * 2)));
            final ActorRef<Long> twice = pair.fromA("twice");
            assertThat(twice.<Long>ask(21L).get(WAIT)).isEqualTo(42L);
            assertThat(twice.<Long>ask(4L, Duration.ofSeconds(20)).get(WAIT)).isEqualTo(8L);

            final int rounds = 500;
            final CompletableFuture<Long> sum = new CompletableFuture<>();
            final List<String> callbackThreads = new CopyOnWriteArrayList<>();
            final ActorRef<String> asker = pair.engineA.actor((ActorContext<String> ctx) ->
            {
                final Reply<Long> reply = new Reply<>();
                final long[] total = new long[2];
                return (String go) ->
                {
                    final String home = Thread.currentThread().getName();
                    twice.ask(1L, reply).onComplete(new java.util.function.BiConsumer<Long, Throwable>()
                    {
                        @Override
                        public void accept(final Long value, final Throwable error)
                        {
                            if (!Thread.currentThread().getName().equals(home))
                            {
                                callbackThreads.add(Thread.currentThread().getName());
                            }
                            total[0] += value;
                            if (++total[1] == rounds)
                            {
                                sum.complete(total[0]);
                            }
                            else
                            {
                                twice.ask(total[1], reply).onComplete(this);
                            }
                        }
                    });
                };
            }).onWorker(1).spawn();
            asker.tell("go");
            assertThat(sum.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(2L * (rounds - 1) * rounds / 2 + 2);
            assertThat(callbackThreads).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void anExceptionOfTheRemoteHandlerNamesItsClassAndMessage(final String transport) throws Exception
    {
        try (Pair pair = Pair.start(transport))
        {
            pair.b.publish("grumpy", pair.engineB.spawn("grumpy", (ActorContext<String> ctx) -> (String m) ->
            {
                throw new IllegalStateException("no " + m + " today");
            }));
            final ActorRef<String> grumpy = pair.fromA("grumpy");
            assertThatThrownBy(() -> grumpy.ask("orders").get(WAIT))
                .isInstanceOf(ReplyException.class)
                .hasMessageContaining("java.lang.IllegalStateException")
                .hasMessageContaining("no orders today")
                .hasMessageContaining("grumpy@" + pair.b.address());
            final CompletableFuture<Throwable> seen = new CompletableFuture<>();
            pair.engineA.spawn("asker", (ActorContext<String> ctx) -> (String m) ->
                grumpy.ask(m).onFailure(seen::complete)).tell("bonds");
            assertThat(seen.get(WAIT.toSeconds(), TimeUnit.SECONDS))
                .isInstanceOfSatisfying(RemoteActorException.class, ex ->
                {
                    assertThat(ex.remoteClassName()).isEqualTo("java.lang.IllegalStateException");
                    assertThat(ex.remoteMessage()).isEqualTo("no bonds today");
                });
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void watchFiresWhenTheRemoteActorStopsFromOutsideAndFromAnActor(final String transport) throws Exception
    {
        try (Pair pair = Pair.start(transport))
        {
            final ActorRef<String> mortal = pair.engineB.spawn("mortal", (ActorContext<String> ctx) -> (String m) ->
                ctx.stop());
            pair.b.publish("mortal", mortal);
            final ActorRef<String> remote = pair.fromA("mortal");
            final Reply<Terminated> outside = pair.engineA.watch(remote);
            final CompletableFuture<Terminated> fromActor = new CompletableFuture<>();
            pair.engineA.spawn("watcher", (ActorContext<String> ctx) -> (String m) ->
                ctx.watch(remote).onSuccess(fromActor::complete)).tell("watch");
            remote.tell("die");
            assertThat(outside.get(WAIT).actor()).isSameAs(remote);
            assertThat(outside.get(WAIT).reason()).isEqualTo(Terminated.Reason.STOPPED);
            assertThat(fromActor.get(WAIT.toSeconds(), TimeUnit.SECONDS).actor()).isSameAs(remote);
            assertThat(remote.isStopped()).isTrue();
            assertThat(pair.engineA.watch(remote).get(WAIT).actor()).isSameAs(remote);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipc", "udp"})
    void anAskToAnActorThatDoesNotAnswerTimesOut(final String transport)
    {
        try (Pair pair = Pair.start(transport))
        {
            pair.b.publish("mute", pair.engineB.spawn("mute", (ActorContext<String> ctx) -> (String m) ->
                ctx.replyLater()));
            final ActorRef<String> mute = pair.fromA("mute");
            assertThatThrownBy(() -> mute.ask("anyone?", Duration.ofMillis(200)).get(WAIT))
                .isInstanceOf(AskTimeoutException.class)
                .hasMessageContaining("mute@" + pair.b.address());
        }
    }
}
