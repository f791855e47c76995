package io.hotpath;

import io.hotpath.metrics.EngineStats;
import io.hotpath.runtime.EngineRuntime;

import java.time.Duration;
import java.util.Optional;

/**
 * A set of workers, each an event loop on one thread, running actors bound to them for life. Thread safe.
 * <pre>{@code
 * try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("busy-spin").build()))
 * {
 *     ActorRef<String> greeter = engine.spawn("greeter", ctx -> msg -> System.out.println("hello " + msg));
 *     greeter.tell("world");
 * }
 * }</pre>
 */
public final class Engine implements AutoCloseable
{
    static
    {
        EngineAccess.install();
    }

    /** The engine's runtime: its workers, actors and dead letters. */
    final EngineRuntime runtime;

    private Engine(final EngineConfig config)
    {
        runtime = new EngineRuntime(this, config);
    }

    /**
     * Start an engine: its workers' threads run from now on.
     *
     * @param config a validated configuration.
     * @return the running engine.
     */
    public static Engine start(final EngineConfig config)
    {
        final Engine engine = new Engine(java.util.Objects.requireNonNull(config, "config"));
        engine.runtime.start();
        return engine;
    }

    /**
     * {@return an engine with the defaults of {@link EngineConfig}, overridden by {@code hotpath.*} system
     * properties}
     */
    public static Engine start()
    {
        return start(EngineConfig.fromSystemProperties());
    }

    /**
     * Spawn an actor with a name on the next worker in turn.
     *
     * @param name    unique among live actors.
     * @param factory creates the actor on its worker.
     * @param <M>     the type of message the actor handles.
     * @return the actor's address.
     */
    public <M> ActorRef<M> spawn(final String name, final ActorFactory<M> factory)
    {
        return actor(factory).name(name).spawn();
    }

    /**
     * Spawn an actor with a generated name on the next worker in turn.
     *
     * @param factory creates the actor on its worker.
     * @param <M>     the type of message the actor handles.
     * @return the actor's address.
     */
    public <M> ActorRef<M> spawn(final ActorFactory<M> factory)
    {
        return actor(factory).spawn();
    }

    /**
     * Start describing an actor to spawn, with options.
     *
     * @param factory creates the actor on its worker.
     * @param <M>     the type of message the actor handles.
     * @return a builder.
     */
    public <M> ActorBuilder<M> actor(final ActorFactory<M> factory)
    {
        return new ActorBuilder<>(runtime, factory);
    }

    /**
     * Spawn a typed actor: a plain object whose methods are called through the returned {@link TypedRef}.
     *
     * @param name    unique among live actors.
     * @param factory creates the object on its worker.
     * @param <T>     the type of the object.
     * @return the typed address.
     */
    public <T> TypedRef<T> spawnTyped(final String name, final TypedActorFactory<T> factory)
    {
        return typedActor(factory).name(name).spawnTyped();
    }

    /**
     * Start describing a typed actor to spawn, with options; finish with {@link ActorBuilder.Typed#spawnTyped()}.
     *
     * @param factory creates the object on its worker.
     * @param <T>     the type of the object.
     * @return a builder.
     */
    public <T> ActorBuilder.Typed<T> typedActor(final TypedActorFactory<T> factory)
    {
        java.util.Objects.requireNonNull(factory, "typed actor factory is null; pass a function creating the object");
        return new ActorBuilder.Typed<>(new ActorBuilder<>(runtime, ctx -> new TypedActor<>(factory.create(ctx), ctx)));
    }

    /**
     * Stop an actor after it has handled what was already sent to it: a poison message that takes its place in
     * line behind the caller's earlier messages.
     *
     * @param ref an actor of this engine.
     */
    public void stopAfterQueued(final ActorRef<?> ref)
    {
        runtime.stopAfterQueued(ref);
    }

    /**
     * Watch an actor from outside the engine: the reply completes once it has stopped (at once if it has), with why.
     *
     * @param ref an actor of this engine, or a remote actor.
     * @return the reply, carrying the actor and the reason it is gone.
     */
    public Reply<Terminated> watch(final ActorRef<?> ref)
    {
        return runtime.watch(ref);
    }

    /**
     * Stop an actor: at once when called on its worker, otherwise after what is already queued on its worker's
     * inbound queue. What it has queued then goes to dead letters, and so does every later send. The stop is
     * asynchronous; the reply completes once the actor has stopped, when its name is free for a new actor:
     * {@code engine.stop(old).get(timeout)} before spawning a successor under the same name.
     *
     * @param ref an actor of this engine.
     * @return completed once the actor has stopped, with why (usually {@link Terminated.Reason#STOPPED}).
     */
    public Reply<Terminated> stop(final ActorRef<?> ref)
    {
        return runtime.stop(ref);
    }

    /**
     * {@return the live actor of that name, or empty when no live actor has it}
     *
     * @param name an actor's name.
     */
    public Optional<ActorRef<?>> lookup(final String name)
    {
        return Optional.ofNullable(runtime.lookup(name));
    }

    /**
     * {@return the number of workers}
     */
    public int workerCount()
    {
        return runtime.workerCount();
    }

    /**
     * {@return the handle through which the service's own thread drives that worker}
     *
     * @param worker the index of a worker configured with {@code worker.N.embedded=true}.
     * @throws IllegalArgumentException when there is no such worker, or it runs on a thread of its own.
     */
    public WorkerInvoker invoker(final int worker)
    {
        final WorkerInvoker invoker = runtime.invoker(worker);
        if (!config().embedded(worker))
        {
            throw new IllegalArgumentException("worker " + worker + " runs on its own thread; set worker." + worker +
                ".embedded=true to drive it from a service thread");
        }
        return invoker;
    }

    /**
     * Where each worker placed itself at start, read back from the kernel: thread name, tid, requested CPU, the
     * mask read back and the CPU it last ran on. {@code PinReport.table(list)} prints it.
     *
     * @return one report per threaded worker; empty when the engine has no affinity profile.
     */
    public java.util.List<io.hotpath.affinity.PinReport> affinityReport()
    {
        return runtime.pinReports();
    }

    /**
     * {@return the engine's dead letters: their counts by reason, and listeners told of each}
     */
    public DeadLetters deadLetters()
    {
        return runtime.deadLetters();
    }

    /**
     * {@return a snapshot of every counter; {@code toString()} prints it as a table}
     */
    public EngineStats stats()
    {
        return runtime.stats();
    }

    /**
     * Forget the latencies the histograms have recorded so far (the workers' with {@code histograms=true}, and the
     * actors' spawned with {@link ActorBuilder#histograms()}), after a warm-up say; counters are kept. Any thread.
     */
    public void resetHistograms()
    {
        runtime.resetHistograms();
    }

    /**
     * Forget the workers' high-water marks so far ({@link io.hotpath.metrics.WorkerStats#inboundHighWater()},
     * {@link io.hotpath.metrics.WorkerStats#outboundHighWater()}), after a warm-up say: from now on each holds the most
     * seen since this call. The other counters are kept. Any thread; a drain under way as it runs may still record the
     * depth it saw.
     */
    public void resetHighWater()
    {
        runtime.resetHighWater();
    }

    /**
     * {@return the engine's name: {@link EngineConfig#ENGINE_NAME}, or {@code hotpath-N} when none was set; its MBeans
     * and JFR events carry it}
     */
    public String name()
    {
        return runtime.name();
    }

    /**
     * {@return the configuration the engine runs with}
     */
    public EngineConfig config()
    {
        return runtime.config();
    }

    /**
     * {@return true once close() has been called}
     */
    public boolean isClosed()
    {
        return runtime.isClosing();
    }

    /**
     * Stop taking sends and spawns from outside, deliver what is queued within the close timeout, then stop the
     * workers; what could not be delivered is counted as dead letters. Idempotent and safe from any thread. From
     * an actor it only begins the close and returns; from any other thread it waits for the workers to finish.
     */
    @Override
    public void close()
    {
        runtime.close();
    }

    /**
     * Wait until every worker has finished after {@link #close()}, or the timeout has passed.
     *
     * @param timeout how long to wait.
     * @return true when every worker has finished.
     */
    public boolean awaitTermination(final Duration timeout)
    {
        return runtime.awaitTermination(timeout.toNanos());
    }
}
