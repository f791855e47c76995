package io.hotpath.examples.jobs;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorFactory;
import io.hotpath.ActorRef;

/**
 * One attempt at one job: a child actor of the {@link JobManager} that runs a slice per duty cycle of its worker
 * (a repeating step) and reports each to the manager. A slice that throws fails the attempt; the engine's backoff
 * policy then makes a fresh runner, which starts again from slice 0. NOT thread safe: it runs on its worker only.
 */
final class JobRunner implements Actor<Object>
{
    private final ActorContext<Object> ctx;
    private final JobId id;
    private final JobSpec spec;
    private final ActorRef<JobContext.Command> manager;
    private final int attempt;
    private int slice;
    private long result;

    private JobRunner(final ActorContext<Object> ctx, final JobId id, final JobSpec spec,
        final ActorRef<JobContext.Command> manager, final int attempt)
    {
        this.ctx = ctx;
        this.id = id;
        this.spec = spec;
        this.manager = manager;
        this.attempt = attempt;
        ctx.repeat(this::step);
    }

    /**
     * @return the factory of a job's runner; the engine calls it again for each restart, which is how the attempt
     *     number survives the failed instance.
     */
    static ActorFactory<Object> factory(final JobId id, final JobSpec spec, final ActorRef<JobContext.Command> manager)
    {
        final int[] attempts = {0};  // touched only on the runner's worker, by its successive instances
        return ctx -> new JobRunner(ctx, id, spec, manager, ++attempts[0]);
    }

    private int step() throws Exception
    {
        final long part;
        try
        {
            part = spec.work().run(slice, attempt);
        }
        catch (final Exception ex)
        {
            manager.tell(new JobContext.AttemptFailed(id, attempt, ex));
            throw ex;
        }
        result += part;
        slice++;
        if (slice == spec.slices())
        {
            manager.tell(new JobContext.Finished(id, result, attempt));
            ctx.stop();
        }
        else
        {
            manager.tell(new JobContext.Progress(id, slice, attempt));
        }
        return 1;
    }

    @Override
    public void onMessage(final Object message)
    {
        throw new UnsupportedOperationException("a job runner takes no messages: " + message);
    }
}
