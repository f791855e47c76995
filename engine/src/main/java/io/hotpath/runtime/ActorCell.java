package io.hotpath.runtime;

import io.hotpath.Actor;
import io.hotpath.ActorFactory;
import io.hotpath.ActorLifecycle;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.mailbox.LocalRing;


/**
 * One actor as its worker sees it: its mailbox, its instance, its counters and its state word. Its worker's thread
 * owns everything here; other threads read only the fields documented as opaque.
 * <p>
 * Its state word ({@link ActorState}) and its counters ({@link ActorCounters}) are layers of their own, kept in the
 * cell itself. Senders on other threads never read a cell: they hold its {@link CellAddress} and offer to its
 * worker's inbound queue.
 *
 * @param <M> the type of message the actor handles.
 */
final class ActorCell<M> extends ActorState
{
    /** {@link #turnLevel}: no level of the turn stack holds the actor. */
    static final int NO_TURN_LEVEL = -1;

    final int id;
    final String name;
    final Worker worker;
    final LocalRing<Object> mailbox;
    final FaultPolicy faultPolicy;
    /** The actor's parent, or null for an actor spawned by the engine. */
    final ActorCell<?> parent;
    /** Each handler run is a fiber that may await. */
    final boolean sequential;
    /** A sequential actor's other messages may run while one of its methods awaits. */
    final boolean reentrant;
    /** The address handed out; made once at spawn. */
    final CellAddress<M> address;
    /** The owner-only view handed to the factory; made once at spawn. */
    final CellContext<M> context;
    private final ActorFactory<M> factory;

    /** The factory failed: what is sent later is a START_FAILED dead letter, not an ACTOR_STOPPED one. */
    private boolean startFailed;
    /**
     * The level of its worker's turn stack that holds this actor, or {@link #NO_TURN_LEVEL}: a turn begun at that
     * level stores nothing there ({@link TurnStack#begin}). The worker's thread only.
     */
    int turnLevel = NO_TURN_LEVEL;
    /** In the worker's ready queue. */
    boolean scheduled;
    /**
     * Created on the worker before the first message; replaced on restart; null once creation failed or the actor
     * stopped. Written by {@link #instance} only, which keeps the address's copy with it.
     */
    Actor<M> actor;
    /** The suspended fiber of a non-reentrant actor, whose answers act on arrival. */
    Fiber exclusiveFiber;
    /** A fiber between two runs, kept for the next message. */
    Fiber spareFiber;
    /**
     * The instance's number: one more at each restart. A method of an earlier instance, suspended in an await, never
     * resumes ({@link Fiber#isStale}).
     */
    int incarnation;
    /** Children, watchers and failures; made on first need. */
    private Supervision supervision;
    /**
     * Most messages per turn, and handed over per duty cycle outside turns: {@code actor.batchBudget}, or fewer for a
     * slow actor, as {@link Pace} sets it. The worker's thread only.
     */
    int batchBudget;
    /** The worker's duty cycle in which {@link #cycleHandoffs} were counted. */
    private long handoffCycle;
    /** Messages handed over directly outside any turn in that cycle. */
    private int cycleHandoffs;
    /** The owner's copy of the congestion mark it publishes on the address. */
    private boolean congested;
    /** Where its latencies go ({@link Observability}); null when nowhere. Set at spawn, before the cell is shared. */
    Timing timing;

    ActorCell(
        final int id,
        final String name,
        final Worker worker,
        final ActorFactory<M> factory,
        final FaultPolicy faultPolicy,
        final int mailboxCapacity,
        final ActorCell<?> parent,
        final boolean sequential,
        final boolean reentrant)
    {
        this.id = id;
        this.name = name;
        this.worker = worker;
        this.parent = parent;
        this.sequential = sequential;
        this.reentrant = reentrant;
        this.factory = factory;
        this.faultPolicy = faultPolicy;
        this.mailbox = new LocalRing<>(mailboxCapacity);
        this.batchBudget = worker.batchBudget;
        this.address = new CellAddress<>(this);
        this.context = new CellContext<>(this);
    }

    /** @return the direct handoffs counted by {@link #countCycleHandoff} in its latest cycle. */
    int cycleHandoffs()
    {
        return cycleHandoffs;
    }

    /**
     * Count a direct handoff outside any turn.
     *
     * @param cycle the worker's duty cycle now.
     * @return how many this cycle, this one included.
     */
    int countCycleHandoff(final long cycle)
    {
        if (handoffCycle != cycle)
        {
            handoffCycle = cycle;
            cycleHandoffs = 0;
        }
        return ++cycleHandoffs;
    }

    /**
     * A run of frames handed over from the inbound queue or a lane in one turn ends: its frames count against this
     * cycle's budget together, not one by one. The first was counted when the run began, in this same cycle.
     *
     * @param handled messages the run handed over, its first included.
     */
    void countRunInCycle(final int handled)
    {
        if (handled > 1)
        {
            cycleHandoffs += handled - 1;
        }
    }

    // ---------------------------------------------------------------- congestion (owner's thread)

    /** @return true while its mailbox is above its capacity (the owner's view of the mark). */
    boolean isCongested()
    {
        return congested;
    }

    /** The mailbox went above its capacity: senders on other threads apply their policy at the source. */
    void markCongested()
    {
        if (!congested)
        {
            congested = true;
            address.markCongested(true);
            worker.counters.countCongested(1);
            worker.outbound.holds.noteCongested();
        }
    }

    /** After a turn: once the mailbox is down to half its capacity, senders may send freely again. */
    void clearCongestionIfCaughtUp()
    {
        if (congested && mailbox.size() <= mailbox.capacity() >> 1)
        {
            congested = false;
            address.markCongested(false);
            worker.counters.countCongested(-1);
        }
    }

    // ---------------------------------------------------------------- handling (owner's thread)

    /**
     * Hand one message to the actor, inside a turn the worker began. Never throws but an Error raised while a fault
     * is being handled.
     */
    void invoke(final Object message)
    {
        final Actor<M> a = startedOrDeadLetter(message);
        if (a != null)
        {
            countInvoked();
            dispatch(a, message);
        }
    }

    /**
     * {@link #invoke} without counting it: for the messages of one turn, counted once at its end ({@link #countRun},
     * {@link #countHandled}).
     *
     * @return false when the actor could not be created, and the message is a dead letter.
     */
    boolean handle(final Object message)
    {
        final Actor<M> a = startedOrDeadLetter(message);
        if (a == null)
        {
            return false;
        }
        dispatch(a, message);
        return true;
    }

    /**
     * The actor, created now if it has not been; null when it could not be or is stopping, and then
     * {@code message} is a dead letter. The caller goes on with {@link #dispatch}.
     */
    Actor<M> startedOrDeadLetter(final Object message)
    {
        final Actor<M> a = actor;
        if (a != null)
        {
            return a;
        }
        final Actor<M> started = startSlowPath();
        if (started == null)
        {
            worker.deadLetter(this, message, stoppedReason());
        }
        return started;
    }

    /**
     * Run the handler, timed when the actor has a {@link Timing}; when not, one field load and a branch. One method
     * from the turn to the handler's call: every level of calls a hop adds is one hop less of a chain of direct
     * handoffs that inlines (lab entry 2026-11-28-ready-queue-inlining).
     */
    void dispatch(final Actor<?> a, final Object message)
    {
        final Timing t = timing;
        final long startNs = t == null ? 0L : System.nanoTime();
        if (message instanceof EngineMessage engineMessage)
        {
            engineMessage.onTurn(this);
        }
        else if (sequential)
        {
            Fiber.start(this, message, null);
        }
        else
        {
            final Throwable error = UserCode.invoke(a, message);
            if (error != null)
            {
                UserCode.onError(this, message, error);
            }
        }
        if (t != null)
        {
            t.recordHandler(System.nanoTime() - startNs);
        }
    }

    /**
     * Create the actor if it has not been; owner's thread only.
     *
     * @return the actor, or null when its creation failed (the cell is stopping then) or it is stopping.
     */
    Actor<M> startSlowPath()
    {
        if (actor != null || isStopping())
        {
            return actor;
        }
        if (createInstance() instanceof ActorLifecycle hooks)
        {
            UserCode.hook(this, hooks::onStart);
        }
        return actor;
    }

    /**
     * A fresh instance from the factory; owner's thread only.
     *
     * @return the instance, or null when the factory failed and the actor is stopping.
     */
    Actor<M> createInstance()
    {
        try
        {
            final Actor<M> created = factory.create(context);
            if (created == null)
            {
                throw new NullPointerException("the factory of actor '" + name + "' returned null");
            }
            instance(created);
            return created;
        }
        catch (final Throwable ex)
        {
            startFailed = true;
            Supervisor.onStartFailed(this, ex);
            return null;
        }
    }

    /**
     * The actor's instance is now {@code instance} (null once it is gone): here and in the address's copy
     * ({@link CellAddress#instance}), which a send on this worker reads to run the handler without a load of the cell
     * first. Owner's thread only.
     */
    void instance(final Actor<M> instance)
    {
        actor = instance;
        address.instance = instance;
    }

    /**
     * The instance is being replaced by a restart: what it promised ends with it. The questions it kept fail with
     * ACTOR_RESTARTED, its suspended methods will never resume, and a mailbox held for one of them is released.
     */
    void endIncarnation()
    {
        incarnation++;
        context.failKeptAsks(DeadLetterReason.ACTOR_RESTARTED);
        if (exclusiveFiber != null)
        {
            exclusiveFiber = null;
            releaseAwait();
        }
    }

    /** @return why a message for this stopped (or stopping) actor is a dead letter. */
    DeadLetterReason stoppedReason()
    {
        return startFailed ? DeadLetterReason.START_FAILED : DeadLetterReason.ACTOR_STOPPED;
    }

    /** @return the actor's supervision record, made on first need; owner's thread only. */
    Supervision supervision()
    {
        if (supervision == null)
        {
            supervision = new Supervision();
        }
        return supervision;
    }

    /** @return the supervision record, or null when none was ever needed. */
    Supervision supervisionIfAny()
    {
        return supervision;
    }

    @Override
    public String toString()
    {
        return "ActorCell[" + name + "#" + id + " on " + worker.name + "]";
    }
}
