package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An answered or failed ask keeps nothing until its timeout: asks with a timeout far beyond the test, answered or
 * failed, from a thread outside the engine and from an actor; once the asker drops its reply, a garbage collection
 * reclaims it (a timer left waiting for the timeout would hold it). And the exceptions that fail asks carry no
 * stack trace unless one is asked for.
 */
class AskMemoryTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration LONG = Duration.ofMinutes(10);
    private static final int ASKS = 2_000;

    @Test
    void answeredAndFailedAsksWithALongTimeoutKeepNothingOnceAnswered() throws Exception
    {
        try (Pair pair = Pair.start("udp"))
        {
            pair.b.publish("echo", pair.engineB.spawn("echo", (ActorContext<String> ctx) -> (String m) ->
                ctx.reply(m)));
            pair.b.publish("gone", pair.engineB.spawn("gone", (ActorContext<String> ctx) -> (String m) -> { }));
            final ActorRef<String> echo = pair.fromA("echo");
            final ActorRef<String> gone = pair.fromA("gone");
            pair.b.unpublish("gone");
            final List<WeakReference<Reply<?>>> replies = new CopyOnWriteArrayList<>();

            for (int i = 0; i < ASKS; i++)
            {
                final Reply<String> answered = echo.ask("q" + i, LONG);
                assertThat(answered.get(WAIT)).isEqualTo("q" + i);
                replies.add(new WeakReference<>(answered));
                final Reply<String> failed = gone.ask("q" + i, LONG);
                assertThatThrownBy(() -> failed.get(WAIT)).hasCauseInstanceOf(UndeliveredException.class);
                replies.add(new WeakReference<>(failed));
            }
            final AtomicInteger ended = new AtomicInteger();
            final CompletableFuture<Void> actorDone = new CompletableFuture<>();
            pair.engineA.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                for (final ActorRef<String> to : List.of(echo, gone))
                {
                    final Reply<String> reply = to.ask("a" + n, LONG);
                    replies.add(new WeakReference<>(reply));
                    reply.onComplete((value, error) ->
                    {
                        if (ended.incrementAndGet() == 2 * ASKS)
                        {
                            actorDone.complete(null);
                        }
                        else if (ended.get() % 2 == 0)
                        {
                            ctx.self().tell(n + 1);
                        }
                    });
                }
            }).onWorker(1).spawn().tell(0);
            actorDone.get(WAIT.toSeconds(), TimeUnit.SECONDS);

            assertThat(reclaimed(replies)).as("replies reclaimed of " + replies.size()).isEqualTo(replies.size());
        }
    }

    /** Collect garbage until every reply is reclaimed, or a few rounds have passed; @return how many were. */
    private static long reclaimed(final List<WeakReference<Reply<?>>> replies)
    {
        long cleared = 0;
        for (int round = 0; round < 10; round++)
        {
            System.gc();
            LockSupport.parkNanos(100_000_000L);
            cleared = replies.stream().filter(ref -> ref.get() == null).count();
            if (cleared == replies.size())
            {
                break;
            }
        }
        return cleared;
    }

    @Test
    void theExceptionsThatFailAsksCarryNoStackTraceUnlessOneIsAskedFor()
    {
        for (final boolean stackTraces : new boolean[]{false, true})
        {
            try (Pair pair = Pair.start("udp", config -> config.stackTraces(stackTraces)))
            {
                pair.b.publish("gone", pair.engineB.spawn("gone", (ActorContext<String> ctx) -> (String m) -> { }));
                pair.b.publish("mute", pair.engineB.spawn("mute", (ActorContext<String> ctx) -> (String m) ->
                    ctx.replyLater()));
                final ActorRef<String> gone = pair.fromA("gone");
                final ActorRef<String> mute = pair.fromA("mute");
                pair.b.unpublish("gone");
                final Throwable first = failure(gone.ask("one"));
                final Throwable second = failure(gone.ask("two"));
                assertThat(first).isInstanceOf(UndeliveredException.class).hasMessageContaining("NOT_PUBLISHED");
                final Reply<Object> pending = mute.ask("anyone?");
                pair.b.close();
                final Throwable unreachable = failure(pending);
                assertThat(unreachable).isInstanceOf(NodeUnreachableException.class);
                if (stackTraces)
                {
                    assertThat(second).isNotSameAs(first);
                    assertThat(unreachable.getStackTrace()).isNotEmpty();
                }
                else
                {
                    assertThat(second).as("one exception per remote actor and reason").isSameAs(first);
                    assertThat(unreachable.getStackTrace()).isEmpty();
                }
            }
        }
    }

    private static Throwable failure(final Reply<?> reply)
    {
        try
        {
            reply.toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        catch (final java.util.concurrent.ExecutionException ex)
        {
            return ex.getCause();
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
        throw new AssertionError("the ask was answered");
    }
}
