package io.hotpath.scheduling;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorFactory;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.FaultPolicy;
import io.hotpath.mailbox.LocalRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Cache-line layers of {@link ActorCell}: what senders read (set once) apart from what the worker writes per
 * message, so sending to a busy actor does not miss the cache on its counters.
 */
abstract class ActorCellSharedFields
{
    final int id;
    final String name;
    final Worker worker;

    ActorCellSharedFields(final int id, final String name, final Worker worker)
    {
        this.id = id;
        this.name = name;
        this.worker = worker;
    }
}

abstract class ActorCellPad extends ActorCellSharedFields
{
    byte p000, p001, p002, p003, p004, p005, p006, p007;
    byte p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023;
    byte p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039;
    byte p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055;
    byte p056, p057, p058, p059, p060, p061, p062, p063;

    ActorCellPad(final int id, final String name, final Worker worker)
    {
        super(id, name, worker);
    }
}

/**
 * One actor: its address, its mailbox and its scheduling state. As an {@link ActorRef} it is thread safe; its
 * mailbox, its flags and its actor instance belong to its worker's thread alone.
 * <p>
 * Counters have a single writer, the worker: plain reads and opaque writes there, opaque reads elsewhere.
 *
 * @param <M> the type of message the actor handles.
 */
public final class ActorCell<M> extends ActorCellPad implements ActorRef<M>, ActorContext<M>
{
    private static final VarHandle HANDLED;
    private static final VarHandle HANDOFFS;
    private static final VarHandle RESCHEDULES;
    private static final VarHandle EXCEPTIONS;
    private static final VarHandle DEAD_LETTERS;
    private static final VarHandle STOPPED;

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
            STOPPED = lookup.findVarHandle(ActorCell.class, "stopped", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final FaultPolicy faultPolicy;
    final LocalRing<Object> mailbox;
    private final ActorFactory<M> factory;

    /** Created on the worker before the first message. */
    Actor<M> actor;
    /** The handler is on the worker's stack now. */
    boolean running;
    /** In the worker's ready queue. */
    boolean scheduled;
    /** Written by the worker only (opaque); read anywhere. */
    boolean stopped;

    long handled;
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
        final int mailboxCapacity)
    {
        super(id, name, worker);
        this.factory = factory;
        this.faultPolicy = faultPolicy;
        this.mailbox = new LocalRing<>(mailboxCapacity);
    }

    @Override
    public void tell(final M message)
    {
        if (message == null)
        {
            throw nullMessage();
        }
        worker.send(this, message, true);
    }

    @Override
    public boolean offer(final M message)
    {
        if (message == null)
        {
            throw nullMessage();
        }
        return worker.send(this, message, false);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public int id()
    {
        return id;
    }

    @Override
    public int workerIndex()
    {
        return worker.index;
    }

    @Override
    public boolean isStopped()
    {
        return (boolean)STOPPED.getOpaque(this);
    }

    @Override
    public ActorRef<M> self()
    {
        return this;
    }

    @Override
    public Engine engine()
    {
        return worker.core.engine;
    }

    @Override
    public void stop()
    {
        worker.stop(this);
    }

    @Override
    public String toString()
    {
        return "ActorRef[" + name + "#" + id + " on " + worker.name + "]";
    }

    /**
     * Hand one message to the actor; worker thread only. Never throws.
     */
    @SuppressWarnings("unchecked")
    void invoke(final Object message)
    {
        Actor<M> a = actor;
        if (a == null && (a = startSlowPath()) == null)
        {
            worker.deadLetter(this, message, io.hotpath.DeadLetterReason.START_FAILED);
            return;
        }
        HANDLED.setOpaque(this, handled + 1);
        try
        {
            a.onMessage((M)message);
        }
        catch (final Throwable ex)
        {
            worker.onFault(this, message, ex);
        }
    }

    /**
     * Create the actor if it has not been; worker thread only.
     *
     * @return the actor, or null when its creation failed and the cell is stopped.
     */
    Actor<M> startSlowPath()
    {
        if (actor != null || stopped)
        {
            return actor;
        }
        try
        {
            final Actor<M> created = factory.create(this);
            if (created == null)
            {
                throw new NullPointerException("the factory of actor '" + name + "' returned null");
            }
            actor = created;
            return created;
        }
        catch (final Throwable ex)
        {
            worker.onStartFailed(this, ex);
            return null;
        }
    }

    void countHandoff()
    {
        HANDOFFS.setOpaque(this, handoffs + 1);
    }

    void countReschedule()
    {
        RESCHEDULES.setOpaque(this, reschedules + 1);
    }

    void countException()
    {
        EXCEPTIONS.setOpaque(this, exceptions + 1);
    }

    void countDeadLetter()
    {
        DEAD_LETTERS.setOpaque(this, deadLetters + 1);
    }

    void markStopped()
    {
        STOPPED.setOpaque(this, true);
    }

    long handledOpaque()
    {
        return (long)HANDLED.getOpaque(this);
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

    private NullPointerException nullMessage()
    {
        return new NullPointerException(
            "message to actor '" + name + "' is null; send a non-null message (use a constant for signals)");
    }
}
