package io.hotpath.examples.jobs;

import io.hotpath.Reply;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.TestKitSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The job context on the test kit: one worker the test steps duty cycle by duty cycle, on virtual time, so every
 * state a job goes through is seen and backoff pauses are proven to the millisecond without sleeping.
 */
class JobContextTest
{
    private static final JobSpec.Retry NO_RETRY = new JobSpec.Retry(0, Duration.ZERO, Duration.ZERO, 0);

    private final List<String> slicesRun = new ArrayList<>();
    private ActorTestKit kit;
    private JobContext jobs;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start(new TestKitSettings().engine(b -> b.faultListener((a, m, e, p) -> { })));
        jobs = JobContext.start(kit.engine(), "jobs", 2);
    }

    @AfterEach
    void close()
    {
        // the jobs that fail do so on purpose: their attempts' faults are the retries these tests prove
        assertThat(kit.faults().takeAll()).allSatisfy(fault ->
            assertThat(fault.error()).isInstanceOf(IllegalStateException.class));
        kit.close();
    }

    /** Slice i adds i + 1, and is written down as "name:slice@attempt". */
    private JobSpec counting(final String name, final int slices)
    {
        return new JobSpec(name, slices, (slice, attempt) ->
        {
            slicesRun.add(name + ":" + slice + "@" + attempt);
            return slice + 1;
        }, NO_RETRY);
    }

    /** @return every job's state after one duty cycle, in which the manager answers: jobs do one slice at most. */
    private Map<JobId, JobState> snapshot()
    {
        final Reply<Map<JobId, JobState>> states = jobs.states();
        kit.step();
        assertThat(states.toCompletableFuture()).as("answered within one duty cycle").isDone();
        return states.toCompletableFuture().join();
    }

    /** @return a job's state once the engine is idle (every job as far as it goes without time passing). */
    private JobState settled(final JobId id)
    {
        kit.runUntilIdle();
        return kit.result(jobs.states()).get(id);
    }

    @Test
    void createAnswersWithTheIdAtOnceWhileTheJobGoesOnInTheBackground()
    {
        final Reply<JobId> created = jobs.create(counting("sum", 5));
        kit.step();
        assertThat(created.toCompletableFuture()).as("answered in the manager's first turn").isDone();
        final JobId id = created.toCompletableFuture().join();
        final JobState early = snapshot().get(id);
        assertInstanceOf(JobState.Running.class, early);
        assertThat(((JobState.Running)early).done()).isLessThan(5);
        assertEquals(new JobState.Succeeded(15, 1), settled(id));
        assertEquals(List.of("sum:0@1", "sum:1@1", "sum:2@1", "sum:3@1", "sum:4@1"), slicesRun, "one slice a turn");
        kit.awaitCondition("the job's actor stopped itself", () -> kit.engine().lookup("job-1").isEmpty());
    }

    @Test
    void runAndWaitAnswersWithTheResultWhenTheJobEndsOrWithItsFailure()
    {
        final Reply<Long> result = jobs.runAndWait(counting("sum", 4));
        kit.step();
        assertThat(result.toCompletableFuture()).isNotDone();
        assertEquals(10L, kit.result(result));

        final Reply<Long> failing = jobs.runAndWait(new JobSpec("bad", 3, (slice, attempt) ->
        {
            throw new IllegalStateException("disk full on attempt " + attempt);
        }, new JobSpec.Retry(1, Duration.ofMillis(10), Duration.ofMillis(10), 0)));
        assertInstanceOf(JobState.Retrying.class, settled(new JobId(2)), "the first attempt failed");
        kit.advance(Duration.ofMillis(10));
        final Throwable error = kit.failure(failing);
        assertInstanceOf(JobFailedException.class, error);
        assertThat(error.getCause()).hasMessage("disk full on attempt 2");
        assertEquals(new JobState.Failed("java.lang.IllegalStateException: disk full on attempt 2", 2),
            settled(new JobId(2)));
        kit.awaitCondition("the failed job's actor to stop", () -> kit.engine().lookup("job-2").isEmpty());
    }

    @Test
    void stopCancelsARunningJobAndItsWaiterAndNothingRunsAfter()
    {
        final Reply<Long> waiter = jobs.runAndWait(counting("long", 1_000));
        while (slicesRun.size() < 3)
        {
            kit.step();
        }
        final Reply<Boolean> stopped = jobs.stop(new JobId(1));
        final int ranBeforeStop = slicesRun.size();
        kit.step();
        assertThat(stopped.toCompletableFuture()).isCompletedWithValue(true);
        assertThat(slicesRun.size()).isLessThanOrEqualTo(ranBeforeStop + 1);
        final int ranAtStop = slicesRun.size();
        assertInstanceOf(CancellationException.class, kit.failure(waiter));
        assertEquals(new JobState.Cancelled(), settled(new JobId(1)));
        kit.advance(Duration.ofSeconds(1));
        assertEquals(ranAtStop, slicesRun.size(), "the job's actor is gone");
        assertThat(kit.engine().lookup("job-1")).isEmpty();
        assertEquals(false, kit.result(jobs.stop(new JobId(1))), "a job ends once");
        assertEquals(false, kit.result(jobs.stop(new JobId(99))), "unknown");
    }

    @Test
    void stopDuringABackoffPauseMeansNoRetry()
    {
        final JobId id = kit.result(jobs.create(new JobSpec("flaky", 2, (slice, attempt) ->
        {
            slicesRun.add("flaky@" + attempt);
            throw new IllegalStateException("down");
        }, new JobSpec.Retry(5, Duration.ofSeconds(1), Duration.ofSeconds(1), 0))));
        assertInstanceOf(JobState.Retrying.class, settled(id), "in its pause");
        assertEquals(true, kit.result(jobs.stop(id)));
        kit.advance(Duration.ofSeconds(5));
        assertEquals(List.of("flaky@1"), slicesRun);
        assertEquals(new JobState.Cancelled(), settled(id));
    }

    @Test
    void statesShowsEveryJobAsItIsNowIncludingPendingOnesBeyondTheLimit()
    {
        final JobId done = kit.result(jobs.create(counting("short", 1)));
        assertThat(settled(done).isFinal()).isTrue();
        final Reply<JobId> running = jobs.create(counting("long", 1_000));
        final Reply<JobId> retrying = jobs.create(new JobSpec("flaky", 1, (slice, attempt) ->
        {
            throw new IllegalStateException("not yet");
        }, new JobSpec.Retry(3, Duration.ofSeconds(1), Duration.ofSeconds(1), 0)));
        final Reply<JobId> waiting = jobs.create(counting("queued", 1));
        final Reply<JobId> cancelled = jobs.create(counting("dropped", 1));
        kit.step();
        final Reply<Boolean> stopped = jobs.stop(cancelled.toCompletableFuture().join());
        for (int i = 0; i < 5; i++)
        {
            kit.step();
        }
        assertThat(stopped.toCompletableFuture()).isCompletedWithValue(true);
        final Map<JobId, JobState> states = snapshot();
        final List<JobId> ids = List.of(done, running.toCompletableFuture().join(),
            retrying.toCompletableFuture().join(), waiting.toCompletableFuture().join(),
            cancelled.toCompletableFuture().join());
        assertEquals(ids, List.copyOf(states.keySet()));
        assertEquals(new JobState.Succeeded(1, 1), states.get(ids.get(0)));
        assertInstanceOf(JobState.Running.class, states.get(ids.get(1)));
        assertEquals(new JobState.Retrying(1, "java.lang.IllegalStateException: not yet"), states.get(ids.get(2)));
        assertEquals(new JobState.Pending(), states.get(ids.get(3)), "two jobs run at once");
        assertEquals(new JobState.Cancelled(), states.get(ids.get(4)));
        assertThat(slicesRun).noneMatch(s -> s.startsWith("queued") || s.startsWith("dropped"));
    }

    @Test
    void aFailedAttemptIsRetriedAfterABackoffPauseThatDoubles()
    {
        final JobId id = kit.result(jobs.create(new JobSpec("flaky", 3, (slice, attempt) ->
        {
            slicesRun.add(slice + "@" + attempt);
            if (slice == 1 && attempt < 3)
            {
                throw new IllegalStateException("attempt " + attempt);
            }
            return 1;
        }, new JobSpec.Retry(3, Duration.ofMillis(100), Duration.ofSeconds(1), 0))));
        for (final int retry : new int[] {1, 2})
        {
            final long pauseMs = 100L << (retry - 1);
            assertEquals(new JobState.Retrying(retry, "java.lang.IllegalStateException: attempt " + retry),
                settled(id));
            final int ran = slicesRun.size();
            kit.advance(Duration.ofMillis(pauseMs - 1));
            assertEquals(ran, slicesRun.size(), "nothing runs before the " + pauseMs + " ms pause is over");
            kit.advance(Duration.ofMillis(1));
            assertThat(slicesRun.size()).as("retry " + retry + " ran").isGreaterThan(ran);
        }
        assertEquals(new JobState.Succeeded(3, 3), settled(id));
        assertEquals(List.of("0@1", "1@1", "0@2", "1@2", "0@3", "1@3", "2@3"), slicesRun, "each retry starts over");
    }
}
