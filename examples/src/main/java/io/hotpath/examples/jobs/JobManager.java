package io.hotpath.examples.jobs;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.FaultPolicy;
import io.hotpath.Reply;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * The actor behind a {@link JobContext}: keeps every job's state, starts jobs as child actors up to a limit, and
 * answers the waiting clients when a job ends. NOT thread safe: it runs on its worker only.
 */
final class JobManager implements Actor<JobContext.Command>
{
    /** Long enough that restarts of one job are never forgotten while it runs: the retry limit is the job's. */
    private static final Duration NEVER = Duration.ofDays(365);

    /** One job's book-keeping. */
    private static final class Job
    {
        final JobId id;
        final JobSpec spec;
        final List<Reply<Long>> waiters = new ArrayList<>(1);
        JobState state = new JobState.Pending();
        ActorRef<Object> runner;
        Throwable lastError;

        Job(final JobId id, final JobSpec spec)
        {
            this.id = id;
            this.spec = spec;
        }
    }

    private final ActorContext<JobContext.Command> ctx;
    private final int maxRunning;
    private final Map<JobId, Job> jobs = new TreeMap<>();
    private final ArrayDeque<Job> pending = new ArrayDeque<>();
    private int running;
    private long lastId;

    JobManager(final ActorContext<JobContext.Command> ctx, final int maxRunning)
    {
        if (maxRunning < 1)
        {
            throw new IllegalArgumentException("maxRunning must be at least 1: " + maxRunning);
        }
        this.ctx = ctx;
        this.maxRunning = maxRunning;
    }

    @Override
    public void onMessage(final JobContext.Command command)
    {
        switch (command)
        {
            case JobContext.Create c -> ctx.reply(add(c.spec()).id);
            case JobContext.RunAndWait r -> add(r.spec()).waiters.add(ctx.replyLater());
            case JobContext.Stop s -> ctx.reply(cancel(jobs.get(s.id())));
            case JobContext.QueryStates q -> ctx.reply(snapshot());
            case JobContext.Progress p -> ifLive(p.id(), job ->
                job.state = new JobState.Running(p.done(), job.spec.slices(), p.attempt()));
            case JobContext.Finished f -> ifLive(f.id(), job ->
                end(job, new JobState.Succeeded(f.result(), f.attempt()), null));
            case JobContext.AttemptFailed a -> ifLive(a.id(), job -> attemptFailed(job, a.attempt(), a.error()));
        }
        startReady();
    }

    private Job add(final JobSpec spec)
    {
        final Job job = new Job(new JobId(++lastId), spec);
        jobs.put(job.id, job);
        pending.add(job);
        return job;
    }

    private void startReady()
    {
        while (running < maxRunning && !pending.isEmpty())
        {
            final Job job = pending.poll();
            final JobSpec.Retry retry = job.spec.retry();
            running++;
            job.state = new JobState.Running(0, job.spec.slices(), 1);
            job.runner = ctx.actor(JobRunner.factory(job.id, job.spec, ctx.self()))
                .name("job-" + job.id.value())
                .faultPolicy(FaultPolicy.backoff().min(retry.minBackoff()).max(retry.maxBackoff())
                    .randomFactor(retry.randomFactor()).maxRetries(retry.maxRetries(), NEVER).resetAfter(NEVER)
                    .build())
                .spawn();
            ctx.watch(job.runner).onSuccess(gone -> runnerStopped(job));
        }
    }

    private void attemptFailed(final Job job, final int attempt, final Throwable error)
    {
        job.lastError = error;
        if (attempt <= job.spec.retry().maxRetries())
        {
            job.state = new JobState.Retrying(attempt, String.valueOf(error));
        }
        else
        {
            // The engine stops the runner for good on this failure (its retries are used up).
            end(job, new JobState.Failed(String.valueOf(error), attempt), new JobFailedException(job.id, attempt, error));
        }
    }

    private void runnerStopped(final Job job)
    {
        running--;
        if (!job.state.isFinal())
        {
            final IllegalStateException error = new IllegalStateException(job.id + "'s actor stopped");
            end(job, new JobState.Failed(error.getMessage(), 0), error);
        }
        startReady();
    }

    private boolean cancel(final Job job)
    {
        if (job == null || job.state.isFinal())
        {
            return false;
        }
        if (pending.remove(job))
        {
            end(job, new JobState.Cancelled(), new CancellationException(job.id + " was stopped before it started"));
            return true;
        }
        end(job, new JobState.Cancelled(), new CancellationException(job.id + " was stopped"));
        ctx.engine().stop(job.runner);
        return true;
    }

    private void end(final Job job, final JobState state, final Throwable failure)
    {
        job.state = state;
        for (final Reply<Long> waiter : job.waiters)
        {
            if (failure == null)
            {
                waiter.complete(((JobState.Succeeded)state).result());
            }
            else
            {
                waiter.fail(failure);
            }
        }
        job.waiters.clear();
    }

    private void ifLive(final JobId id, final Consumer<Job> update)
    {
        final Job job = jobs.get(id);
        // A report can trail a cancel: a final state is never overwritten.
        if (job != null && !job.state.isFinal())
        {
            update.accept(job);
        }
    }

    private Map<JobId, JobState> snapshot()
    {
        final Map<JobId, JobState> states = new TreeMap<>();
        jobs.forEach((id, job) -> states.put(id, job.state));
        return Collections.unmodifiableMap(states);
    }
}
