package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Waits on conditions and assertions: they run the engine and move virtual time until what they wait for holds,
 * and what a thread outside the engine sends is waited for in real time.
 */
class WaitsTest
{
    private ActorTestKit kit;

    @BeforeEach
    void start()
    {
        // no real-time grace after a virtual timeout: nothing outside the engine sends, but in the test that says so
        kit = ActorTestKit.start(new TestKitSettings().realTimeGrace(Duration.ZERO));
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    /** Counts a tick every second, in a field the test reads between runs. */
    private static final class Clock
    {
        int ticks;
    }

    private Clock ticking()
    {
        final Clock clock = new Clock();
        kit.engine().spawn("clock", (ActorContext<String> ctx) ->
        {
            ctx.scheduleAtFixedRate("tick", Duration.ofSeconds(1), Duration.ofSeconds(1));
            return (String m) -> clock.ticks++;
        });
        return clock;
    }

    @Test
    void awaitConditionMovesTimeUntilTheConditionHolds()
    {
        final Clock clock = ticking();
        kit.awaitCondition("two ticks", () -> clock.ticks == 2);
        assertThat(kit.elapsed()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2_001));
        assertThatThrownBy(() -> kit.awaitCondition("a hundred ticks", Duration.ofSeconds(5), () -> clock.ticks >= 100))
            .isInstanceOf(AssertionError.class).hasMessageContaining("not within PT5S of virtual time: a hundred ticks");
    }

    @Test
    void awaitAssertRetriesTheAssertionAsTimePassesAndThrowsItsLastFailure()
    {
        final Clock clock = ticking();
        kit.awaitAssert(() -> assertThat(clock.ticks).isGreaterThanOrEqualTo(3));
        assertThat(clock.ticks).isEqualTo(3);
        kit.close();
        kit = ActorTestKit.start(new TestKitSettings().defaultTimeout(Duration.ofSeconds(2))
            .realTimeGrace(Duration.ZERO));
        final Clock slow = ticking();
        assertThatThrownBy(() -> kit.awaitAssert(() -> assertThat(slow.ticks).as("ticks").isEqualTo(10)))
            .isInstanceOf(AssertionError.class).hasMessageContaining("[ticks]");
    }

    @Test
    void aReplyCompletedByAThreadOutsideTheEngineIsWaitedForInRealTime()
    {
        kit.close();
        kit = ActorTestKit.start();
        final ActorRef<String> io = kit.engine().spawn("io", (ActorContext<String> ctx) -> (String path) ->
        {
            final Reply<String> answer = ctx.replyLater();
            // as an I/O completion handler would: on a thread of its own, whenever the I/O is done
            CompletableFuture.runAsync(() -> answer.complete("read " + path));
        });
        assertThat(kit.result(io.<String>ask("/tmp/x"))).isEqualTo("read /tmp/x");
    }

    @Test
    void failureReturnsTheExceptionOfAFailedReplyAndRefusesOneThatSucceeded()
    {
        final ActorRef<String> answers = kit.engine().spawn("answers", (ActorContext<String> ctx) -> (String m) ->
        {
            switch (m)
            {
                case "cancel" -> ctx.<String>replyLater().fail(new CancellationException("given up"));
                case "throw" -> throw new IllegalStateException("no");
                default -> ctx.reply("yes");
            }
        });
        assertThat(kit.failure(answers.ask("cancel"))).isInstanceOf(CancellationException.class).hasMessage("given up");
        assertThat(kit.failure(answers.ask("throw"))).isInstanceOf(IllegalStateException.class).hasMessage("no");
        assertThatThrownBy(() -> kit.failure(answers.ask("ok"))).isInstanceOf(AssertionError.class)
            .hasMessageContaining("to fail, but it was answered with yes");
    }
}
