package io.hotpath.examples.jobs;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;

import java.util.Map;

/**
 * Background jobs run by actors: create one and get its id at once, run one and wait for its result, stop one,
 * and ask for every job's state. Thread safe: each method sends one message to the context's manager actor and
 * returns its reply; from an actor, chain on the reply's callbacks, from outside, wait with {@code get}.
 * <p>
 * Each running job is a child actor of the manager doing one slice of work per duty cycle of its worker, so a
 * long job never holds the worker; a slice that throws restarts the child after a backoff pause (the engine's
 * {@code FaultPolicy.backoff()}), up to the job's retry limit.
 */
public final class JobContext
{
    /** What the manager handles: the client's requests and its jobs' reports. */
    sealed interface Command
    {
    }

    record Create(JobSpec spec) implements Command
    {
    }

    record RunAndWait(JobSpec spec) implements Command
    {
    }

    record Stop(JobId id) implements Command
    {
    }

    record QueryStates() implements Command
    {
    }

    record Progress(JobId id, int done, int attempt) implements Command
    {
    }

    record Finished(JobId id, long result, int attempt) implements Command
    {
    }

    record AttemptFailed(JobId id, int attempt, Throwable error) implements Command
    {
    }

    private static final QueryStates QUERY_STATES = new QueryStates();

    private final ActorRef<Command> manager;

    private JobContext(final ActorRef<Command> manager)
    {
        this.manager = manager;
    }

    /**
     * Start a context: its manager actor, on the next worker in turn.
     *
     * @param engine     where it runs.
     * @param name       the manager's actor name.
     * @param maxRunning jobs running at once; later ones wait as PENDING.
     * @return the context.
     */
    public static JobContext start(final Engine engine, final String name, final int maxRunning)
    {
        return new JobContext(engine.actor((ActorContext<Command> ctx) -> new JobManager(ctx, maxRunning))
            .name(name).spawn());
    }

    /**
     * @param spec the job.
     * @return its id, as soon as the manager has it queued or started: the job goes on in the background.
     */
    public Reply<JobId> create(final JobSpec spec)
    {
        return manager.ask(new Create(spec));
    }

    /**
     * @param spec the job.
     * @return its result once it has succeeded; a {@link JobFailedException} when it failed for good, a
     *     {@link java.util.concurrent.CancellationException} when it was stopped.
     */
    public Reply<Long> runAndWait(final JobSpec spec)
    {
        return manager.ask(new RunAndWait(spec));
    }

    /**
     * Cancel a job: a pending one never starts, a running or retrying one's actor is stopped.
     *
     * @param id the job.
     * @return true when it was cancelled, false when it had ended already or is unknown.
     */
    public Reply<Boolean> stop(final JobId id)
    {
        return manager.ask(new Stop(id));
    }

    /**
     * @return every job's state now, by id; a snapshot.
     */
    public Reply<Map<JobId, JobState>> states()
    {
        return manager.ask(QUERY_STATES);
    }

    /**
     * @return the manager's address, e.g. to stop or watch it.
     */
    public ActorRef<?> ref()
    {
        return manager;
    }
}
