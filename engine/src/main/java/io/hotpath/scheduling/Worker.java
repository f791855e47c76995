package io.hotpath.scheduling;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.WorkerInvoker;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.ManyToOneFrameQueue;
import io.hotpath.mailbox.LocalRing;
import io.hotpath.timers.WorkerTimers;
import org.agrona.concurrent.IdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Cache-line layers of {@link Worker}: what other threads read (set once), the sleep flag both sides write, and the
 * owner's own state, each apart, so a worker handling messages does not slow down the threads sending to it.
 */
abstract class WorkerPad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007;
    byte p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023;
    byte p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039;
    byte p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055;
    byte p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class WorkerSharedFields extends WorkerPad0
{
    final int index;
    final String name;
    final EngineCore core;
    final ManyToOneFrameQueue inbound;
    final boolean embedded;
    final boolean mayPark;
    final String idleName;
    /** The thread that runs the duty cycle; set once (at construction, or by the first embedded call). */
    Thread owner;

    WorkerSharedFields(final EngineCore core, final int index, final EngineConfig config)
    {
        this.core = core;
        this.index = index;
        this.name = config.workerName(index);
        this.embedded = config.embedded(index);
        this.idleName = config.idle(index);
        this.inbound = new ManyToOneFrameQueue(config.inboundCapacity());
        this.mayPark = !embedded && IdleStrategies.mayPark(idleName);
    }
}

abstract class WorkerPad1 extends WorkerSharedFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107;
    byte p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123;
    byte p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139;
    byte p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155;
    byte p156, p157, p158, p159, p160, p161, p162, p163;

    WorkerPad1(final EngineCore core, final int index, final EngineConfig config)
    {
        super(core, index, config);
    }
}

abstract class WorkerSleepFields extends WorkerPad1
{
    /** 1 while the owner may park: a volatile store before its last emptiness check, read by senders. */
    int sleeping;

    WorkerSleepFields(final EngineCore core, final int index, final EngineConfig config)
    {
        super(core, index, config);
    }
}

abstract class WorkerPad2 extends WorkerSleepFields
{
    byte p200, p201, p202, p203, p204, p205, p206, p207;
    byte p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223;
    byte p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239;
    byte p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255;
    byte p256, p257, p258, p259, p260, p261, p262, p263;

    WorkerPad2(final EngineCore core, final int index, final EngineConfig config)
    {
        super(core, index, config);
    }
}

/**
 * One event loop: an inbound queue any thread may offer to, a ready queue of actors with a backlog, and a duty
 * cycle that drains the first and runs the second. Its actors, their mailboxes and the ready queue belong to the
 * worker's owning thread alone; {@link #send} is thread safe and picks the path by the calling thread.
 */
public final class Worker extends WorkerPad2 implements FrameHandler, WorkerInvoker
{
    private static final VarHandle SLEEPING;
    private static final VarHandle OWNER;
    private static final VarHandle INBOUND_HIGH_WATER;
    private static final VarHandle TERMINATED;
    private static final VarHandle AWAIT_SUSPENSIONS;
    private static final VarHandle AWAIT_SPINS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SLEEPING = lookup.findVarHandle(WorkerSleepFields.class, "sleeping", int.class);
            OWNER = lookup.findVarHandle(WorkerSharedFields.class, "owner", Thread.class);
            INBOUND_HIGH_WATER = lookup.findVarHandle(Worker.class, "inboundHighWater", int.class);
            TERMINATED = lookup.findVarHandle(Worker.class, "terminated", boolean.class);
            AWAIT_SUSPENSIONS = lookup.findVarHandle(Worker.class, "awaitSuspensions", long.class);
            AWAIT_SPINS = lookup.findVarHandle(Worker.class, "awaitSpins", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final LocalRing<ActorCell<?>> ready = new LocalRing<>(1 << 30);
    final WorkerTimers timers;
    private final java.util.ArrayList<StepEntry> steps = new java.util.ArrayList<>();
    private final IdleStrategy idleStrategy;
    private final int drainLimit;
    private final int batchBudget;
    private final int handoffMaxDepth;
    private final FullQueuePolicy fullQueuePolicy;
    private final long sendTimeoutNs;
    private final FrameHandler leftovers = this::deadLetterLeftover;
    /** Runs the loop on continuations, for sequential actors; null on an embedded worker or without the flag. */
    final Carrier carrier;

    /** A frame taken from the inbound queue whose target's mailbox was full; delivered before any later frame. */
    private ActorCell<?> pendingTarget;
    private Object pendingMessage;
    /** The actor whose handler runs now on the owner's stack (the innermost), or null. */
    ActorCell<?> current;
    /** The sequential actor whose turn the loop began, while its methods may run on the loop's stack; or null. */
    private ActorCell<?> directCell;
    /** The engine was closing when this duty cycle began; owner's thread only. */
    private boolean closingCycle;
    /** Nesting of direct handoffs on the owner's stack. */
    private int handoffDepth;
    /** Actors' turns on the owner's stack (runs from the loop, direct handoffs, engine turns, steps). */
    private int turnDepth;
    /** Awaits that suspended, and awaits whose answer came back while they spun; owner writes, opaque. */
    private long awaitSuspensions;
    private long awaitSpins;
    private int inboundHighWater;
    /** Written once by the owner (release) when it has finished; read anywhere. */
    private boolean terminated;
    /** Whether the owner saw itself with nothing to do during close (volatile pair with the closer). */
    volatile boolean quiet;
    /** Work done during close, compared by the closer between two looks. */
    volatile long closingWork;

    Worker(final EngineCore core, final int index, final EngineConfig config, final IdleStrategy idleStrategy)
    {
        super(core, index, config);
        this.idleStrategy = idleStrategy;
        this.timers = new WorkerTimers(config.clock());
        this.drainLimit = config.inboundDrainLimit();
        this.batchBudget = config.batchBudget();
        this.handoffMaxDepth = config.handoffMaxDepth();
        this.fullQueuePolicy = config.fullQueuePolicy();
        this.sendTimeoutNs = config.sendTimeoutNs();
        this.carrier = !embedded && config.awaitOnLoopStack() && Continuations.available() ? new Carrier(this) : null;
    }

    // ---------------------------------------------------------------- sending (any thread)

    /**
     * Deliver a message to one of this worker's actors, on the path the calling thread allows.
     *
     * @return false only when {@code applyPolicy} is false and a queue was full.
     */
    boolean send(final ActorCell<?> target, final Object message, final boolean applyPolicy)
    {
        if (Thread.currentThread() == owner)
        {
            return deliverLocal(target, message, applyPolicy);
        }
        if (core.closing)
        {
            core.checkSenderDuringClose(target);
        }
        final int status = inbound.offer(target, message);
        if (status != ManyToOneFrameQueue.OK)
        {
            return SendSlowPath.offerFailed(this, target, message, status, applyPolicy);
        }
        if (mayPark)
        {
            wake();
        }
        return true;
    }

    /** Wake the owner if it may be parked; the volatile read follows the producer's CAS (Dekker pair). */
    void wake()
    {
        if ((int)SLEEPING.getVolatile(this) != 0 && SLEEPING.compareAndSet(this, 1, 0))
        {
            LockSupport.unpark(owner);
        }
    }

    // ---------------------------------------------------------------- delivery (owner thread)

    /**
     * Run the handler at once when the target is idle with an empty mailbox and the stack is not too deep;
     * otherwise append to its mailbox and schedule it. Either way per-sender order holds: a direct run happens only
     * when nothing older is waiting. A sequential actor that can run on the loop's stack is not handed a message
     * outside any turn (from the inbound queue, a timer): it runs from the ready queue in the same cycle instead, where
     * its method may suspend without taking a half-drained queue with it.
     */
    boolean deliverLocal(final ActorCell<?> target, final Object message, final boolean applyPolicy)
    {
        final int flags = target.flags;
        if (flags == 0 && handoffDepth < handoffMaxDepth && target.mailbox.isEmpty() &&
            (turnDepth != 0 || !target.sequential || carrier == null))
        {
            target.countHandoff();
            final ActorCell<?> caller = current;
            current = target;
            handoffDepth++;
            turnDepth++;
            target.flags = ActorCell.RUNNING;
            target.invoke(message);
            target.flags &= ~ActorCell.RUNNING;
            turnDepth--;
            handoffDepth--;
            current = caller;
            if (target.flags == 0 && !target.scheduled && !target.mailbox.isEmpty())
            {
                schedule(target);
            }
            return true;
        }
        if ((flags & ActorCell.STOPPED) != 0)
        {
            deadLetter(target, message, DeadLetterReason.ACTOR_STOPPED);
            return true;
        }
        if (target.mailbox.offer(message))
        {
            target.countReschedule();
            if (flags == 0 && !target.scheduled)
            {
                schedule(target);
            }
            return true;
        }
        return SendSlowPath.mailboxFull(this, target, message, applyPolicy, fullQueuePolicy);
    }

    /**
     * Send one of the engine's own messages; it must not be refused: a control message acts at once on the
     * target's worker, any other waits its turn, growing a full mailbox if need be.
     */
    void sendEngineMessage(final ActorCell<?> target, final EngineMessage message)
    {
        if (Thread.currentThread() != owner)
        {
            SendSlowPath.sendSignal(this, target, message);
        }
        else if (message.isControl())
        {
            message.onArrival(this, target);
        }
        else if (!deliverLocal(target, message, false))
        {
            target.mailbox.offerBeyondCapacity(message);
            scheduleIfBacklogged(target);
        }
    }

    /**
     * Give an actor a turn now, outside its mailbox order: for what a non-reentrant actor's suspended method waits
     * for (its answer, its timeout), which must not queue behind the messages held until that method ends.
     */
    void runTurn(final ActorCell<?> cell, final EngineMessage message)
    {
        final ActorCell<?> caller = current;
        current = cell;
        turnDepth++;
        cell.flags |= ActorCell.RUNNING;
        message.onTurn(cell);
        cell.flags &= ~ActorCell.RUNNING;
        turnDepth--;
        current = caller;
        scheduleIfBacklogged(cell);
    }

    /** Schedule an idle actor that has a backlog (after a restart, or an answer added beyond capacity). */
    void scheduleIfBacklogged(final ActorCell<?> cell)
    {
        if (cell.flags == 0 && !cell.scheduled && !cell.mailbox.isEmpty())
        {
            schedule(cell);
        }
    }

    @Override
    public boolean onFrame(final Object target, final Object message)
    {
        final ActorCell<?> cell = (ActorCell<?>)target;
        if (closingCycle && quiet)
        {
            // seen quiet by the closer: say busy before this frame leaves the queue (the queue's index moves after
            // this returns), so a closer that finds the queue empty also finds this worker busy
            quiet = false;
        }
        if (message instanceof EngineMessage engineMessage && engineMessage.isControl())
        {
            engineMessage.onArrival(this, cell);
            return true;
        }
        if (deliverLocal(cell, message, false))
        {
            return true;
        }
        pendingTarget = cell;
        pendingMessage = message;
        return false;
    }

    /** @return true when no frame is kept aside any more. */
    private boolean retryPendingSlowPath()
    {
        if (!deliverLocal(pendingTarget, pendingMessage, false))
        {
            return false;
        }
        pendingTarget = null;
        pendingMessage = null;
        return true;
    }

    private void schedule(final ActorCell<?> cell)
    {
        cell.scheduled = true;
        ready.offer(cell);
    }

    void addStep(final StepEntry entry)
    {
        steps.add(entry);
    }

    private int runSteps()
    {
        int work = 0;
        for (int i = 0; i < steps.size(); i++)
        {
            final StepEntry entry = steps.get(i);
            final ActorCell<?> cell = entry.cell;
            if (!entry.isActive() || (cell.flags & ActorCell.STOPPED) != 0)
            {
                steps.remove(i--);
                continue;
            }
            if (cell.flags != 0 || cell.startSlowPath() == null)
            {
                continue;
            }
            cell.flags = ActorCell.RUNNING;
            current = cell;
            turnDepth++;
            try
            {
                work += entry.step.doWork();
            }
            catch (final Throwable ex)
            {
                Supervisor.onFault(cell, entry, ex);
            }
            turnDepth--;
            cell.flags &= ~ActorCell.RUNNING;
            current = null;
            scheduleIfBacklogged(cell);
        }
        return work;
    }

    private int runActor(final ActorCell<?> cell, final int budget)
    {
        cell.scheduled = false;
        if (cell.flags != 0)
        {
            return 0;
        }
        cell.flags = ActorCell.RUNNING;
        current = cell;
        turnDepth++;
        directCell = cell.sequential && carrier != null ? cell : null;
        final LocalRing<Object> mailbox = cell.mailbox;
        int handled = 0;
        Object message;
        while (handled < budget && (message = mailbox.poll()) != null)
        {
            cell.invoke(message);
            handled++;
            if (cell.flags != ActorCell.RUNNING)
            {
                break;
            }
        }
        endLoopTurn(cell);
        return handled;
    }

    /**
     * @return true when a method of {@code cell} may run on the loop's own stack: its turn, begun by the loop, is the
     * only one on the stack, and the loop runs on a continuation.
     */
    boolean runsDirect(final ActorCell<?> cell)
    {
        return directCell == cell && turnDepth == 1;
    }

    /**
     * End a turn the loop began: when its messages are handled, or when a method running on the loop's stack has
     * suspended with it, as if the method had returned.
     */
    void endLoopTurn(final ActorCell<?> cell)
    {
        directCell = null;
        turnDepth--;
        cell.flags &= ~ActorCell.RUNNING;
        current = null;
        scheduleIfBacklogged(cell);
    }

    /** The loop continuation of a suspended method is back, between two cycles of the loop: give its actor the turn again. */
    void resumeTurn(final ActorCell<?> cell)
    {
        cell.flags = (cell.flags & ~ActorCell.RESUMING) | ActorCell.RUNNING;
        current = cell;
        turnDepth++;
        directCell = cell;
    }

    // ---------------------------------------------------------------- duty cycle (owner thread)

    @Override
    public int doWork()
    {
        if (Thread.currentThread() != owner)
        {
            claimOwnerSlowPath();
        }
        if ((boolean)TERMINATED.getOpaque(this))
        {
            return 0;
        }
        // while closing, one frame and one message per actor per cycle, so a finish request is seen promptly
        final boolean closing = core.closing;
        closingCycle = closing;
        int work = 0;
        if (pendingTarget == null || retryPendingSlowPath())
        {
            final int limit = closing ? 1 : drainLimit;
            work = inbound.drain(this, limit);
            if (work > inboundHighWater || work == limit)
            {
                noteInboundDepth(work, limit);
            }
        }
        work += timers.poll();
        if (!steps.isEmpty())
        {
            work += runSteps();
        }
        final int budget = closing ? 1 : batchBudget;
        final int readyNow = ready.size();
        for (int i = 0; i < readyNow; i++)
        {
            // polled, not counted on: a method that suspended here may come back after the queue has changed
            final ActorCell<?> cell = ready.poll();
            if (cell == null)
            {
                break;
            }
            work += runActor(cell, budget);
        }
        if (closing)
        {
            onCloseSlowPath(work);
        }
        return work;
    }

    /** The life of a worker that has a thread of its own: its loop, on continuations when it can. */
    void run()
    {
        core.onWorkerThreadStart(this);
        if (carrier != null)
        {
            carrier.carry();
        }
        else
        {
            loop();
        }
    }

    /**
     * The loop of a worker that has a thread of its own. On a {@link Carrier}, a sequential actor's method may
     * suspend with this loop's frames and come back to them after other loop continuations have carried the loop on:
     * so the loop keeps no state across a turn but what it reads again afterwards, and hands the thread to resumed
     * methods here, between two cycles, where no turn is on the stack.
     */
    void loop()
    {
        final IdleStrategy idle = idleStrategy;
        while (!(boolean)TERMINATED.getOpaque(this))
        {
            final int work = doWork();
            if (carrier != null && carrier.hasResumes() && !terminated)
            {
                // before any idling: an answer a repeating step gave counts no work, yet resumes a method
                carrier.resumeNext();
                continue;
            }
            if (work > 0 || !mayPark)
            {
                idle.idle(work);
            }
            else
            {
                SLEEPING.setVolatile(this, 1);
                if (inbound.isEmpty())
                {
                    idle.idle(0);
                }
                SLEEPING.setVolatile(this, 0);
            }
        }
    }

    /**
     * A drain that emptied the queue saw its depth; only a drain cut short by the limit reads the producers' index,
     * so the producers' cache line is not pulled over on every message.
     */
    private void noteInboundDepth(final int drained, final int limit)
    {
        final int depth = drained < limit ? drained : drained + inbound.size();
        if (depth > inboundHighWater)
        {
            INBOUND_HIGH_WATER.setOpaque(this, depth);
        }
    }

    private void claimOwnerSlowPath()
    {
        final Thread current = Thread.currentThread();
        if (!embedded)
        {
            throw new IllegalStateException("worker " + name + " runs on its own thread; only a worker configured " +
                "with worker." + index + ".embedded=true may be driven by the service's thread");
        }
        if (!OWNER.compareAndSet(this, null, current) && owner != current)
        {
            throw new IllegalStateException("embedded worker " + name + " is driven by thread '" + owner.getName() +
                "'; call doWork() from that one thread only (caller: '" + current.getName() + "')");
        }
    }

    // ---------------------------------------------------------------- stop, faults, dead letters (owner thread)

    /** Stop an actor: at once on the owner's thread, through the inbound queue from anywhere else. */
    void stop(final ActorCell<?> cell)
    {
        sendEngineMessage(cell, Signal.STOP);
    }

    /** A parent stops a child: the child says when it has stopped, even if it had already. */
    void stopForParent(final ActorCell<?> child)
    {
        sendEngineMessage(child, Signal.STOP_FOR_PARENT);
    }

    void deadLetter(final ActorCell<?> cell, final Object message, final DeadLetterReason reason)
    {
        cell.countDeadLetter();
        core.deadLetters.record(cell, message, reason);
    }

    // ---------------------------------------------------------------- close (owner thread)

    private void onCloseSlowPath(final int work)
    {
        if (core.finishing)
        {
            finish();
            return;
        }
        if (work > 0)
        {
            closingWork = closingWork + work;
        }
        quiet = work == 0 && pendingTarget == null && inbound.isEmpty() && ready.isEmpty() &&
            (carrier == null || !carrier.hasResumes());
    }

    private void finish()
    {
        final DeadLetterReason reason = core.leftoverReason;
        if (pendingTarget != null)
        {
            deadLetter(pendingTarget, pendingMessage, reason);
            pendingTarget = null;
            pendingMessage = null;
        }
        while (!inbound.isEmpty())
        {
            if (inbound.drain(leftovers, Integer.MAX_VALUE) == 0)
            {
                Thread.onSpinWait();
            }
        }
        ActorCell<?> cell;
        while ((cell = ready.poll()) != null)
        {
            Object message;
            while ((message = cell.mailbox.poll()) != null)
            {
                deadLetter(cell, message, reason);
            }
        }
        TERMINATED.setRelease(this, true);
        core.onWorkerTerminated(this);
    }

    private boolean deadLetterLeftover(final Object target, final Object message)
    {
        if (!(message instanceof EngineMessage engineMessage && engineMessage.isControl()))
        {
            deadLetter((ActorCell<?>)target, message, core.leftoverReason);
        }
        return true;
    }

    // ---------------------------------------------------------------- observation (any thread)

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public int index()
    {
        return index;
    }

    @Override
    public boolean isTerminated()
    {
        return (boolean)TERMINATED.getAcquire(this);
    }

    /**
     * True when an await in {@code cell}'s turn may spin for its answer: the turn is the only one on the stack and
     * nothing else waits on this worker (no ready actor, no frame set aside, no repeating step, no message of the
     * actor's own that a suspension would let run, no close under way). Owner's thread only.
     */
    boolean idleButFor(final ActorCell<?> cell)
    {
        return turnDepth == 1 && ready.isEmpty() && pendingTarget == null && steps.isEmpty() &&
            (!cell.reentrant || cell.mailbox.isEmpty()) && !core.closing && (carrier == null || !carrier.hasResumes());
    }

    void countAwait(final boolean suspended)
    {
        if (suspended)
        {
            AWAIT_SUSPENSIONS.setOpaque(this, awaitSuspensions + 1);
        }
        else
        {
            AWAIT_SPINS.setOpaque(this, awaitSpins + 1);
        }
    }

    long awaitSuspensionsOpaque()
    {
        return (long)AWAIT_SUSPENSIONS.getOpaque(this);
    }

    long awaitSpinsOpaque()
    {
        return (long)AWAIT_SPINS.getOpaque(this);
    }

    int loopStacksOpaque()
    {
        return carrier == null ? 0 : carrier.loopStacksOpaque();
    }

    int inboundHighWater()
    {
        return (int)INBOUND_HIGH_WATER.getOpaque(this);
    }

    boolean isOwnerThread(final Thread thread)
    {
        return thread == owner;
    }
}
