package io.hotpath.observe;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.metrics.ActorStats;
import io.hotpath.metrics.EngineStats;
import io.hotpath.metrics.LatencyStats;
import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Latency histograms: every message is counted once, the percentiles show a delay the test injects, and a
 * histogram that is off records nothing.
 */
class LatencyHistogramTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private static EngineConfig.Builder config()
    {
        return EngineConfig.builder().workers(1).idle("backoff").jmx(false).stallThresholdNs(0);
    }

    private static ActorStats actor(final EngineStats stats, final String name)
    {
        return stats.actors().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void everyMessageIsCountedOnceInItsWorkersAndItsActorsHistograms() throws Exception
    {
        final int messages = 10_000;
        try (Engine engine = Engine.start(config().histograms(true).build()))
        {
            final CountDownLatch done = new CountDownLatch(messages);
            final ActorRef<Integer> sink = engine.actor((ActorContext<Integer> ctx) -> (Integer m) -> done.countDown())
                .name("sink").histograms().spawn();
            final ActorRef<Integer> relay = engine.actor((ActorContext<Integer> ctx) -> (Integer m) -> sink.tell(m))
                .name("relay").nextTo(sink).spawn();
            for (int i = 0; i < messages; i++)
            {
                relay.tell(i);
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            StallDetectorTest.awaitCondition(() -> engine.stats().workers().get(0).handled() ==
                engine.stats().workers().get(0).handlerNs().count());
            final EngineStats stats = engine.stats();
            final WorkerStats worker = stats.workers().get(0);
            final ActorStats sinkStats = actor(stats, "sink");
            // the worker's histogram holds every handler run of its actors (their start signals too), each once
            assertThat(worker.handlerNs().count()).isEqualTo(worker.handled());
            assertThat(sinkStats.handlerNs().count()).isEqualTo(sinkStats.handled()).isGreaterThanOrEqualTo(messages);
            // every frame from this thread waited in the inbound queue and was counted once there; the sink got
            // its messages from the relay on the worker's own thread, so it has no inbound waits but its start
            assertThat(worker.waitNs().count()).isGreaterThanOrEqualTo(messages);
            assertThat(sinkStats.waitNs().count()).isLessThanOrEqualTo(1);
            assertThat(actor(stats, "relay").handlerNs()).isNull();
        }
    }

    @Test
    void theHandlerPercentilesShowAnInjectedDelay() throws Exception
    {
        final int messages = 50;
        try (Engine engine = Engine.start(config().build()))
        {
            final CountDownLatch done = new CountDownLatch(messages);
            final ActorRef<Integer> slow = engine.actor((ActorContext<Integer> ctx) -> (Integer m) ->
            {
                final long startNs = System.nanoTime();
                while (System.nanoTime() - startNs < 2 * MS)
                {
                    Thread.onSpinWait();
                }
                done.countDown();
            }).name("slow").histograms().spawn();
            for (int i = 0; i < messages; i++)
            {
                slow.tell(i);
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            StallDetectorTest.awaitCondition(() -> actor(engine.stats(), "slow").handlerNs().count() >= messages);
            final LatencyStats handler = actor(engine.stats(), "slow").handlerNs();
            // 3 significant digits: a value is within 0.1% of what was recorded
            assertThat(handler.p50Ns()).isBetween(2 * MS - 2 * MS / 1000, 50 * MS);
            assertThat(handler.p90Ns()).isGreaterThanOrEqualTo(handler.p50Ns());
            assertThat(handler.maxNs()).isGreaterThanOrEqualTo(handler.p90Ns());
        }
    }

    @Test
    void theWaitPercentilesShowTheTimeAFrameWaitedForItsWorker() throws Exception
    {
        final int messages = 100;
        try (Engine engine = Engine.start(config().embedded(0, true).histograms(true).build()))
        {
            final int[] handled = {0};
            final ActorRef<Integer> target = engine.spawn("target", (ActorContext<Integer> ctx) -> (Integer m) ->
                handled[0]++);
            engine.invoker(0).doWork();    // this thread drives the worker from now on
            final Thread sender = new Thread(() ->
            {
                for (int i = 0; i < messages; i++)
                {
                    target.tell(i);
                }
            });
            sender.start();
            sender.join();
            final long sentByNs = System.nanoTime();
            while (System.nanoTime() - sentByNs < 30 * MS)
            {
                Thread.onSpinWait();   // the injected delay: nobody takes the frames for 30 ms
            }
            while (handled[0] < messages)
            {
                engine.invoker(0).doWork();
            }
            final LatencyStats wait = engine.stats().workers().get(0).waitNs();
            assertThat(wait.count()).isGreaterThanOrEqualTo(messages);
            assertThat(wait.p50Ns()).isGreaterThanOrEqualTo(30 * MS - 30 * MS / 1000);
            assertThat(wait.maxNs()).isLessThan(TimeUnit.SECONDS.toNanos(60));
        }
    }

    @Test
    void aHistogramThatIsOffRecordsNothing() throws Exception
    {
        final int messages = 1_000;
        try (Engine engine = Engine.start(config().build()))
        {
            final CountDownLatch done = new CountDownLatch(2 * messages);
            final ActorRef<Integer> plain = engine.spawn("plain", (ActorContext<Integer> ctx) -> (Integer m) ->
                done.countDown());
            final ActorRef<Integer> timed = engine.actor((ActorContext<Integer> ctx) -> (Integer m) ->
                done.countDown()).name("timed").histograms().spawn();
            for (int i = 0; i < messages; i++)
            {
                plain.tell(i);
                timed.tell(i);
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            // a handler's time is recorded once it has returned, after the count down above
            StallDetectorTest.awaitCondition(() -> actor(engine.stats(), "timed").handlerNs().count() == messages);
            final EngineStats stats = engine.stats();
            assertThat(stats.workers().get(0).handlerNs()).isNull();
            assertThat(stats.workers().get(0).waitNs()).isNull();
            assertThat(actor(stats, "plain").handlerNs()).isNull();
            assertThat(actor(stats, "plain").waitNs()).isNull();
            assertThat(actor(stats, "timed").handlerNs().count()).isEqualTo(actor(stats, "timed").handled());
            engine.resetHistograms();
            assertThat(actor(engine.stats(), "timed").handlerNs().count()).isZero();
        }
    }
}
