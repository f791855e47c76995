package io.hotpath.observe;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's JFR events, read back as a recording sees them. */
class JfrEventsTest
{
    static void stuckIn300Ms() throws InterruptedException
    {
        Thread.sleep(300);
    }

    @Test
    void aStalledWorkerIsAWorkerStallEventInTheRecordingFile(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("stall.jfr");
        try (Recording recording = new Recording())
        {
            recording.enable("io.hotpath.WorkerStall");
            recording.start();
            try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").jmx(false)
                .stallThresholdNs(TimeUnit.MILLISECONDS.toNanos(20)).stallGraceNs(0).engineName("jfr-test").build()))
            {
                StallDetectorTest.runOnce(engine, "stuck", JfrEventsTest::stuckIn300Ms);
                StallDetectorTest.awaitCondition(() -> engine.stats().workers().get(0).stalls() >= 1);
            }
            recording.stop();
            recording.dump(file);
        }
        final List<RecordedEvent> stalls = RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("io.hotpath.WorkerStall"))
            .filter(e -> "stuck".equals(e.getString("actor"))).toList();
        assertThat(stalls).hasSize(1);
        final RecordedEvent stall = stalls.get(0);
        assertThat(stall.getString("engine")).isEqualTo("jfr-test");
        assertThat(stall.getString("worker")).isEqualTo("hp-worker-0");
        assertThat(stall.getString("actor")).isEqualTo("stuck");
        assertThat(stall.getLong("stalledNs")).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
        assertThat(stall.getString("workerStack")).contains("stuckIn300Ms");
    }

    @Test
    void deadLettersAreOneEventPerReasonAndPeriodWithTheirCount() throws Exception
    {
        final AtomicLong counted = new AtomicLong();
        final CountDownLatch seen = new CountDownLatch(1);
        try (RecordingStream stream = new RecordingStream())
        {
            stream.enable("io.hotpath.DeadLetters").withPeriod(Duration.ofMillis(100));
            stream.onEvent("io.hotpath.DeadLetters", e ->
            {
                if (e.getString("engine").equals("jfr-dead") && e.getString("reason").equals("ACTOR_STOPPED"))
                {
                    if (counted.addAndGet(e.getLong("count")) == 500)
                    {
                        seen.countDown();
                    }
                }
            });
            stream.startAsync();
            try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").jmx(false)
                .engineName("jfr-dead").build()))
            {
                final ActorRef<Integer> gone = engine.spawn("gone", (ActorContext<Integer> ctx) -> (Integer m) -> { });
                engine.stop(gone).toCompletableFuture().get(30, TimeUnit.SECONDS);
                for (int i = 0; i < 500; i++)
                {
                    gone.tell(i);
                }
                StallDetectorTest.awaitCondition(() ->
                    engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED) == 500);
                assertTrue(seen.await(60, TimeUnit.SECONDS), "the recording counted " + counted.get());
            }
        }
        assertThat(counted.get()).isEqualTo(500);
    }
}
