package io.hotpath.scheduling;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorFactory;
import io.hotpath.ActorLifecycle;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.FaultPolicy;
import io.hotpath.Reply;
import io.hotpath.Cancellable;
import io.hotpath.RepeatingStep;
import io.hotpath.mailbox.LocalRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
    private static final VarHandle STOPPED_FIELD;

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
            STOPPED_FIELD = lookup.findVarHandle(ActorCell.class, "stopped", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final FaultPolicy faultPolicy;
    final LocalRing<Object> mailbox;
    private final ActorFactory<M> factory;

    /** The handler is on the worker's stack now. */
    static final int RUNNING = 1;
    /** Waiting for a restart, or for its children to stop: messages wait in the mailbox. */
    static final int SUSPENDED = 2;
    /** Stopping: its children are stopping first. */
    static final int STOPPING = 4;
    /** Stopped. */
    static final int STOPPED = 8;
    /** A suspended method's answer has come; it waits to resume between two cycles of the worker's loop ({@link Carrier}). */
    static final int RESUMING = 16;

    /** The actor's parent, or null for an actor spawned by the engine. */
    final ActorCell<?> parent;
    /** Each handler run is a fiber that may await. */
    final boolean sequential;
    /** A sequential actor's other messages may run while one of its methods awaits. */
    final boolean reentrant;
    /** The suspended fiber of a non-reentrant actor, whose answers act on arrival; owner's thread only. */
    Fiber exclusiveFiber;
    /** A fiber between two runs, kept for the next message; owner's thread only. */
    Fiber spareFiber;
    /** Created on the worker before the first message; replaced on restart. */
    Actor<M> actor;
    /** RUNNING, SUSPENDED, STOPPING, STOPPED, RESUMING: one field, so a send decides the path with one load. */
    int flags;
    /** In the worker's ready queue. */
    boolean scheduled;
    /** Children spawned through this actor's context; read when it stops. */
    List<ActorCell<?>> children;
    int pendingChildren;
    boolean notifyParentOnStop;
    /** Replies to complete when this actor has stopped. */
    private List<ReplyCore<?>> watchers;
    private Supervisor.RestartState restartState;
    /** Written by the worker only (opaque); read anywhere. */
    boolean stopped;

    /** The ask being handled now, until answered or kept for later. */
    ReplyCore<?> currentAsk;
    /** Timers and repeating steps this actor set going, cancelled when it restarts or stops. */
    private List<Cancellable> registrations;

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
        final int mailboxCapacity,
        final ActorCell<?> parent,
        final boolean sequential,
        final boolean reentrant)
    {
        super(id, name, worker);
        this.parent = parent;
        this.sequential = sequential;
        this.reentrant = reentrant;
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
    public <R> Reply<R> ask(final M message)
    {
        return ask(message, new Reply<>());
    }

    @Override
    public <R> Reply<R> ask(final M message, final Duration timeout)
    {
        final long timeoutNs = timeout.toNanos();
        if (timeoutNs <= 0)
        {
            throw new IllegalArgumentException("ask timeout must be positive: " + timeout);
        }
        return askInternal(message, timeoutNs, new Reply<>());
    }

    @Override
    public <R> Reply<R> ask(final M message, final Reply<R> reply)
    {
        return askInternal(message, 0, java.util.Objects.requireNonNull(reply, "reply"));
    }

    private <R> Reply<R> askInternal(final Object message, final long timeoutNs, final Reply<R> reply)
    {
        if (message == null)
        {
            throw nullMessage();
        }
        final Worker here = worker.core.currentWorker();
        final ActorCell<?> asker = here == null ? null : here.current;
        final long nowNs = timeoutNs > 0 ? worker.core.clock.nanoTime() : 0;
        final ReplyCore<R> exchange = reply;
        exchange.prepare(this, asker, message, timeoutNs, nowNs);
        if (asker != null && timeoutNs > 0)
        {
            exchange.armTimer(here, nowNs + timeoutNs);
        }
        if (asker != null && asker.sequential)
        {
            final Fiber fiber = Fiber.current();
            if (fiber != null && fiber.cell == asker && fiber.token != null)
            {
                exchange.token = fiber.token;
                fiber.token.register(exchange);
            }
        }
        worker.send(this, reply, true);
        return reply;
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
        return (boolean)STOPPED_FIELD.getOpaque(this);
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
    public <C> io.hotpath.ActorBuilder<C> actor(final ActorFactory<C> childFactory)
    {
        checkOwnerThread("actor");
        return worker.core.engine.actor(childFactory).childOf(this);
    }

    @Override
    public <C> ActorRef<C> spawn(final String childName, final ActorFactory<C> childFactory)
    {
        return actor(childFactory).name(childName).spawn();
    }

    @Override
    public Reply<ActorRef<?>> watch(final ActorRef<?> other)
    {
        checkOwnerThread("watch");
        return worker.core.watch(other);
    }

    void addChild(final ActorCell<?> child)
    {
        if (children == null)
        {
            children = new ArrayList<>();
        }
        children.removeIf(ActorCell::isStopped);
        children.add(child);
    }

    @Override
    public <R> Reply<R> newReply()
    {
        checkOwnerThread("newReply");
        final Reply<R> reply = new Reply<>();
        final ReplyCore<R> exchange = reply;
        exchange.prepare(this, this, "external", 0, 0);
        exchange.questionTaken = true;
        return reply;
    }

    @Override
    public void reply(final Object value)
    {
        takeAsk("reply").tryComplete(value, null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> Reply<R> replyLater()
    {
        return (Reply<R>)takeAsk("replyLater");
    }

    private ReplyCore<?> takeAsk(final String what)
    {
        checkOwnerThread(what);
        final Fiber fiber = sequential ? Fiber.current() : null;
        if (fiber != null && fiber.cell == this)
        {
            if (!fiber.askPending)
            {
                throw new IllegalStateException(what + "(): actor '" + name + "' is not handling an ask in this " +
                    "method (or has answered it already)");
            }
            fiber.askPending = false;
            return fiber.ask;
        }
        final ReplyCore<?> ask = currentAsk;
        if (ask == null)
        {
            throw new IllegalStateException(what + "(): actor '" + name + "' is not handling an ask now " +
                "(or has answered it already); only a message sent with ask() can be answered");
        }
        currentAsk = null;
        return ask;
    }

    @Override
    public Cancellable schedule(final M message, final Duration delay)
    {
        return addTimer(message, delay, 0);
    }

    @Override
    public Cancellable scheduleAtFixedRate(final M message, final Duration initialDelay, final Duration period)
    {
        final long periodNs = period.toNanos();
        if (periodNs < 1_000)
        {
            throw new IllegalArgumentException("period must be at least 1 microsecond: " + period);
        }
        return addTimer(message, initialDelay, periodNs);
    }

    private Cancellable addTimer(final M message, final Duration delay, final long periodNs)
    {
        checkOwnerThread("schedule");
        if (message == null)
        {
            throw nullMessage();
        }
        if (delay.isNegative())
        {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        return register(new ActorTimer(this, message, worker.core.clock.nanoTime() + delay.toNanos(), periodNs));
    }

    @Override
    public Cancellable repeat(final RepeatingStep step)
    {
        checkOwnerThread("repeat");
        final StepEntry entry = new StepEntry(this, java.util.Objects.requireNonNull(step, "step"));
        worker.addStep(entry);
        return register(entry);
    }

    private Cancellable register(final Cancellable registration)
    {
        if (registrations == null)
        {
            registrations = new ArrayList<>();
        }
        registrations.add(registration);
        return registration;
    }

    void forget(final Cancellable registration)
    {
        registrations.remove(registration);
    }

    /** Cancel every timer and repeating step (on restart and stop). */
    void cancelRegistrations()
    {
        if (registrations != null)
        {
            for (final Cancellable registration : new ArrayList<>(registrations))
            {
                registration.cancel();
            }
        }
    }

    private void checkOwnerThread(final String what)
    {
        if (Thread.currentThread() != worker.owner)
        {
            throw new IllegalStateException(what + "() belongs to actor '" + name + "' and may only be called " +
                "from its own handler, on " + worker.name);
        }
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
            Supervisor.onFault(this, message, ex);
        }
    }

    /**
     * Create the actor if it has not been; worker thread only.
     *
     * @return the actor, or null when its creation failed and the cell is stopped.
     */
    Actor<M> startSlowPath()
    {
        if (actor != null || (flags & (STOPPING | STOPPED)) != 0)
        {
            return actor;
        }
        final Actor<M> created = createInstance();
        if (created instanceof ActorLifecycle hooks)
        {
            Supervisor.runHook(this, hooks::onStart);
        }
        return actor;
    }

    /**
     * A fresh instance from the factory; worker thread only.
     *
     * @return the instance, or null when the factory failed and the actor is stopping.
     */
    Actor<M> createInstance()
    {
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
            Supervisor.onStartFailed(this, ex);
            return null;
        }
    }

    Supervisor.RestartState restartState()
    {
        if (restartState == null)
        {
            restartState = new Supervisor.RestartState();
        }
        return restartState;
    }

    void addWatcher(final ReplyCore<?> watcher)
    {
        if ((flags & STOPPED) != 0)
        {
            watcher.tryComplete(this, null);
            return;
        }
        if (watchers == null)
        {
            watchers = new ArrayList<>();
        }
        watchers.add(watcher);
    }

    void notifyWatchers()
    {
        if (watchers != null)
        {
            for (final ReplyCore<?> watcher : watchers)
            {
                watcher.tryComplete(this, null);
            }
            watchers = null;
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
        STOPPED_FIELD.setOpaque(this, true);
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
