package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorLifecycle;
import io.hotpath.ActorRef;
import io.hotpath.Actor;
import io.hotpath.AskTimeoutException;
import io.hotpath.Await;
import io.hotpath.AwaitTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Timers, ask timeouts, restart backoff and {@code Await.sleep} on the kit's virtual time: they fall due only as
 * the test moves time, or as a wait moves it, and a wait of seconds takes no real time.
 */
class VirtualTimeTest
{
    private ActorTestKit kit;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start();
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    @Test
    void aTimerFiresWhenVirtualTimeReachesItsDeadline()
    {
        final TestProbe<String> probe = kit.probe();
        final ActorRef<String> alarm = kit.engine().spawn("alarm", (ActorContext<String> ctx) -> (String m) ->
        {
            if (m.equals("arm"))
            {
                ctx.schedule("ring", Duration.ofSeconds(10));
            }
            else
            {
                probe.ref().tell(m);
            }
        });
        alarm.tell("arm");
        probe.expectNoMessage(Duration.ofSeconds(9));
        assertThat(kit.elapsed()).isEqualTo(Duration.ofSeconds(9));
        probe.expectMessage(Duration.ofSeconds(2), "ring");
        assertThat(kit.elapsed()).isBetween(Duration.ofSeconds(10), Duration.ofMillis(10_001));
    }

    @Test
    void aPeriodicTimerTicksOncePerPeriodAndOnceAfterAStall()
    {
        final TestProbe<String> probe = kit.probe();
        kit.engine().spawn("ticker", (ActorContext<String> ctx) ->
        {
            ctx.scheduleAtFixedRate("tick", Duration.ofMillis(100), Duration.ofMillis(100));
            return (String m) -> probe.ref().tell(m);
        });
        kit.advance(Duration.ofSeconds(1));
        assertThat(probe.receiveMessages(10)).containsOnly("tick");
        probe.expectNoMessage(Duration.ZERO);
        kit.stall(Duration.ofSeconds(1));
        assertThat(probe.receiveMessage()).isEqualTo("tick");
        assertThat(probe.receiveMessages(0)).isEmpty();
        probe.expectNoMessage(Duration.ofMillis(50));
    }

    @Test
    void anAskTimeoutFailsTheReplyAfterItsVirtualTimeAndALateAnswerIsADeadLetter()
    {
        final List<Reply<Object>> kept = new ArrayList<>();
        final ActorRef<String> slow = kit.engine().spawn("slow",
            (ActorContext<String> ctx) -> (String m) -> kept.add(ctx.replyLater()));
        final Reply<String> reply = slow.ask("question", Duration.ofSeconds(2));
        assertThat(kit.failure(reply)).isInstanceOf(AskTimeoutException.class).hasMessageContaining("'slow'");
        assertThat(kit.elapsed()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2_001));
        kept.get(0).complete("too late");
        assertThat(kit.deadLetters().expect(DeadLetterReason.LATE_REPLY).message()).isEqualTo("too late");
    }

    @Test
    void aBackoffRestartWaitsItsPauseInVirtualTime()
    {
        kit.close();
        kit = ActorTestKit.start(new TestKitSettings().engine(b -> b.faultListener((actor, m, error, policy) -> { })));
        final TestProbe<String> probe = kit.probe();
        final ActorRef<String> flaky = kit.engine().actor((ActorContext<String> ctx) -> new Flaky(probe.ref()))
            .name("flaky")
            .faultPolicy(FaultPolicy.backoff().min(Duration.ofSeconds(1)).max(Duration.ofSeconds(10))
                .randomFactor(0).maxRetries(5, Duration.ofMinutes(1)).build())
            .spawn();
        probe.expectMessage("started");
        for (final long pauseMs : new long[] {1_000, 2_000, 4_000})
        {
            flaky.tell("boom");
            assertThat(kit.faults().expect(IllegalStateException.class).actor()).isEqualTo(flaky);
            probe.expectNoMessage(Duration.ofMillis(pauseMs - 1));
            probe.expectMessage(Duration.ofMillis(2), "started");
        }
    }

    /** Says when each instance starts, the first and every restarted one; throws on every message. */
    private record Flaky(ActorRef<String> out) implements Actor<String>, ActorLifecycle
    {
        @Override
        public void onStart()
        {
            out.tell("started");
        }

        @Override
        public void postRestart(final Throwable cause)
        {
            out.tell("started");
        }

        @Override
        public void onMessage(final String message)
        {
            throw new IllegalStateException(message);
        }
    }

    @Test
    void sleepAndTimeoutsOfSequentialCodeComeFromVirtualTime()
    {
        final ActorRef<String> never = kit.engine().spawn("never",
            (ActorContext<String> ctx) -> (String m) -> ctx.replyLater());
        final ActorRef<Integer> sleeper = kit.engine().actor((ActorContext<Integer> ctx) -> (Integer seconds) ->
        {
            Await.sleep(Duration.ofSeconds(seconds));
            try
            {
                Await.withTimeout(Duration.ofSeconds(1), () -> await(never.<String>ask("hello?")));
            }
            catch (final AwaitTimeoutException ex)
            {
                ctx.reply("slept " + seconds + " s, then gave up waiting");
            }
        }).name("sleeper").sequential().spawn();
        final Reply<String> reply = sleeper.ask(30);
        assertThat(kit.result(reply, Duration.ofMinutes(1))).isEqualTo("slept 30 s, then gave up waiting");
        assertThat(kit.elapsed()).isBetween(Duration.ofSeconds(31), Duration.ofMillis(31_002));
    }
}
