package io.hotpath.examples.jobs;

import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.WorkerInvoker;
import io.hotpath.examples.ExampleEngines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The job context on one worker the test turns by hand, with a clock it moves by hand: every state a job goes
 * through is seen, and backoff pauses are proven to the millisecond without sleeping.
 */
class JobContextTest
{
    private static final JobSpec.Retry NO_RETRY = new JobSpec.Retry(0, Duration.ZERO, Duration.ZERO, 0);

    private final ExampleEngines.ManualClock clock = new ExampleEngines.ManualClock();
    private final List<String> slicesRun = new ArrayList<>();
    private Engine engine;
    private WorkerInvoker worker;
    private JobContext jobs;

    @BeforeEach
    void start()
    {
        engine = Engine.start(ExampleEngines.config(1).embedded(0, true).clock(clock).build());
        worker = engine.invoker(0);
        jobs = JobContext.start(engine, "jobs", 2);
        worker.doWork();
    }

    @AfterEach
    void close()
    {
        ExampleEngines.drainAndClose(engine, worker);
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

    @Test
    void createAnswersWithTheIdAtOnceWhileTheJobGoesOnInTheBackground()
    {
        final Reply<JobId> created = jobs.create(counting("sum", 5));
        worker.doWork();
        assertTrue(created.isDone(), "answered in the manager's first turn");
        final JobId id = created.value();
        final JobState early = answer(jobs.states()).get(id);
        assertInstanceOf(JobState.Running.class, early);
        assertThat(((JobState.Running)early).done()).isLessThan(5);
        turnUntil("the job ends", () -> answer(jobs.states()).get(id).isFinal());
        assertEquals(new JobState.Succeeded(15, 1), answer(jobs.states()).get(id));
        assertEquals(List.of("sum:0@1", "sum:1@1", "sum:2@1", "sum:3@1", "sum:4@1"), slicesRun, "one slice a turn");
        assertTrue(engine.lookup("job-1").isEmpty(), "the job's actor stopped itself");
    }

    @Test
    void runAndWaitAnswersWithTheResultWhenTheJobEndsOrWithItsFailure()
    {
        final Reply<Long> result = jobs.runAndWait(counting("sum", 4));
        worker.doWork();
        assertFalse(result.isDone());
        turnUntil("the result", result::isDone);
        assertEquals(10L, result.value());

        final Reply<Long> failing = jobs.runAndWait(new JobSpec("bad", 3, (slice, attempt) ->
        {
            throw new IllegalStateException("disk full on attempt " + attempt);
        }, new JobSpec.Retry(1, Duration.ofMillis(10), Duration.ofMillis(10), 0)));
        turnUntil("the first failure", () -> answer(jobs.states()).get(new JobId(2)) instanceof JobState.Retrying);
        clock.advance(Duration.ofMillis(10));
        turnUntil("the final failure", failing::isDone);
        assertInstanceOf(JobFailedException.class, failing.error());
        assertThat(failing.error().getCause()).hasMessage("disk full on attempt 2");
        assertEquals(new JobState.Failed("java.lang.IllegalStateException: disk full on attempt 2", 2),
            answer(jobs.states()).get(new JobId(2)));
        turnUntil("the failed job's actor to stop", () -> engine.lookup("job-2").isEmpty());
    }

    @Test
    void stopCancelsARunningJobAndItsWaiterAndNothingRunsAfter()
    {
        final Reply<Long> waiter = jobs.runAndWait(counting("long", 1_000));
        turnUntil("a few slices", () -> slicesRun.size() >= 3);
        final Reply<Boolean> stopped = jobs.stop(new JobId(1));
        final int ranBeforeStop = slicesRun.size();
        worker.doWork();
        assertEquals(true, stopped.value());
        assertThat(slicesRun.size()).isLessThanOrEqualTo(ranBeforeStop + 1);
        final int ranAtStop = slicesRun.size();
        assertInstanceOf(CancellationException.class, waiter.error());
        assertEquals(new JobState.Cancelled(), answer(jobs.states()).get(new JobId(1)));
        turn(20);
        assertEquals(ranAtStop, slicesRun.size(), "the job's actor is gone");
        assertTrue(engine.lookup("job-1").isEmpty());
        assertEquals(false, answer(jobs.stop(new JobId(1))), "a job ends once");
        assertEquals(false, answer(jobs.stop(new JobId(99))), "unknown");
    }

    @Test
    void stopDuringABackoffPauseMeansNoRetry()
    {
        final JobId id = answer(jobs.create(new JobSpec("flaky", 2, (slice, attempt) ->
        {
            slicesRun.add("flaky@" + attempt);
            throw new IllegalStateException("down");
        }, new JobSpec.Retry(5, Duration.ofSeconds(1), Duration.ofSeconds(1), 0))));
        turnUntil("the pause", () -> answer(jobs.states()).get(id) instanceof JobState.Retrying);
        assertEquals(true, answer(jobs.stop(id)));
        clock.advance(Duration.ofSeconds(5));
        turn(20);
        assertEquals(List.of("flaky@1"), slicesRun);
        assertEquals(new JobState.Cancelled(), answer(jobs.states()).get(id));
    }

    @Test
    void statesShowsEveryJobAsItIsNowIncludingPendingOnesBeyondTheLimit()
    {
        final JobId done = answer(jobs.create(counting("short", 1)));
        turnUntil("the short job", () -> answer(jobs.states()).get(done).isFinal());
        final JobId running = answer(jobs.create(counting("long", 1_000)));
        final JobId retrying = answer(jobs.create(new JobSpec("flaky", 1, (slice, attempt) ->
        {
            throw new IllegalStateException("not yet");
        }, new JobSpec.Retry(3, Duration.ofSeconds(1), Duration.ofSeconds(1), 0))));
        final JobId waiting = answer(jobs.create(counting("queued", 1)));
        final JobId cancelled = answer(jobs.create(counting("dropped", 1)));
        assertEquals(true, answer(jobs.stop(cancelled)));
        turn(5);
        final Map<JobId, JobState> states = answer(jobs.states());
        assertEquals(List.of(done, running, retrying, waiting, cancelled), List.copyOf(states.keySet()));
        assertEquals(new JobState.Succeeded(1, 1), states.get(done));
        assertInstanceOf(JobState.Running.class, states.get(running));
        assertEquals(new JobState.Retrying(1, "java.lang.IllegalStateException: not yet"), states.get(retrying));
        assertEquals(new JobState.Pending(), states.get(waiting), "two jobs run at once");
        assertEquals(new JobState.Cancelled(), states.get(cancelled));
        assertThat(slicesRun).noneMatch(s -> s.startsWith("queued") || s.startsWith("dropped"));
    }

    @Test
    void aFailedAttemptIsRetriedAfterABackoffPauseThatDoubles()
    {
        final JobId id = answer(jobs.create(new JobSpec("flaky", 3, (slice, attempt) ->
        {
            slicesRun.add(slice + "@" + attempt);
            if (slice == 1 && attempt < 3)
            {
                throw new IllegalStateException("attempt " + attempt);
            }
            return 1;
        }, new JobSpec.Retry(3, Duration.ofMillis(100), Duration.ofSeconds(1), 0))));
        turnUntil("the first failure", () -> answer(jobs.states()).get(id) instanceof JobState.Retrying);
        for (final int retry : new int[] {1, 2})
        {
            final long pauseMs = 100L << (retry - 1);
            assertEquals(new JobState.Retrying(retry, "java.lang.IllegalStateException: attempt " + retry),
                answer(jobs.states()).get(id));
            final int ran = slicesRun.size();
            clock.advance(Duration.ofMillis(pauseMs - 1));
            turn(10);
            assertEquals(ran, slicesRun.size(), "nothing runs before the " + pauseMs + " ms pause is over");
            clock.advance(Duration.ofMillis(1));
            turnUntil("retry " + retry + " to run", () -> slicesRun.size() > ran);
            turnUntil("retry " + retry + " to end", () -> !(answer(jobs.states()).get(id) instanceof JobState.Running));
        }
        assertEquals(new JobState.Succeeded(3, 3), answer(jobs.states()).get(id));
        assertEquals(List.of("0@1", "1@1", "0@2", "1@2", "0@3", "1@3", "2@3"), slicesRun, "each retry starts over");
    }

    private <T> T answer(final Reply<T> reply)
    {
        turnUntil("an answer", reply::isDone);
        if (reply.error() != null)
        {
            fail("the reply failed", reply.error());
        }
        return reply.value();
    }

    private void turn(final int cycles)
    {
        for (int i = 0; i < cycles; i++)
        {
            worker.doWork();
        }
    }

    private void turnUntil(final String what, final BooleanSupplier condition)
    {
        for (int i = 0; i < 10_000; i++)
        {
            if (condition.getAsBoolean())
            {
                return;
            }
            worker.doWork();
        }
        fail("not reached in 10000 duty cycles: " + what);
    }
}
