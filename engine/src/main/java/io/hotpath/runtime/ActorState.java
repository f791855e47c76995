package io.hotpath.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The state word of one actor, a layer of {@link ActorCell}. The word is this class's alone: every change is one of
 * the named transitions below, so a reader of this file sees every way an actor's state can move. Each reason to hold
 * an actor's messages back has a bit of its own (a turn on the stack, a non-reentrant method awaiting, a restart
 * waiting out its backoff, a stop, a method about to resume, its sends held), so one reason ending never clears
 * another. A state of 0 means idle: a message may run at once. The actor's worker's thread only, but for the stopped
 * flag, written (opaque) once by the worker and read anywhere.
 */
abstract class ActorState extends ActorCounters
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

    private static final VarHandle STOPPED_FLAG;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STOPPED_FLAG = lookup.findVarHandle(ActorState.class, "stoppedFlag", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The bits above; 0 is idle. One field, so a send decides with one load. */
    private int state;
    /** How many backlogs and congested targets hold this actor's sends; SENDS_HELD is set while above 0. */
    private int sendHolds;
    /** The congested target this actor was last held on by its worker's {@link CongestionHolds}; null for none. */
    private CellAddress<?> heldOn;
    /** Written by the worker only (opaque) when the cell has stopped; read anywhere. */
    private boolean stoppedFlag;

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

    /** @return the congested target this actor was last held on; null for none. Its worker's thread only. */
    CellAddress<?> heldOn()
    {
        return heldOn;
    }

    /** Its worker's {@link CongestionHolds} held it on {@code target} (or released it from it: null). */
    void heldOn(final CellAddress<?> target)
    {
        heldOn = target;
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
}
