package io.hotpath;

import io.hotpath.runtime.EngineRuntime;

import java.util.Objects;

/**
 * Options of one actor to spawn: its name, its worker and its fault policy. NOT thread safe; use once. A child
 * (built through {@link ActorContext#actor}) goes on its parent's worker unless told otherwise, and is stopped
 * before its parent.
 *
 * @param <M> the type of message the actor handles.
 */
public final class ActorBuilder<M>
{
    private final EngineRuntime runtime;
    private final ActorFactory<M> factory;
    private String name;
    private int worker = -1;
    private FaultPolicy faultPolicy = FaultPolicy.resume();
    private ActorContext<?> parent;
    private boolean sequential;
    private boolean reentrant = true;
    private boolean histograms;

    ActorBuilder(final EngineRuntime runtime, final ActorFactory<M> factory)
    {
        this.runtime = runtime;
        this.factory = factory;
    }

    /**
     * Spawn the actor as a child of another: on the parent's worker unless {@link #onWorker} says otherwise, and
     * stopped before the parent. Call from the parent's own handler ({@link ActorContext#actor} does).
     *
     * @param parentContext the parent's context.
     * @return this.
     */
    public ActorBuilder<M> childOf(final ActorContext<?> parentContext)
    {
        parent = Objects.requireNonNull(parentContext, "childOf: parent context is null");
        if (worker < 0)
        {
            worker = parentContext.workerIndex();
        }
        return this;
    }

    /**
     * Name the actor; without a name it gets a generated one. {@link Engine#lookup} finds it by this name.
     *
     * @param value unique among live actors: 1 to 64 characters of A-Z a-z 0-9 _ . : -
     * @return this.
     */
    public ActorBuilder<M> name(final String value)
    {
        name = Objects.requireNonNull(value, "actor name is null; leave it out for a generated one");
        return this;
    }

    /**
     * Bind the actor to a worker, for life.
     *
     * @param index the worker to bind the actor to; by default workers take turns.
     * @return this.
     */
    public ActorBuilder<M> onWorker(final int index)
    {
        runtime.checkWorker(index);
        worker = index;
        return this;
    }

    /**
     * Bind the actor to the worker of another, so that sends between the two are direct handoffs.
     *
     * @param other an actor of this engine; the new actor shares its worker, so they talk by direct handoff.
     * @return this.
     * @throws IllegalArgumentException when {@code other} is a live actor of another engine.
     */
    public ActorBuilder<M> nextTo(final ActorRef<?> other)
    {
        Objects.requireNonNull(other, "nextTo: actor is null");
        if (!runtime.isLiveHere(other) && !other.isStopped())
        {
            throw new IllegalArgumentException("nextTo: " + other + " does not belong to this engine");
        }
        worker = other.workerIndex();
        return this;
    }

    /**
     * Choose what the engine does when the actor's handler throws.
     *
     * @param value what to do when the handler throws; default {@link FaultPolicy#resume()}.
     * @return this.
     */
    public ActorBuilder<M> faultPolicy(final FaultPolicy value)
    {
        faultPolicy = Objects.requireNonNull(value, "fault policy is null");
        return this;
    }

    /**
     * Let the actor's handler (or typed methods) {@link Await#await await} replies: each message runs on a JDK
     * continuation that suspends at an await and resumes on this worker when the reply arrives. Needs the JVM flag
     * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}; without it spawn fails naming the flag.
     *
     * @return this.
     */
    public ActorBuilder<M> sequential()
    {
        sequential = true;
        return this;
    }

    /**
     * For a sequential actor: whether its other messages may run while one of its methods awaits (true, the
     * default, as with Swift actors). With false its mailbox waits until the awaiting method ends; then awaiting
     * anything that needs this actor itself deadlocks, and awaiting an ask to itself fails at once.
     *
     * @param value reentrancy.
     * @return this.
     */
    public ActorBuilder<M> reentrant(final boolean value)
    {
        reentrant = value;
        return this;
    }

    /**
     * Give the actor latency histograms of its own, whatever the engine's {@code histograms} key says: how long its
     * frames from other threads waited in its worker's inbound queue, and how long its handler ran per message
     * (HdrHistogram, about 1 MB each; nothing allocated per message). Read in {@code engine.stats()}.
     *
     * @return this.
     */
    public ActorBuilder<M> histograms()
    {
        histograms = true;
        return this;
    }

    /**
     * Spawn the actor: its factory runs on its worker, before its first message.
     *
     * @return the new actor's address.
     * @throws EngineClosedException    when the engine is closed.
     * @throws IllegalArgumentException when the name is malformed or taken.
     */
    public ActorRef<M> spawn()
    {
        return runtime.spawn(factory, name, worker < 0 ? runtime.nextWorkerIndex() : worker, faultPolicy, parent,
            sequential, reentrant, histograms);
    }

    /**
     * Options of a typed actor to spawn. NOT thread safe; use once.
     *
     * @param <T> the type of the object.
     */
    public static final class Typed<T>
    {
        private final ActorBuilder<Object> builder;

        Typed(final ActorBuilder<Object> builder)
        {
            this.builder = builder;
        }

        /**
         * Name the actor, as {@link ActorBuilder#name} does.
         *
         * @param value unique among live actors: 1 to 64 characters of A-Z a-z 0-9 _ . : -
         * @return this.
         */
        public Typed<T> name(final String value)
        {
            builder.name(value);
            return this;
        }

        /**
         * Bind the actor to a worker for life, as {@link ActorBuilder#onWorker} does.
         *
         * @param index the worker to bind the actor to; by default workers take turns.
         * @return this.
         */
        public Typed<T> onWorker(final int index)
        {
            builder.onWorker(index);
            return this;
        }

        /**
         * Bind the actor to the worker of another, as {@link ActorBuilder#nextTo} does.
         *
         * @param other an actor of this engine; the new actor shares its worker.
         * @return this.
         * @throws IllegalArgumentException when {@code other} is a live actor of another engine.
         */
        public Typed<T> nextTo(final ActorRef<?> other)
        {
            builder.nextTo(other);
            return this;
        }

        /**
         * Spawn the actor as a child of another, as {@link ActorBuilder#childOf} does; from the parent's own handler.
         *
         * @param parentContext the parent's context.
         * @return this.
         */
        public Typed<T> childOf(final ActorContext<?> parentContext)
        {
            builder.childOf(parentContext);
            return this;
        }

        /**
         * Choose what the engine does when one of the object's methods throws, as {@link ActorBuilder#faultPolicy}
         * does.
         *
         * @param value what to do; default {@link FaultPolicy#resume()}.
         * @return this.
         */
        public Typed<T> faultPolicy(final FaultPolicy value)
        {
            builder.faultPolicy(value);
            return this;
        }

        /** {@return this, with methods that may {@link Await#await await}; see {@link ActorBuilder#sequential()}} */
        public Typed<T> sequential()
        {
            builder.sequential();
            return this;
        }

        /**
         * For a sequential actor: whether its other calls may run while one of its methods awaits, as
         * {@link ActorBuilder#reentrant(boolean)} says.
         *
         * @param value reentrancy; default true.
         * @return this.
         */
        public Typed<T> reentrant(final boolean value)
        {
            builder.reentrant(value);
            return this;
        }

        /**
         * Spawn the actor: its object is created on its worker.
         *
         * @return the typed address of the new actor.
         * @throws EngineClosedException    when the engine is closed.
         * @throws IllegalArgumentException when the name is malformed or taken.
         */
        public TypedRef<T> spawnTyped()
        {
            return new TypedRef<>(builder.spawn());
        }
    }
}
