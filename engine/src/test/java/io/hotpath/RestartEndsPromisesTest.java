package io.hotpath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A restart ends the old instance's promises as a stop does: an ask it kept for later, or was answering in a method
 * suspended in an await, fails at once with ACTOR_RESTARTED (ACTOR_STOPPED under stop), and the old method never
 * resumes. Under resume the instance lives on, and so do its promises.
 */
class RestartEndsPromisesTest
{
    static List<FaultPolicy> endingPolicies()
    {
        return List.of(FaultPolicy.restart(), FaultPolicy.backoff().min(Duration.ofMillis(1)).max(Duration.ofMillis(5)).build(),
            FaultPolicy.stop());
    }

    private static DeadLetterReason reasonUnder(final FaultPolicy policy)
    {
        return policy.kind() == FaultPolicy.Kind.STOP ? DeadLetterReason.ACTOR_STOPPED :
            DeadLetterReason.ACTOR_RESTARTED;
    }

    @ParameterizedTest
    @MethodSource("endingPolicies")
    void anAskKeptForLaterFailsWhenItsActorIsRestartedOrStopped(final FaultPolicy policy) throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> keeper = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if (m.equals("keep"))
                {
                    ctx.replyLater();
                }
                else
                {
                    throw new IllegalStateException("boom");
                }
            }).name("keeper").faultPolicy(policy).spawn();
            final Reply<String> kept = keeper.ask("keep");
            keeper.tell("boom");
            final ExecutionException failed = assertThrows(ExecutionException.class,
                () -> kept.toCompletableFuture().get(20, TimeUnit.SECONDS));
            assertThat(failed.getCause()).isInstanceOf(UndeliveredException.class);
            assertThat(((UndeliveredException)failed.getCause()).reason()).isEqualTo(reasonUnder(policy));
        }
    }

    @ParameterizedTest
    @MethodSource("endingPolicies")
    void anAskAnsweredInASuspendedMethodFailsAndTheOldMethodNeverResumes(final FaultPolicy policy) throws Exception
    {
        final AtomicInteger resumed = new AtomicInteger();
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            // keeps every question, and answers them all on "release"
            final ActorRef<String> holder = engine.actor((ActorContext<String> ctx) ->
            {
                final List<Reply<String>> kept = new ArrayList<>();
                return (String m) ->
                {
                    if (m.equals("release"))
                    {
                        kept.forEach(reply -> reply.complete("late"));
                        kept.clear();
                    }
                    else if (m.equals("sync"))
                    {
                        ctx.reply("synced");
                    }
                    else
                    {
                        kept.add(ctx.replyLater());
                    }
                };
            }).name("holder").spawn();
            final ActorRef<String> waiter = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if (m.equals("ask"))
                {
                    final String answer = await(holder.<String>ask("question"));
                    resumed.incrementAndGet();
                    ctx.reply(answer);
                }
                else if (m.equals("ping"))
                {
                    ctx.reply("pong");
                }
                else
                {
                    throw new IllegalStateException("boom");
                }
            }).name("waiter").sequential().faultPolicy(policy).spawn();
            final Reply<String> asked = waiter.ask("ask");
            TestEngines.await("the holder keeps the waiter's question",
                () -> engine.stats().actors().stream().anyMatch(a -> a.name().equals("holder") && a.handled() == 1));
            waiter.tell("boom");
            final ExecutionException failed = assertThrows(ExecutionException.class,
                () -> asked.toCompletableFuture().get(20, TimeUnit.SECONDS));
            assertThat(failed.getCause()).isInstanceOf(UndeliveredException.class);
            assertThat(((UndeliveredException)failed.getCause()).reason()).isEqualTo(reasonUnder(policy));
            // the old method's answer comes now: it must not resume, under the new instance or none
            holder.tell("release");
            assertThat(holder.<String>ask("sync").get(Duration.ofSeconds(20))).isEqualTo("synced");
            if (policy.kind() != FaultPolicy.Kind.STOP)
            {
                assertThat(waiter.<String>ask("ping").get(Duration.ofSeconds(20))).isEqualTo("pong");
            }
            assertThat(resumed.get()).as("the old instance's method resumed").isZero();
        }
    }
}
