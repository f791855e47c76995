package io.hotpath.runtime;

import io.hotpath.Actor;
import io.hotpath.ActorFactory;
import io.hotpath.ActorLifecycle;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.mailbox.LocalRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One actor as its worker sees it: its mailbox, its instance, its counters and its state word. Its worker's thread
 * owns everything here; other threads read only the fields documented as opaque.
 * <p>
 * The state word is this class's alone: every change is one of the named transitions below, so a reader of this
 * file sees every way an actor's state can move. Each reason to hold an actor's messages back has a bit of its own
 * (a turn on the stack, a non-reentrant method awaiting, a restart waiting out its backoff, a stop, a method about to
 * resume), so one reason ending never clears another. A state of 0 means idle: a message may run at once.
 * <p>
 * Counters have a single writer, the worker: plain reads and opaque writes there, opaque reads elsewhere. Senders
 * on other threads never read a cell: they hold its {@link CellAddress} and offer to its worker's inbound queue.
 *
 * @param <M> the type of message the actor handles.
 */
final class ActorCell<M>
{
    /** A turn of this actor is on the worker's stack. */
    static final int RUNNING = 1;
    /** A non-reentrant method of this actor awaits: its mailbox waits until the method ends. */
    static final int AWAITING = 2;
    /** A restart waits out its backoff: the mailbox waits until the fresh instance exists. */
    static final int RESTARTING = 4;
    /** Stopping: its children are stopping first. */
    static final int STOPPING = 8;
    /** Stopped, for good. */
    static final int STOPPED = 16;
    /** A suspended method's answer has come; it resumes between two cycles of the worker's loop ({@link Carrier}). */
    static final int RESUMING = 32;
    /** Its sends wait in its worker's outbound backlog, or its target is congested ({@link Outbound}). */
    static final int SENDS_HELD = 64;

    /** {@link #turnLevel}: no level of the turn stack holds the actor. */
    static final int NO_TURN_LEVEL = -1;

    private static final VarHandle HANDLED;
    private static final VarHandle HANDOFFS;
    private static final VarHandle RESCHEDULES;
    private static final VarHandle EXCEPTIONS;
    private static final VarHandle DEAD_LETTERS;
    private static final VarHandle STOPPED_FLAG;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            HANDLED = lookup.findVarHandle(ActorCell.class, "handled", long.class);
            HANDOFFS = lookup.findVarHandle(ActorCell.class, "handoffs", long.class);
            RESCHEDULES = lookup.findVarHandle(ActorCell.class, "reschedules", long.class);
            EXCEPTIONS = lookup.findVarHandle(ActorCell.class, "exceptions", long.class);
            DEAD_LETTERS = lookup.findVarHandle(ActorCell.class, "deadLetters", long.class);
            STOPPED_FLAG = lookup.findVarHandle(ActorCell.class, "stoppedFlag", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

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

    /** The bits above; 0 is idle. One field, so a send decides with one load. */
    private int state;
    /** How many backlogs and congested targets hold this actor's sends; SENDS_HELD is set while above 0. */
    private int sendHolds;
    /** The factory failed: what is sent later is a START_FAILED dead letter, not an ACTOR_STOPPED one. */
    private boolean startFailed;
    /**
     * The level of its worker's turn stack that holds this actor, or {@link #NO_TURN_LEVEL}: a turn begun at that
     * level stores nothing there ({@link Worker#beginTurn}). The worker's thread only.
     */
    int turnLevel = NO_TURN_LEVEL;
    /** In the worker's ready queue. */
    boolean scheduled;
    /** Created on the worker before the first message; replaced on restart; null once creation failed. */
    Actor<M> actor;
    /** The suspended fiber of a non-reentrant actor, whose answers act on arrival. */
    Fiber exclusiveFiber;
    /** A fiber between two runs, kept for the next message. */
    Fiber spareFiber;
    /** Children, watchers and failures; made on first need. */
    private Supervision supervision;
    /** The worker's duty cycle in which {@link #cycleHandoffs} were counted. */
    private long handoffCycle;
    /** Messages handed over directly outside any turn in that cycle. */
    private int cycleHandoffs;
    /** The owner's copy of the congestion mark it publishes on the address. */
    private boolean congested;
    /** Written by the worker only (opaque) when the cell has stopped; read anywhere. */
    private boolean stoppedFlag;
    /** Where its latencies go ({@link Observability}); null when nowhere. Set at spawn, before the cell is shared. */
    Timing timing;

    /** Messages handled other than by a direct handoff ({@link #handledOpaque} adds the handoffs). */
    long handled;
    /** Messages handed over directly, each counted once here only: one counter store per handoff. */
    long handoffs;
    long reschedules;
    long exceptions;
    long deadLetters;

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
        this.address = new CellAddress<>(this);
        this.context = new CellContext<>(this);
    }

    // ---------------------------------------------------------------- the state word: queries

    /** @return true when a message may run at once: no turn on the stack, nothing holding the actor back. */
    boolean isIdle()
    {
        return state == 0;
    }

    boolean isRunning()
    {
        return (state & RUNNING) != 0;
    }

    /** @return true when its turn runs and nothing else holds it: the turn may go on to its next message. */
    boolean isRunningOnly()
    {
        return state == RUNNING;
    }

    boolean isStopped()
    {
        return (state & STOPPED) != 0;
    }

    /** @return true once a stop has begun (or ended): nothing more is to run. */
    boolean isStopping()
    {
        return (state & (STOPPING | STOPPED)) != 0;
    }

    /** @return true while a restart waits out its backoff. */
    boolean isRestarting()
    {
        return (state & RESTARTING) != 0;
    }

    /** @return the stopped flag, from any thread. */
    boolean isStoppedOpaque()
    {
        return (boolean)STOPPED_FLAG.getOpaque(this);
    }

    // ---------------------------------------------------------------- the state word: transitions (owner's thread)

    /** A turn of this actor goes on the stack: from idle, or for what an awaiting method waits for. */
    void beginTurn()
    {
        state |= RUNNING;
    }

    /**
     * The turn is off the stack.
     *
     * @return true when the actor is idle now.
     */
    boolean endTurn()
    {
        final int s = state & ~RUNNING;
        state = s;
        return s == 0;
    }

    /** A non-reentrant method awaits: hold the mailbox until it ends. */
    void holdForAwait()
    {
        state |= AWAITING;
    }

    /** The awaiting non-reentrant method ended (or could not suspend after all). */
    void releaseAwait()
    {
        state &= ~AWAITING;
    }

    /** A restart waits out its backoff. */
    void holdForRestart()
    {
        state |= RESTARTING;
    }

    /** The restart's fresh instance exists (or the stop that came meanwhile made the restart moot). */
    void releaseRestart()
    {
        state &= ~RESTARTING;
    }

    /**
     * Begin a stop.
     *
     * @return false when a stop had begun already.
     */
    boolean beginStop()
    {
        if (isStopping())
        {
            return false;
        }
        state |= STOPPING;
        return true;
    }

    /** The stop is complete: nothing holds the actor any more, and nothing will run it. */
    void finishStop()
    {
        state = STOPPED;
        STOPPED_FLAG.setOpaque(this, true);
    }

    /** One more backlog or congested target holds this actor's sends: it is not run until all have let go. */
    void holdForSends()
    {
        sendHolds++;
        state |= SENDS_HELD;
    }

    /** One hold on its sends is gone. */
    void releaseSends()
    {
        if (--sendHolds == 0)
        {
            state &= ~SENDS_HELD;
        }
    }

    /** A method suspended on a loop continuation is to resume soon; nothing else may run the actor meanwhile. */
    void markResuming()
    {
        state |= RESUMING;
    }

    /** The method marked resuming will not resume (its actor stopped). */
    void dropResume()
    {
        state &= ~RESUMING;
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
            HANDLED.setOpaque(this, handled + 1);
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

    /** {@link #invoke} for a message handed over directly: counted as one handoff (and so as handled). */
    void invokeHandedOff(final Object message)
    {
        final Actor<M> a = startedOrDeadLetter(message);
        if (a != null)
        {
            HANDOFFS.setOpaque(this, handoffs + 1);
            dispatch(a, message);
        }
    }

    private Actor<M> startedOrDeadLetter(final Object message)
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

    /** Run the handler, timed when the actor has a {@link Timing}; when not, one field load and a branch. */
    private void dispatch(final Actor<M> a, final Object message)
    {
        final Timing t = timing;
        if (t == null)
        {
            dispatchNow(a, message);
            return;
        }
        final long startNs = System.nanoTime();
        dispatchNow(a, message);
        t.recordHandler(System.nanoTime() - startNs);
    }

    @SuppressWarnings("unchecked")
    private void dispatchNow(final Actor<M> a, final Object message)
    {
        if (message instanceof EngineMessage engineMessage)
        {
            engineMessage.onTurn(this);
            return;
        }
        if (sequential)
        {
            Fiber.start(this, message, null);
            return;
        }
        try
        {
            a.onMessage((M)message);
        }
        catch (final Throwable ex)
        {
            if (ex instanceof StackOverflowError)
            {
                // a field store, no call: this deep in the stack a call could overflow it again
                worker.overflowDepth = worker.handoffDepth;
            }
            Supervisor.onFault(this, message, ex);
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
            Supervisor.runHook(this, hooks::onStart);
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
            actor = created;
            return created;
        }
        catch (final Throwable ex)
        {
            startFailed = true;
            Supervisor.onStartFailed(this, ex);
            return null;
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

    // ---------------------------------------------------------------- counters (owner writes, any thread reads)

    /** {@code n} more messages from its mailbox were handled in one turn ({@link #handle}). */
    void countHandled(final int n)
    {
        HANDLED.setOpaque(this, handled + n);
    }

    /** A run of {@code n} more messages was handed over in one turn ({@link #handle}). */
    void countRun(final int n)
    {
        HANDOFFS.setOpaque(this, handoffs + n);
    }

    void countReschedule()
    {
        RESCHEDULES.setOpaque(this, reschedules + 1);
    }

    void countReschedules(final int n)
    {
        RESCHEDULES.setOpaque(this, reschedules + n);
    }

    void countException()
    {
        EXCEPTIONS.setOpaque(this, exceptions + 1);
    }

    void countDeadLetter()
    {
        DEAD_LETTERS.setOpaque(this, deadLetters + 1);
    }

    /** @return messages handled: those of its turns from the mailbox and the others, and those handed over. */
    long handledOpaque()
    {
        return (long)HANDLED.getOpaque(this) + (long)HANDOFFS.getOpaque(this);
    }

    long handoffsOpaque()
    {
        return (long)HANDOFFS.getOpaque(this);
    }

    long reschedulesOpaque()
    {
        return (long)RESCHEDULES.getOpaque(this);
    }

    long exceptionsOpaque()
    {
        return (long)EXCEPTIONS.getOpaque(this);
    }

    long deadLettersOpaque()
    {
        return (long)DEAD_LETTERS.getOpaque(this);
    }

    @Override
    public String toString()
    {
        return "ActorCell[" + name + "#" + id + " on " + worker.name + "]";
    }
}
