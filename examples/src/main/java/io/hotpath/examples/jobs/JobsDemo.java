package io.hotpath.examples.jobs;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a few background jobs, two at a time: one that succeeds, one whose attempts fail twice before it succeeds
 * after backoff pauses, one that fails for good, one that waits for a free slot; prints each job's state as it
 * changes, then runs one more and waits for its result. Main thread only.
 */
public final class JobsDemo
{
    private static final Duration WAIT = Duration.ofSeconds(30);

    private JobsDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        final EngineConfig config = EngineConfig.builder().workers(2).idle("backoff")
            .faultListener((actor, message, error, policy) -> System.out.println("  (" + actor.name() + " threw " +
                error.getMessage() + ")"))
            .build();
        try (Engine engine = Engine.start(config))
        {
            final JobContext jobs = JobContext.start(engine, "jobs", 2);
            final List<JobId> ids = List.of(
                jobs.create(JobSpec.of("sum", 2_000, (slice, attempt) -> slice)).get(WAIT),
                jobs.create(new JobSpec("flaky", 5, (slice, attempt) ->
                {
                    if (slice == 2 && attempt < 3)
                    {
                        throw new IllegalStateException("disk busy on attempt " + attempt);
                    }
                    return 1;
                }, new JobSpec.Retry(3, Duration.ofMillis(50), Duration.ofSeconds(1), 0))).get(WAIT),
                jobs.create(new JobSpec("hopeless", 3, (slice, attempt) ->
                {
                    throw new IllegalStateException("no such table");
                }, new JobSpec.Retry(2, Duration.ofMillis(20), Duration.ofMillis(100), 0))).get(WAIT),
                jobs.create(JobSpec.of("queued", 10, (slice, attempt) -> 1)).get(WAIT));
            System.out.println("created " + ids + ", each answered at once; at most two run at a time");
            final Map<JobId, String> seen = new HashMap<>();
            while (true)
            {
                final Map<JobId, JobState> states = jobs.states().get(WAIT);
                for (final Map.Entry<JobId, JobState> e : states.entrySet())
                {
                    final String kind = e.getValue().getClass().getSimpleName();
                    if (!kind.equals(seen.put(e.getKey(), kind)))
                    {
                        System.out.println(e.getKey() + ": " + e.getValue());
                    }
                }
                if (states.values().stream().allMatch(JobState::isFinal))
                {
                    break;
                }
                LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
            }
            System.out.println("run and wait: report = " +
                jobs.runAndWait(JobSpec.of("report", 50, (slice, attempt) -> 2)).get(WAIT));
        }
    }
}
