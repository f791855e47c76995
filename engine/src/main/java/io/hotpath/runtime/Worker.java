package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.WorkerInvoker;
import io.hotpath.inbound.ManyToOneFrameQueue;
import io.hotpath.mailbox.LocalRing;
import io.hotpath.timers.WorkerTimers;
import org.agrona.concurrent.IdleStrategy;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/*
 * Longer than 400 lines for a reason: the cache-line layers below must live in this file (javac warns about
 * auxiliary classes used from other files), and the send paths, the delivery and the turn protocol with its recovery
 * from errors are one state machine of the owner's thread (the turn stack, the handoff depth and the current actor
 * change together) that reads best in one place. The inbound drain, the outbound backlogs, close, repeating steps,
 * counters and await live in classes of their own.
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
    /** The lanes to and from the other workers; other workers' threads attach theirs. */
    final Lanes lanes;
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
        // a worker driven by a service's thread sends through the inbound queues: its thread is known only once it
        // calls, and a send before that takes the inbound queue, so a lane after it could overtake it
        this.lanes = new Lanes((Worker)this, config.workers(), embedded ? 0 : config.inboundLaneCapacity());
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
 * {@link #endTurn}, the one place where the turn stack (and so {@link #current}) changes.
 */
final class Worker extends WorkerPad2 implements WorkerInvoker
{
    private static final VarHandle SLEEPING;
    private static final VarHandle OWNER;
    private static final VarHandle TERMINATED;
    /** {@link #doWork}, for {@link #dutyCycle}. */
    private static final MethodHandle DUTY_CYCLE;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SLEEPING = lookup.findVarHandle(WorkerSleepFields.class, "sleeping", int.class);
            OWNER = lookup.findVarHandle(WorkerSharedFields.class, "owner", Thread.class);
            TERMINATED = lookup.findVarHandle(Worker.class, "terminated", boolean.class);
            DUTY_CYCLE = lookup.findVirtual(Worker.class, "doWork", MethodType.methodType(int.class));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * {@link #doWork}, as the loop calls it: through a handle held in an instance field, which the JIT cannot inline.
     * The loop's frame lives as long as the worker, so whatever the JIT compiles into it stays in use for good; a duty
     * cycle inlined there would keep the shape it had when the loop was compiled (in a service, the work of its first
     * seconds: measured, a stream of messages after other work ran at a fifth of its rate). Called, the duty cycle is
     * compiled on its own and recompiled as the work changes; the call costs a few ns per cycle, not per message.
     */
    private final MethodHandle dutyCycle = DUTY_CYCLE;

    final LocalRing<ActorCell<?>> ready = new LocalRing<>(1 << 30);
    final WorkerTimers timers;
    final RepeatingSteps steps = new RepeatingSteps(this);
    final InboundDrain drain;
    final WorkerCounters counters = new WorkerCounters();
    final Outbound outbound;
    final FullQueuePolicy fullQueuePolicy;
    /**
     * Most messages a congested mailbox takes: its capacity, plus all that can be on the way to it once its senders
     * are held back (an inbound queue's worth, and every worker's outbound backlog).
     */
    final int mailboxHardCapacity;
    private final IdleStrategy idleStrategy;
    final int batchBudget;
    /** How far a turn from the ready queue may go past its budget ({@link #runActor}). */
    private final Pace turnPace = new Pace();
    /** Runs the loop on continuations, for sequential actors; null on an embedded worker or without the flag. */
    final Carrier carrier;

    /**
     * The turns on the owner's stack, innermost last ({@link #current}), up to {@link #turnDepth}; an error that cuts
     * them short finds them here. A level above the depth keeps the actor whose turn was there last until another
     * actor's turn takes it or the actor stops ({@link #forgetTurns}): with G1 a reference store costs a barrier
     * (its card mark), so a stream of turns of one actor at one level stores nothing, and the innermost actor is
     * read from here rather than kept in a field of its own.
     */
    ActorCell<?>[] turns = new ActorCell<?>[16];
    /** The last error that escaped an inner turn, for the turns it left open. */
    private Throwable escaped;
    /** Most nested direct handoffs: {@code handoff.maxDepth}, halved for good after a stack overflow. */
    int handoffLimit;
    /** The sequential actor whose turn the loop began, while its methods may run on the loop's stack; or null. */
    private ActorCell<?> directCell;
    /** Duty cycles run so far. */
    long cycle;
    /** The engine was closing when this duty cycle began ({@link Close#beginCycle}). */
    boolean closingCycle;
    /** Nesting of direct handoffs on the owner's stack. */
    int handoffDepth;
    /** The handoff depth at which a handler last overflowed the stack, until the limit is lowered; 0: none. */
    int overflowDepth;
    /** Actors' turns on the owner's stack; the {@link StallWatcher} reads it (opaque). */
    int turnDepth;
    /**
     * Outermost turns begun so far: one plain add per outermost turn, the only cost of the stall watch on the
     * owner's thread; the {@link StallWatcher} reads it (opaque) with {@link #turnDepth}.
     */
    long outermostTurns;
    /** Written once by the owner (release) when it has finished; read anywhere. */
    private boolean terminated;
    /** The stalls the {@link StallWatcher} found here; null when {@code stall.thresholdNs} is off. */
    final TurnWatch turnWatch;

    Worker(final EngineRuntime runtime, final int index, final EngineConfig config, final IdleStrategy idleStrategy)
    {
        super(runtime, index, config);
        this.idleStrategy = idleStrategy;
        this.timers = new WorkerTimers(config.clock()::nanoTime);
        this.batchBudget = config.batchBudget();
        this.handoffLimit = config.handoffMaxDepth();
        this.fullQueuePolicy = config.fullQueuePolicy();
        this.mailboxHardCapacity = (int)Math.min(Integer.MAX_VALUE, config.mailboxCapacity() +
            (long)config.inboundCapacity() + (long)config.workers() * config.outboundCapacity() +
            (long)(config.workers() - 1) * config.inboundLaneCapacity());
        this.outbound = new Outbound(this, config.workers(), config.outboundCapacity(), config.fullQueuePolicy());
        this.drain = new InboundDrain(this, config.inboundDrainLimit());
        this.turnWatch = config.stallThresholdNs() > 0 ? new TurnWatch() : null;
        this.carrier = !embedded && config.awaitOnLoopStack() && io.hotpath.continuation.Continuations.available() ?
            new Carrier(this::loop) : null;
    }

    // ---------------------------------------------------------------- sending (any thread)

    /**
     * Deliver a message to one of this worker's actors, on the path the calling thread allows: at once on this
     * worker's own thread, through the sending worker's {@link Outbound} from another worker, through the inbound
     * queue from any other thread.
     *
     * @return false only when {@code applyPolicy} is false and the message could not go now.
     */
    boolean send(final CellAddress<?> target, final Object message, final boolean applyPolicy)
    {
        final Thread thread = Thread.currentThread();
        if (thread == owner)
        {
            return deliverLocal(target.cell, message, applyPolicy ? POLICY : OFFER);
        }
        if (thread instanceof WorkerThread workerThread && workerThread.runtime == runtime)
        {
            // another worker of this engine, with a thread of its own: through its outbound path
            return workerThread.outbound.send(this, target, message, applyPolicy);
        }
        final Worker from = runtime.workers.workerOf(thread);
        if (from != null)
        {
            return from.outbound.send(this, target, message, applyPolicy);
        }
        if (close.closing)
        {
            close.checkSender(target.cell);
        }
        if (target.isCongested())
        {
            return SendSlowPath.congestedFromOutside(this, target, message, applyPolicy);
        }
        return offerFromOutside(target.cell, message, applyPolicy);
    }

    /** The inbound queue's part of a send from a thread outside the engine. */
    boolean offerFromOutside(final ActorCell<?> target, final Object message, final boolean applyPolicy)
    {
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

    /** {@link #wake} after an offer to a lane, whose release stores order nothing before the look at the flag. */
    void wakeAfterLaneOffer()
    {
        if (claimWakeUpAfterLaneOffer())
        {
            LockSupport.unpark(owner);
        }
    }

    /**
     * {@link #claimWakeUp} after an offer to a lane: a full fence first, so the look at the sleep flag is ordered
     * after the frame as the inbound queue's CAS orders it (the Dekker pair with {@link #prepareToPark}).
     *
     * @return true when the caller is to unpark the owner.
     */
    boolean claimWakeUpAfterLaneOffer()
    {
        VarHandle.fullFence();
        return claimWakeUp();
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
     * the inbound queue and the lanes (a volatile read of each producer word). A sender that offered before the look
     * is seen; one that offers after it sees the flag and wakes the owner (a lane's sender fences between its offer
     * and its look at the flag, as the inbound queue's CAS does).
     *
     * @return true when the owner may park now; {@link #awake} follows either way.
     */
    boolean prepareToPark()
    {
        SLEEPING.setVolatile(this, 1);
        return inbound.isEmpty() && lanes.isEmpty();
    }

    /** The owner is up again (or never parked). */
    void awake()
    {
        SLEEPING.setVolatile(this, 0);
    }

    // ---------------------------------------------------------------- delivery and turns (owner thread)

    /** {@link #deliverLocal}: a user's tell on this worker; a full mailbox applies the full-queue policy. */
    static final int POLICY = 0;
    /** {@link #deliverLocal}: a user's offer; a full mailbox refuses it. */
    static final int OFFER = 1;
    /** {@link #deliverLocal}: a message that has arrived (a frame, a timer, the engine's own): never refused. */
    static final int ARRIVED = 2;

    /**
     * Run the handler at once when the target is idle with an empty mailbox and the stack is not too deep;
     * otherwise append to its mailbox and schedule it. Either way per-sender order holds: a direct run happens only
     * when nothing older is waiting. A sequential actor that can run on the loop's stack is not handed a message
     * outside any turn (from the inbound queue, a timer): it runs from the ready queue in the same cycle instead, where
     * its method may suspend without taking a half-drained queue with it.
     *
     * @param mode {@link #POLICY}, {@link #OFFER} or {@link #ARRIVED}.
     * @return false only for {@link #OFFER} when the mailbox is full.
     */
    boolean deliverLocal(final ActorCell<?> target, final Object message, final int mode)
    {
        if (target.isIdle() && handoffDepth < handoffLimit && target.mailbox.isEmpty() &&
            (turnDepth != 0 || mayHandOffOutsideTurns(target, mode)))
        {
            final int depth = turnDepth;
            final int handoffs = handoffDepth;
            beginTurn(target, depth);
            handoffDepth = handoffs + 1;
            try
            {
                target.invokeHandedOff(message);
            }
            catch (final Throwable error)
            {
                // only the outermost turn recovers: deep in the stack, even the recovery could overflow it, so an
                // inner one only notes the error (a field store, no call) for whoever closes its turn
                if (depth != 0)
                {
                    escaped = error;
                    throw error;
                }
                recover(error);
                return true;
            }
            handoffDepth = handoffs;
            endTurnAt(target, depth);
            return true;
        }
        if (target.isStopped())
        {
            deadLetter(target, message, target.stoppedReason());
            return true;
        }
        if (target.mailbox.offer(message))
        {
            target.countReschedule();
            if (target.isIdle() && !target.scheduled)
            {
                schedule(target);
            }
            return true;
        }
        return SendSlowPath.mailboxFull(this, target, message, mode);
    }

    /**
     * Outside any turn, what has arrived (a frame from the inbound queue, a timer) is handed to an actor at most
     * {@code actor.batchBudget} times per duty cycle; the rest wait in its mailbox for its turn in the ready queue,
     * so a slow actor flooded with frames delays the frames behind them by one batch at most, not by its whole
     * backlog. (A send of the embedded worker's own service thread is a call it makes, and is not budgeted.) A
     * sequential actor that can run on the loop's stack is not handed one at all: it runs from the ready queue in the
     * same cycle, where its method may suspend without taking a half-drained queue with it.
     */
    boolean mayHandOffOutsideTurns(final ActorCell<?> target, final int mode)
    {
        return (!target.sequential || carrier == null) &&
            (mode != ARRIVED || target.countCycleHandoff(cycle) <= batchBudget);
    }

    /** @return the actor whose turn is innermost on the owner's stack, or null. Owner's thread only. */
    ActorCell<?> current()
    {
        final int depth = turnDepth;
        return depth == 0 ? null : turns[depth - 1];
    }

    /** A stopped actor is not kept by a level of the turn stack above the depth, where its last turn was. */
    void forgetTurns(final ActorCell<?> cell)
    {
        final ActorCell<?>[] stack = turns;
        for (int level = turnDepth; level < stack.length; level++)
        {
            if (stack[level] == cell)
            {
                stack[level] = null;
            }
        }
        cell.turnLevel = ActorCell.NO_TURN_LEVEL;
    }

    /** Put an actor's turn on the stack: it becomes {@link #current}. */
    void beginTurn(final ActorCell<?> cell)
    {
        beginTurn(cell, turnDepth);
    }

    /** {@link #beginTurn(ActorCell)} where the caller has read {@code turnDepth} already. */
    private void beginTurn(final ActorCell<?> cell, final int depth)
    {
        if (cell.turnLevel != depth)
        {
            placeTurn(cell, depth);
        }
        if (depth == 0)
        {
            outermostTurns++;
        }
        turnDepth = depth + 1;
        cell.beginTurn();
    }

    /**
     * Put an actor on a level of the turn stack that another actor held last (or none). A level keeps its actor after
     * the turn ends, and the actor keeps the mark of its level ({@link ActorCell#turnLevel}), so that a stream of
     * turns of one actor at one level stores nothing (with G1 a reference store costs a barrier) and begins with one
     * compare, without a look into the stack. Invariant: a cell's mark is a level only when that level holds the cell.
     */
    private void placeTurn(final ActorCell<?> cell, final int depth)
    {
        ActorCell<?>[] stack = turns;
        if (depth == stack.length)
        {
            stack = java.util.Arrays.copyOf(stack, depth * 2);
            turns = stack;
        }
        final ActorCell<?> previous = stack[depth];
        if (previous != cell)
        {
            if (previous != null && previous.turnLevel == depth)
            {
                previous.turnLevel = ActorCell.NO_TURN_LEVEL;
            }
            stack[depth] = cell;
        }
        cell.turnLevel = depth;
    }

    /**
     * {@link #endTurn} for a turn its caller began at {@code depth} (a direct handoff, a run of frames, a turn from
     * the ready queue): when the stack is as deep as the turn left it, the turn is innermost (nothing above it was cut
     * short) and closes without a look into the stack.
     */
    void endTurnAt(final ActorCell<?> cell, final int depth)
    {
        if (turnDepth != depth + 1 || overflowDepth != 0)
        {
            endTurn(cell);
            return;
        }
        // the actor's state first, while the turn is still on the stack: if this call overflows it, the turn is
        // closed by whoever recovers
        final boolean idle = cell.endTurn();
        turnDepth = depth;
        afterTurn(cell, depth, idle);
        if (depth == 0 && Thread.interrupted())
        {
            counters.countInterruptCleared(this, cell);
        }
    }

    /**
     * Take the innermost turn off the stack, schedule a backlog it left behind, and, once no turn is left, take back
     * the thread's interrupt status from a handler that left it set.
     */
    void endTurn(final ActorCell<?> cell)
    {
        if (turns[turnDepth - 1] != cell)
        {
            closeAbandonedTurns(cell);
        }
        final boolean idle = cell.endTurn();
        final int depth = --turnDepth;
        afterTurn(cell, depth, idle);
        if (overflowDepth != 0)
        {
            // the turn that caught the overflow has ended, back where there is room: lower the limit at once
            lowerHandoffLimit(overflowDepth);
        }
        if (turnDepth == 0 && Thread.interrupted())
        {
            counters.countInterruptCleared(this, cell);
        }
    }

    /**
     * The turn of {@code cell} at {@code depth} is off the stack (its actor's state already says so): a backlog it
     * left behind is scheduled (a call deep in the stack that overflows it before that leaves the actor idle with a
     * backlog, which {@link #scheduleStranded} finds). The level keeps its actor ({@link #placeTurn}) unless the actor
     * has stopped.
     */
    private void afterTurn(final ActorCell<?> cell, final int depth, final boolean idle)
    {
        if (idle)
        {
            scheduleBacklog(cell);
        }
        else if (cell.isStopped())
        {
            turns[depth] = null;
            cell.turnLevel = ActorCell.NO_TURN_LEVEL;
        }
    }

    /** A handler overflowed the stack at this handoff depth: nest at most half as deep from now on. */
    private void lowerHandoffLimit(final int depth)
    {
        overflowDepth = 0;
        if (depth > 1 && depth / 2 < handoffLimit)
        {
            handoffLimit = depth / 2;
            counters.noteStackOverflow(this, handoffLimit);
        }
        scheduleStranded();
    }

    /**
     * After a stack overflow: an actor it struck between taking a message into its mailbox and being scheduled (at
     * the call that schedules it) would wait for its next message; every actor of this worker that is idle with a
     * backlog is scheduled now. Rare (after an overflow only), so a walk over the live actors is affordable.
     */
    private void scheduleStranded()
    {
        for (final ActorCell<?> cell : runtime.liveCells())
        {
            if (cell.worker == this)
            {
                scheduleIfBacklogged(cell);
            }
        }
    }

    /**
     * Turns above {@code cell} that an error cut short, where someone below them (a handler, the engine's own fault
     * handling) caught it and went on: each is closed as a fault of its actor.
     */
    private void closeAbandonedTurns(final ActorCell<?> cell)
    {
        final Throwable error = escaped != null ? escaped :
            new IllegalStateException("a turn of this actor was cut short by an error caught below it");
        while (turnDepth > 0 && turns[turnDepth - 1] != cell)
        {
            final ActorCell<?> abandoned = turns[turnDepth - 1];
            endTurn(abandoned);
            Supervisor.onFault(abandoned, null, error);
        }
    }

    /**
     * An error escaped the turns on the stack (a stack overflow, say, that even the handler's fault handling could
     * not survive), caught where no turn was left below it. Every turn it cut short is closed, innermost first, and
     * is a fault of its actor, whose policy applies; the worker goes on. After a stack overflow the direct handoffs
     * nest at most half as deep as they did when it happened, for good.
     */
    void recover(final Throwable error)
    {
        if (error instanceof StackOverflowError)
        {
            lowerHandoffLimit(Math.max(handoffDepth, overflowDepth));
        }
        handoffDepth = 0;
        directCell = null;
        escaped = null;
        drain.forgetRun();
        while (turnDepth > 0)
        {
            final ActorCell<?> cell = turns[turnDepth - 1];
            endTurn(cell);
            Supervisor.onFault(cell, null, error);
        }
    }

    /**
     * Send one of the engine's own messages; it must not be refused: a control message acts at once on the
     * target's worker, any other waits its turn, growing a full mailbox if need be.
     */
    void sendEngineMessage(final ActorCell<?> target, final EngineMessage message)
    {
        final Thread thread = Thread.currentThread();
        if (thread == owner)
        {
            if (message.isControl())
            {
                message.onArrival(this, target);
            }
            else
            {
                deliverLocal(target, message, ARRIVED);
            }
            return;
        }
        final Worker from = runtime.workers.workerOf(thread);
        if (from != null)
        {
            from.outbound.sendEngineMessage(this, target, message);
        }
        else
        {
            SendSlowPath.sendEngineMessageFromOutside(this, target, message);
        }
    }

    /**
     * Give an actor a turn now, outside its mailbox order: for what a non-reentrant actor's suspended method waits
     * for (its answer, its timeout), which must not queue behind the messages held until that method ends.
     */
    void runTurn(final ActorCell<?> cell, final EngineMessage message)
    {
        beginTurn(cell);
        message.onTurn(cell);
        endTurn(cell);
    }

    /** Schedule an idle actor that has a backlog. */
    void scheduleIfBacklogged(final ActorCell<?> cell)
    {
        if (cell.isIdle())
        {
            scheduleBacklog(cell);
        }
    }

    /** Schedule an actor known to be idle when it has a backlog and is not queued already. */
    private void scheduleBacklog(final ActorCell<?> cell)
    {
        if (!cell.scheduled && !cell.mailbox.isEmpty())
        {
            schedule(cell);
        }
    }

    /** Put an idle actor with a backlog on the ready queue; it is not there already. */
    private void schedule(final ActorCell<?> cell)
    {
        // marked once it is in the queue: deep in the stack the offer's call may overflow it, and an actor marked
        // scheduled but never queued would never run again
        ready.offer(cell);
        cell.scheduled = true;
    }

    /**
     * Give a scheduled actor its turn from the ready queue. The common turn, a plain actor with no more messages than
     * its budget, is one loop that counts its messages once, when it ends; a longer backlog or a sequential actor
     * takes {@link #runTurnSlowPath}.
     */
    private int runActor(final ActorCell<?> cell, final int budget)
    {
        cell.scheduled = false;
        if (!cell.isIdle())
        {
            return 0;
        }
        final LocalRing<Object> mailbox = cell.mailbox;
        if (cell.sequential || mailbox.size() > budget)
        {
            return runTurnSlowPath(cell, budget);
        }
        final int depth = turnDepth;
        beginTurn(cell, depth);
        int handled = 0;
        int counted = 0;
        Object message;
        try
        {
            // bounded by the budget too: a handler that sends to its own actor adds to the backlog as it goes
            while (handled < budget && (message = mailbox.poll()) != null)
            {
                handled++;
                if (cell.handle(message))
                {
                    counted++;
                }
                if (!cell.isRunningOnly())
                {
                    break;
                }
            }
        }
        finally
        {
            cell.countHandled(counted);
        }
        endTurnAt(cell, depth);
        cell.clearCongestionIfCaughtUp();
        return handled;
    }

    /**
     * {@link #runActor} for a sequential actor, or for a backlog longer than the budget: a turn that may go past the
     * budget while the actor keeps up ({@link Pace}).
     */
    private int runTurnSlowPath(final ActorCell<?> cell, final int budget)
    {
        beginTurn(cell);
        directCell = cell.sequential && carrier != null ? cell : null;
        final LocalRing<Object> mailbox = cell.mailbox;
        // counted once per turn, not per message; a sequential actor's method may suspend with this very frame (on
        // the loop's stack), so its messages are counted one by one, before they run
        final boolean countEach = cell.sequential;
        // a turn past its budget while the actor keeps up, up to the backlog it had (not a self-sending actor's
        // endless one): timed only when that backlog is longer than the budget; not for a sequential actor, whose
        // turn may suspend, nor while closing (one message a cycle)
        final int most = mailbox.size();
        final boolean paced = most > budget && !countEach && budget == batchBudget;
        int limit = budget;
        if (paced)
        {
            turnPace.begin(budget);
            limit = turnPace.limit();
        }
        int handled = 0;
        int counted = 0;
        Object message;
        try
        {
            while (true)
            {
                if (handled >= limit)
                {
                    if (!paced || handled >= budget && handled >= most || !turnPace.goOn(handled, budget))
                    {
                        break;
                    }
                    limit = turnPace.limit();
                }
                if ((message = mailbox.poll()) == null)
                {
                    break;
                }
                handled++;
                if (countEach)
                {
                    cell.invoke(message);
                }
                else if (cell.handle(message))
                {
                    counted++;
                }
                if (!cell.isRunningOnly())
                {
                    break;
                }
            }
        }
        finally
        {
            cell.countHandled(counted);
        }
        endLoopTurn(cell);
        cell.clearCongestionIfCaughtUp();
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
        endTurn(cell);
    }

    /** A suspended method is back on the loop's stack, between two cycles of the loop: its actor's turn again. */
    void resumeLoopTurn(final ActorCell<?> cell)
    {
        cell.dropResume();
        beginTurn(cell);
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
        cycle++;
        int work = 0;
        try
        {
            // each part is called only when it has something to do: a duty cycle with one message is a few loads
            if (!outbound.isIdle())
            {
                work += outbound.flush();
            }
            if (inbound.hasPublished())
            {
                work += drain.drain(inbound, closing);
            }
            work += lanes.drain(drain, closing);
            if (timers.count() != 0)
            {
                work += timers.poll();
            }
            if (!steps.isEmpty())
            {
                work += steps.run();
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
        }
        catch (final Throwable error)
        {
            recover(error);
            work++;
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
            final int work = dutyCycle();
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

    private int dutyCycle()
    {
        try
        {
            return (int)dutyCycle.invokeExact(this);
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
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
     * nothing else waits on this worker (no ready actor, nothing in the outbound backlogs, no repeating step, no
     * message of the actor's own that a suspension would let run, no close under way). Owner's thread only.
     */
    boolean idleButFor(final ActorCell<?> cell)
    {
        return turnDepth == 1 && ready.isEmpty() && outbound.isIdle() && steps.isEmpty() &&
            (!cell.reentrant || cell.mailbox.isEmpty()) && !close.closing &&
            (carrier == null || !carrier.hasResumes());
    }

    /** @return true when nothing waits to be sent, queued or ready here; for close. Owner's thread only. */
    boolean hasNothingQueued()
    {
        return outbound.isIdle() && inbound.isEmpty() && lanes.isEmpty() && ready.isEmpty() &&
            (carrier == null || !carrier.hasResumes());
    }
}
