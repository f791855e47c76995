package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.WorkerInvoker;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.ManyToOneFrameQueue;
import io.hotpath.mailbox.LocalRing;
import io.hotpath.timers.WorkerTimers;
import org.agrona.concurrent.IdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/*
 * Longer than 400 lines for a reason: the cache-line layers below must live in this file (javac warns about
 * auxiliary classes used from other files), and the duty cycle, the delivery paths and the turn protocol are one
 * state machine of the owner's thread that reads best in one place. Close, steps, counters and await live elsewhere.
 */

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
    final EngineRuntime runtime;
    final Close close;
    final ManyToOneFrameQueue inbound;
    final boolean embedded;
    final boolean mayPark;
    final String idleName;
    /** The thread that runs the duty cycle; set once (at construction, or by the first embedded call). */
    Thread owner;

    WorkerSharedFields(final EngineRuntime runtime, final int index, final EngineConfig config)
    {
        this.runtime = runtime;
        this.close = runtime.close;
        this.index = index;
        this.name = config.workerName(index);
        this.embedded = config.embedded(index);
        this.idleName = config.idle(index).configName();
        this.inbound = new ManyToOneFrameQueue(config.inboundCapacity());
        this.mayPark = !embedded && config.idle(index).mayPark();
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

    WorkerPad1(final EngineRuntime runtime, final int index, final EngineConfig config)
    {
        super(runtime, index, config);
    }
}

abstract class WorkerSleepFields extends WorkerPad1
{
    /** 1 while the owner may park: a volatile store before its last emptiness check, read by senders. */
    int sleeping;

    WorkerSleepFields(final EngineRuntime runtime, final int index, final EngineConfig config)
    {
        super(runtime, index, config);
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

    WorkerPad2(final EngineRuntime runtime, final int index, final EngineConfig config)
    {
        super(runtime, index, config);
    }
}

/**
 * One event loop: an inbound queue any thread may offer to, a ready queue of actors with a backlog, and a duty
 * cycle that drains the first and runs the second. Its actors, their mailboxes and the ready queue belong to the
 * worker's owning thread alone; {@link #send} is thread safe and picks the path by the calling thread.
 * <p>
 * Turns: every run of an actor's code on this thread (a direct handoff, a run from the ready queue, a repeating
 * step, an answer for an awaiting method, a resumed method) is bracketed by {@link #beginTurn} and
 * {@link #endTurn}, the one place where {@link #current} and the turn depth change.
 */
final class Worker extends WorkerPad2 implements FrameHandler, WorkerInvoker
{
    private static final VarHandle SLEEPING;
    private static final VarHandle OWNER;
    private static final VarHandle TERMINATED;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SLEEPING = lookup.findVarHandle(WorkerSleepFields.class, "sleeping", int.class);
            OWNER = lookup.findVarHandle(WorkerSharedFields.class, "owner", Thread.class);
            TERMINATED = lookup.findVarHandle(Worker.class, "terminated", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final LocalRing<ActorCell<?>> ready = new LocalRing<>(1 << 30);
    final WorkerTimers timers;
    final RepeatingSteps steps = new RepeatingSteps(this);
    final WorkerCounters counters = new WorkerCounters();
    private final IdleStrategy idleStrategy;
    private final int drainLimit;
    private final int batchBudget;
    private final int handoffMaxDepth;
    private final FullQueuePolicy fullQueuePolicy;
    /** Runs the loop on continuations, for sequential actors; null on an embedded worker or without the flag. */
    final Carrier carrier;

    /** A frame taken from the inbound queue whose target's mailbox was full; delivered before any later frame. */
    ActorCell<?> pendingTarget;
    Object pendingMessage;
    /** The actor whose turn is innermost on the owner's stack, or null. */
    ActorCell<?> current;
    /** The sequential actor whose turn the loop began, while its methods may run on the loop's stack; or null. */
    private ActorCell<?> directCell;
    /** The engine was closing when this duty cycle began ({@link Close#beginCycle}). */
    boolean closingCycle;
    /** Nesting of direct handoffs on the owner's stack. */
    private int handoffDepth;
    /** Actors' turns on the owner's stack. */
    private int turnDepth;
    /** Written once by the owner (release) when it has finished; read anywhere. */
    private boolean terminated;

    Worker(final EngineRuntime runtime, final int index, final EngineConfig config, final IdleStrategy idleStrategy)
    {
        super(runtime, index, config);
        this.idleStrategy = idleStrategy;
        this.timers = new WorkerTimers(config.clock()::nanoTime);
        this.drainLimit = config.inboundDrainLimit();
        this.batchBudget = config.batchBudget();
        this.handoffMaxDepth = config.handoffMaxDepth();
        this.fullQueuePolicy = config.fullQueuePolicy();
        this.carrier = !embedded && config.awaitOnLoopStack() && io.hotpath.continuation.Continuations.available() ?
            new Carrier(this::loop) : null;
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
        if (close.closing)
        {
            close.checkSender(target);
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
        if (claimWakeUp())
        {
            LockSupport.unpark(owner);
        }
    }

    /**
     * The sender's half of the sleep handshake, after its offer: a volatile read of the sleep flag, then a CAS so
     * that one sender unparks.
     *
     * @return true when the caller is to unpark the owner.
     */
    boolean claimWakeUp()
    {
        return (int)SLEEPING.getVolatile(this) != 0 && SLEEPING.compareAndSet(this, 1, 0);
    }

    /**
     * The owner's half of the sleep handshake, before it may park: a volatile store of the sleep flag, then a look at
     * the inbound queue (a volatile read of the producers' word). A sender that offered before the look is seen; one
     * that offers after it sees the flag and wakes the owner.
     *
     * @return true when the owner may park now; {@link #awake} follows either way.
     */
    boolean prepareToPark()
    {
        SLEEPING.setVolatile(this, 1);
        return inbound.isEmpty();
    }

    /** The owner is up again (or never parked). */
    void awake()
    {
        SLEEPING.setVolatile(this, 0);
    }

    // ---------------------------------------------------------------- delivery and turns (owner thread)

    /**
     * Run the handler at once when the target is idle with an empty mailbox and the stack is not too deep;
     * otherwise append to its mailbox and schedule it. Either way per-sender order holds: a direct run happens only
     * when nothing older is waiting. A sequential actor that can run on the loop's stack is not handed a message
     * outside any turn (from the inbound queue, a timer): it runs from the ready queue in the same cycle instead, where
     * its method may suspend without taking a half-drained queue with it.
     */
    boolean deliverLocal(final ActorCell<?> target, final Object message, final boolean applyPolicy)
    {
        if (target.isIdle() && handoffDepth < handoffMaxDepth && target.mailbox.isEmpty() &&
            (turnDepth != 0 || !target.sequential || carrier == null))
        {
            target.countHandoff();
            final ActorCell<?> caller = beginTurn(target);
            handoffDepth++;
            target.invoke(message);
            handoffDepth--;
            endTurn(target, caller);
            return true;
        }
        if (target.isStopped())
        {
            deadLetter(target, message, DeadLetterReason.ACTOR_STOPPED);
            return true;
        }
        if (target.mailbox.offer(message))
        {
            target.countReschedule();
            scheduleIfBacklogged(target);
            return true;
        }
        return SendSlowPath.mailboxFull(this, target, message, applyPolicy, fullQueuePolicy);
    }

    /**
     * Put an actor's turn on the stack: it becomes {@link #current}.
     *
     * @return the actor whose turn was innermost before, for {@link #endTurn}.
     */
    ActorCell<?> beginTurn(final ActorCell<?> cell)
    {
        final ActorCell<?> caller = current;
        current = cell;
        turnDepth++;
        cell.beginTurn();
        return caller;
    }

    /** Take the turn off the stack, give {@link #current} back to the caller, and schedule a backlog left behind. */
    void endTurn(final ActorCell<?> cell, final ActorCell<?> caller)
    {
        cell.endTurn();
        turnDepth--;
        current = caller;
        scheduleIfBacklogged(cell);
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
        final ActorCell<?> caller = beginTurn(cell);
        message.onTurn(cell);
        endTurn(cell, caller);
    }

    /** Schedule an idle actor that has a backlog. */
    void scheduleIfBacklogged(final ActorCell<?> cell)
    {
        if (cell.isIdle() && !cell.scheduled && !cell.mailbox.isEmpty())
        {
            cell.scheduled = true;
            ready.offer(cell);
        }
    }

    @Override
    public boolean onFrame(final Object target, final Object message)
    {
        final ActorCell<?> cell = (ActorCell<?>)target;
        if (closingCycle)
        {
            close.onFrameTakenWhileClosing(this);
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

    private int runActor(final ActorCell<?> cell, final int budget)
    {
        cell.scheduled = false;
        if (!cell.isIdle())
        {
            return 0;
        }
        beginTurn(cell);
        directCell = cell.sequential && carrier != null ? cell : null;
        final LocalRing<Object> mailbox = cell.mailbox;
        int handled = 0;
        Object message;
        while (handled < budget && (message = mailbox.poll()) != null)
        {
            cell.invoke(message);
            handled++;
            if (!cell.isRunningOnly())
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
     * End a turn the loop began: when its messages are handled, or when a method running on the loop's stack
     * suspends with it (as if the method had returned).
     */
    void endLoopTurn(final ActorCell<?> cell)
    {
        directCell = null;
        endTurn(cell, null);
    }

    /** A suspended method is back on the loop's stack, between two cycles of the loop: its actor's turn again. */
    void resumeLoopTurn(final ActorCell<?> cell)
    {
        cell.resumeTurn();
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
        final boolean closing = close.beginCycle(this);
        int work = 0;
        if (pendingTarget == null || retryPendingSlowPath())
        {
            final int limit = closing ? 1 : drainLimit;
            work = inbound.drain(this, limit);
            counters.noteInboundDrain(inbound, work, limit);
        }
        work += timers.poll();
        work += steps.run();
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
            close.endCycle(this, work);
        }
        return work;
    }

    /** The life of a worker that has a thread of its own: its loop, on continuations when it can. */
    void run()
    {
        runtime.workers.onWorkerThreadStart(this);
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
    private void loop()
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
                if (prepareToPark())
                {
                    idle.idle(0);
                }
                awake();
            }
        }
    }

    private void claimOwnerSlowPath()
    {
        final Thread caller = Thread.currentThread();
        if (!embedded)
        {
            throw new IllegalStateException("worker " + name + " runs on its own thread; only a worker configured " +
                "with worker." + index + ".embedded=true may be driven by the service's thread");
        }
        if (!OWNER.compareAndSet(this, null, caller) && owner != caller)
        {
            throw new IllegalStateException("embedded worker " + name + " is driven by thread '" + owner.getName() +
                "'; call doWork() from that one thread only (caller: '" + caller.getName() + "')");
        }
    }

    /** The owner has dead-lettered what was left at close: nothing runs here any more. */
    void markTerminated()
    {
        TERMINATED.setRelease(this, true);
    }

    // ---------------------------------------------------------------- stop, dead letters (owner thread)

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

    void addStep(final StepEntry entry)
    {
        steps.add(entry);
    }

    void deadLetter(final ActorCell<?> cell, final Object message, final DeadLetterReason reason)
    {
        cell.countDeadLetter();
        runtime.deadLetters.record(cell, message, reason);
    }

    // ---------------------------------------------------------------- observation

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
            (!cell.reentrant || cell.mailbox.isEmpty()) && !close.closing &&
            (carrier == null || !carrier.hasResumes());
    }

    /** @return true when nothing is set aside, queued or ready here; for close. Owner's thread only. */
    boolean hasNothingQueued()
    {
        return pendingTarget == null && inbound.isEmpty() && ready.isEmpty() &&
            (carrier == null || !carrier.hasResumes());
    }
}
