package io.hotpath;

import io.hotpath.observe.LogCapture;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An embedded worker whose driving thread has ended is reported by the stall watcher, and its close neither waits out
 * the close timeout nor loses a message without a count: the closer finishes the worker itself.
 */
class AbandonedWorkerTest
{
    @Test
    void anEmbeddedWorkerWhoseThreadEndedIsReportedAndFinishedByTheClose() throws Exception
    {
        final int queued = 100;
        final AtomicInteger handled = new AtomicInteger();
        try (LogCapture stalls = new LogCapture("io.hotpath.stalls");
             LogCapture close = new LogCapture("io.hotpath.close"))
        {
            final Engine engine = Engine.start(TestEngines.config(1).embedded(0, true)
                .stallThresholdNs(TimeUnit.MILLISECONDS.toNanos(20))
                .closeTimeoutNs(TimeUnit.SECONDS.toNanos(30)).build());
            final ActorRef<Integer> actor = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                handled.incrementAndGet()).name("stranded").spawn();
            final Thread driver = new Thread(() ->
            {
                for (int i = 0; i < 1000; i++)
                {
                    engine.invoker(0).doWork();
                }
            }, "short-lived-driver");
            driver.start();
            driver.join();
            for (int i = 0; i < queued; i++)
            {
                actor.tell(i);
            }
            TestEngines.await("the watcher reports that nothing steps the worker",
                () -> !stalls.containing("is not being stepped").isEmpty());
            assertThat(stalls.containing("is not being stepped").getFirst().getMessage())
                .contains("short-lived-driver", "ended");

            final long startNs = System.nanoTime();
            engine.close();
            final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
            assertThat(tookMs).as("the close waited out its timeout").isLessThan(10_000);
            assertThat(handled.get()).isZero();
            assertThat(engine.deadLetters().count(DeadLetterReason.ENGINE_CLOSED)).isEqualTo(queued);
            assertThat(close.containing("was left by its thread 'short-lived-driver' (it has ended)")).hasSize(1);
            assertThat(close.containing("short-lived-driver").getFirst().getMessage()).contains(queued + " message(s)");
        }
    }

    @Test
    void anEmbeddedWorkerWhoseThreadStoppedSteppingItIsCountedWhenTheCloseTimesOut() throws Exception
    {
        final int queued = 50;
        try (LogCapture close = new LogCapture("io.hotpath.close"))
        {
            final Engine engine = Engine.start(TestEngines.config(1).embedded(0, true)
                .closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(300)).build());
            final ActorRef<Integer> actor = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> { })
                .name("unstepped").spawn();
            final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            final Thread driver = new Thread(() ->
            {
                engine.invoker(0).doWork();
                try
                {
                    release.await();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }, "stopped-driver");
            driver.start();
            TestEngines.await("the driver has stepped once", () -> driver.getState() == Thread.State.WAITING);
            for (int i = 0; i < queued; i++)
            {
                actor.tell(i);
            }
            final long startNs = System.nanoTime();
            engine.close();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs)).isLessThan(10_000);
            assertThat(engine.deadLetters().count(DeadLetterReason.CLOSE_TIMEOUT)).isEqualTo(queued);
            assertThat(close.containing("worker hp-worker-0 did not finish within the close timeout")).hasSize(1);
            assertThat(close.records().getLast().getMessage()).contains("'stopped-driver' (WAITING)",
                "about " + queued + " message(s)");
            release.countDown();
            driver.join();
        }
    }
}
