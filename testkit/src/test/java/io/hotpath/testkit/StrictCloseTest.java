package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A test whose actor throws, or whose message becomes a dead letter, where the test did not expect it, fails when the
 * kit closes; one that takes them passes; and a message that never comes fails a wait without costing real seconds.
 */
class StrictCloseTest
{
    @Test
    void anUnexpectedFaultFailsTheTestAtClose()
    {
        final ActorTestKit kit = ActorTestKit.start(new TestKitSettings()
            .engine(b -> b.faultListener((actor, message, error, policy) -> { })));
        final ActorRef<String> thrower = kit.engine().spawn("thrower", (ActorContext<String> ctx) -> (String m) ->
        {
            throw new IllegalStateException("not expected");
        });
        thrower.tell("boom");
        kit.runUntilIdle();
        assertThatThrownBy(kit::close).isInstanceOf(AssertionError.class)
            .hasMessageContaining("did not expect 1 fault(s) and 0 dead letter(s)")
            .hasMessageContaining("not expected")
            .hasMessageContaining("failOnUnexpected(false)");
    }

    @Test
    void anUnexpectedDeadLetterFailsTheTestAtClose()
    {
        final ActorTestKit kit = ActorTestKit.start();
        final ActorRef<String> gone = kit.engine().spawn("gone", (ActorContext<String> ctx) -> (String m) -> { });
        kit.engine().stop(gone);
        kit.expectStopped(gone);
        gone.tell("lost");
        kit.runUntilIdle();
        assertThatThrownBy(kit::close).isInstanceOf(AssertionError.class)
            .hasMessageContaining("1 dead letter(s)").hasMessageContaining("ACTOR_STOPPED to 'gone': lost");
    }

    @Test
    void whatTheTestTakesOrAllowsDoesNotFailIt()
    {
        try (ActorTestKit kit = ActorTestKit.start(new TestKitSettings()
            .engine(b -> b.faultListener((actor, message, error, policy) -> { }))))
        {
            final ActorRef<String> thrower = kit.engine().spawn("thrower", (ActorContext<String> ctx) -> (String m) ->
            {
                throw new IllegalStateException("expected");
            });
            thrower.tell("boom");
            assertThat(kit.faults().expect(IllegalStateException.class).error()).hasMessage("expected");
        }
        try (ActorTestKit kit = ActorTestKit.start(new TestKitSettings().failOnUnexpected(false)))
        {
            final ActorRef<String> gone = kit.engine().spawn("gone", (ActorContext<String> ctx) -> (String m) -> { });
            kit.engine().stop(gone);
            kit.expectStopped(gone);
            gone.tell("allowed");
            kit.runUntilIdle();
            assertThat(kit.deadLetters().all()).extracting(DeadLetter::reason)
                .containsExactly(DeadLetterReason.ACTOR_STOPPED);
        }
    }

    @Test
    void aMessageThatNeverComesFailsTheWaitWithoutRealSeconds()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final TestProbe<String> probe = kit.probe();
            final long startNs = System.nanoTime();
            assertThatThrownBy(() -> probe.expectMessage(Duration.ofSeconds(30), "never"))
                .isInstanceOf(AssertionError.class);
            // thirty seconds of virtual time, and the real-time grace of 100 ms: well under the old grace of 5 s
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs)).isLessThan(5_000);
        }
    }
}
