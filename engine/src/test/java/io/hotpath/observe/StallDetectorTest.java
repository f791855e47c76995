package io.hotpath.observe;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.LogRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The stall detector: a turn longer than {@code stall.thresholdNs} is reported once, with the stuck worker's stack;
 * turns that each end in time are never reported however long the worker stays busy; reports are rate-limited.
 * Each test counts the reports of its own stall, never a time.
 */
class StallDetectorTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private static EngineConfig.Builder config(final long thresholdNs)
    {
        // the grace of start-up work off: these actors block in their first turns on purpose
        return EngineConfig.builder().workers(1).idle("backoff").stallThresholdNs(thresholdNs).stallGraceNs(0)
            .jmx(false);
    }

    /** The frame a report's stack must show. */
    static void blockFor200Ms() throws InterruptedException
    {
        Thread.sleep(200);
    }

    @Test
    void aHandlerBlockingFor200MsIsReportedOnceWithItsActorAndTheBlockingFrame() throws Exception
    {
        try (LogCapture log = new LogCapture("io.hotpath.stalls"); Engine engine = Engine.start(config(20 * MS).build()))
        {
            runOnce(engine, "blocker", StallDetectorTest::blockFor200Ms);
            awaitCondition(() -> engine.stats().workers().get(0).stalls() >= 1);
            // the watcher looked some forty times during the stall, and counts after it has reported
            final List<LogRecord> reports = log.about("blocker");
            assertThat(reports).hasSize(1);
            final LogRecord first = reports.get(0);
            assertThat(first.getMessage()).contains("worker hp-worker-0 is stalled", "actor 'blocker'");
            assertThat(Arrays.stream(first.getThrown().getStackTrace()).map(StackTraceElement::getMethodName))
                .contains("blockFor200Ms");
            final WorkerStats worker = engine.stats().workers().get(0);
            assertThat(worker.longestStallNs()).isGreaterThanOrEqualTo(20 * MS);
        }
    }

    @Test
    void theReportNamesTheInnermostActorOfNestedHandoffsAfterTheLevelsChangedHands() throws Exception
    {
        try (LogCapture log = new LogCapture("io.hotpath.stalls"); Engine engine = Engine.start(config(20 * MS).build()))
        {
            final CountDownLatch done = new CountDownLatch(3);
            final java.util.Map<String, ActorRef<List<String>>> actors = new java.util.HashMap<>();
            for (final String name : List.of("alpha", "beta", "gamma"))
            {
                // each forwards the rest of the path to its next actor (a direct handoff, one level deeper); the
                // last blocks when the path ends with "block"
                actors.put(name, engine.spawn(name, (ActorContext<List<String>> ctx) -> (List<String> path) ->
                {
                    if (path.size() > 1 && !path.get(1).equals("block"))
                    {
                        actors.get(path.get(1)).tell(path.subList(1, path.size()));
                        return;
                    }
                    if (path.size() > 1)
                    {
                        blockFor200Ms();
                    }
                    done.countDown();
                }));
            }
            // levels 0, 1 and 2 held by alpha, beta, gamma; then gamma, alpha, beta; then beta, gamma, alpha
            actors.get("alpha").tell(List.of("alpha", "beta", "gamma"));
            actors.get("gamma").tell(List.of("gamma", "alpha", "beta"));
            actors.get("beta").tell(List.of("beta", "gamma", "alpha", "block"));
            assertTrue(done.await(30, TimeUnit.SECONDS));
            awaitCondition(() -> engine.stats().workers().get(0).stalls() >= 1);
            assertThat(log.about("alpha")).hasSize(1);
            assertThat(log.about("alpha").get(0).getMessage()).contains("actor 'alpha'");
            assertThat(log.about("beta")).isEmpty();
            assertThat(log.about("gamma")).isEmpty();
            // every message of the three paths was handed over at once: the first of each from the inbound queue
            // (a run, counted when its turn ends, after the latch)
            awaitCondition(() -> engine.stats().actors().stream().mapToLong(a -> a.handled()).sum() == 9);
            assertThat(engine.stats().actors()).allSatisfy(a ->
            {
                assertThat(a.handled()).as(a.name()).isEqualTo(3);
                assertThat(a.handoffs()).as(a.name()).isEqualTo(3);
            });
        }
    }

    @Test
    void aTightSelfSendLoopUnderTheBatchBudgetIsNoStall() throws Exception
    {
        // a threshold well above what a descheduling costs on a loaded host, and a loop four times as long
        try (LogCapture log = new LogCapture("io.hotpath.stalls"); Engine engine = Engine.start(config(500 * MS).build()))
        {
            final long untilNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            final CountDownLatch done = new CountDownLatch(1);
            final AtomicLong loops = new AtomicLong();
            final ActorRef<Integer> looper = engine.spawn("looper", (ActorContext<Integer> ctx) -> (Integer m) ->
            {
                loops.incrementAndGet();
                if (System.nanoTime() - untilNs < 0)
                {
                    ctx.self().tell(m);   // to itself: its mailbox, so each turn ends after actor.batchBudget
                }
                else
                {
                    done.countDown();
                }
            });
            looper.tell(0);
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertThat(loops.get()).isGreaterThan(1_000);
            assertThat(engine.stats().workers().get(0).stalls()).isZero();
            assertThat(log.about("looper")).isEmpty();
        }
    }

    @Test
    void reportsAreRateLimitedWhenEveryMessageStalls() throws Exception
    {
        final int messages = 40;
        try (LogCapture log = new LogCapture("io.hotpath.stalls");
             Engine engine = Engine.start(config(5 * MS).batchBudget(1).build()))
        {
            final CountDownLatch done = new CountDownLatch(messages);
            final ActorRef<Integer> slow = engine.spawn("slow", (ActorContext<Integer> ctx) -> (Integer m) ->
            {
                Thread.sleep(25);
                done.countDown();
            });
            for (int i = 0; i < messages; i++)
            {
                slow.tell(i);
            }
            assertTrue(done.await(60, TimeUnit.SECONDS));
            final long stalls = engine.stats().workers().get(0).stalls();
            assertThat(log.about("slow")).hasSizeLessThanOrEqualTo(10).isNotEmpty();
            assertThat(stalls).isGreaterThan(10);
        }
    }

    @Test
    void offMeansNoReportAndNoCount() throws Exception
    {
        try (LogCapture log = new LogCapture("io.hotpath.stalls"); Engine engine = Engine.start(config(0).build()))
        {
            runOnce(engine, "quiet-blocker", StallDetectorTest::blockFor200Ms);
            assertThat(engine.stats().workers().get(0).stalls()).isZero();
            assertThat(log.about("quiet-blocker")).isEmpty();
        }
    }

    @Test
    void theThresholdKeyTakesOffAndChecksItsRange()
    {
        final java.util.Properties props = new java.util.Properties();
        props.setProperty(EngineConfig.STALL_THRESHOLD_NS, "off");
        assertThat(EngineConfig.builder().properties(props, "test").build().stallThresholdNs()).isZero();
        assertThat(EngineConfig.builder().build().stallThresholdNs()).isEqualTo(EngineConfig.STALL_THRESHOLD_NS_DEFAULT);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EngineConfig.builder().stallThresholdNs(5).build())
            .hasMessageContaining("stall.thresholdNs=5");
    }

    /** What a handler of the test does. */
    interface Body
    {
        void run() throws Exception;
    }

    /** Spawn an actor named {@code name} whose handler runs {@code body}, send it one message, wait until done. */
    static void runOnce(final Engine engine, final String name, final Body body) throws InterruptedException
    {
        final CountDownLatch done = new CountDownLatch(1);
        final ActorRef<String> actor = engine.spawn(name, (ActorContext<String> ctx) -> (String m) ->
        {
            body.run();
            done.countDown();
        });
        actor.tell("go");
        assertTrue(done.await(30, TimeUnit.SECONDS));
    }

    static void awaitCondition(final java.util.function.BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() - deadlineNs < 0, "timed out waiting for a condition");
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
