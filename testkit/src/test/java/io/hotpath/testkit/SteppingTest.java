package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Workers the test steps: one duty cycle at a time, or until idle; several workers run one at a time, each on its
 * own thread, so a test reads its actors' plain state between calls and sees the same order every run.
 */
class SteppingTest
{
    @Test
    void stepRunsOneDutyCycleAndRunUntilIdleRunsTheRest()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final int[] done = new int[1];
            kit.engine().spawn("slicer", (ActorContext<String> ctx) ->
            {
                ctx.repeat(() ->
                {
                    if (done[0] == 5)
                    {
                        return 0;
                    }
                    done[0]++;     // one slice of work per duty cycle
                    return 1;
                });
                return (String m) -> { };
            });
            kit.step();
            final int first = done[0];
            kit.step();
            assertThat(done[0]).isEqualTo(first + 1);
            assertThat(kit.runUntilIdle()).isEqualTo(5 - first - 1);
            assertThat(done[0]).isEqualTo(5);
            assertThat(kit.step()).isZero();
        }
    }

    @Test
    void workersTakeTurnsOnTheirOwnThreadsAndTheOrderIsTheSameEveryRun()
    {
        final List<String> first = pingPong();
        assertThat(first).startsWith("ping 0 on hp-worker-0", "pong 0 on hp-worker-1", "ping 1 on hp-worker-0")
            .endsWith("pong 4 on hp-worker-1", "ping 5 on hp-worker-0").hasSize(11);
        for (int run = 0; run < 5; run++)
        {
            assertThat(pingPong()).isEqualTo(first);
        }
    }

    /** Ping on worker 0 and pong on worker 1 exchange six balls; both write to one plain list. */
    private static List<String> pingPong()
    {
        try (ActorTestKit kit = ActorTestKit.start(2))
        {
            final List<String> log = new ArrayList<>();
            final List<ActorRef<Integer>> pong = new ArrayList<>();
            final ActorRef<Integer> ping = kit.engine().actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                log.add("ping " + n + " on " + Thread.currentThread().getName());
                if (n < 5)
                {
                    pong.get(0).tell(n);
                }
            }).name("ping").onWorker(0).spawn();
            pong.add(kit.engine().actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                log.add("pong " + n + " on " + Thread.currentThread().getName());
                ping.tell(n + 1);
            }).name("pong").onWorker(1).spawn());
            ping.tell(0);
            kit.runUntilIdle();
            return List.copyOf(log);
        }
    }

    @Test
    void anActorThatNeverLetsItsWorkerIdleIsReported()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final ActorRef<String> spinner = kit.engine().spawn("spinner",
                (ActorContext<String> ctx) -> (String m) -> ctx.self().tell(m));
            spinner.tell("again");
            assertThatThrownBy(kit::runUntilIdle).isInstanceOf(AssertionError.class)
                .hasMessageContaining("the engine never became idle", "step()");
            kit.engine().stop(spinner);
            kit.expectStopped(spinner);
            kit.deadLetters().expect(DeadLetterReason.ACTOR_STOPPED, spinner);
        }
    }

    @Test
    void aHandlerThatBlocksItsWorkerIsReportedWithItsStack()
    {
        final CountDownLatch release = new CountDownLatch(1);
        try (ActorTestKit kit = ActorTestKit.start(new TestKitSettings().stuckAfter(Duration.ofMillis(200))))
        {
            final ActorRef<String> blocker = kit.engine().spawn("blocker", (ActorContext<String> ctx) -> (String m) ->
            {
                try
                {
                    release.await();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            });
            blocker.tell("block");
            assertThatThrownBy(kit::runUntilIdle).isInstanceOf(AssertionError.class)
                .hasMessageContaining("worker hp-worker-0 has not finished its duty cycle", "CountDownLatch.await");
            release.countDown();
        }
    }

    @Test
    void theKitRunsTheEngineItsSettingsDescribeWithEveryWorkerEmbedded()
    {
        try (ActorTestKit kit = ActorTestKit.start(new TestKitSettings().workers(3)
            .engine(b -> b.mailboxCapacity(16).namePrefix("svc-"))))
        {
            assertThat(kit.engine().workerCount()).isEqualTo(3);
            assertThat(kit.engine().config().mailboxCapacity()).isEqualTo(16);
            for (int i = 0; i < 3; i++)
            {
                assertThat(kit.engine().config().embedded(i)).isTrue();
            }
            final TestProbe<String> probe = kit.probe("where", 2);
            kit.engine().actor((ActorContext<String> ctx) -> (String m) ->
                probe.ref().tell(m + " on " + Thread.currentThread().getName())).onWorker(1).spawn().tell("ran");
            probe.expectMessage("ran on svc-1");
            assertThatThrownBy(() -> kit.step(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no worker 3");
        }
    }
}
