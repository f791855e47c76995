package io.hotpath.scheduling;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.WorkerInvoker;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.ManyToOneFrameQueue;
import io.hotpath.mailbox.LocalRing;
import org.agrona.concurrent.IdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One event loop: an inbound queue any thread may offer to, a ready queue of actors with a backlog, and a duty
 * cycle that drains the first and runs the second. Its actors, their mailboxes and the ready queue belong to the
 * worker's owning thread alone; {@link #send} is thread safe and picks the path by the calling thread.
 */
public final class Worker implements FrameHandler, WorkerInvoker
{
    private static final VarHandle SLEEPING;
    private static final VarHandle OWNER;
    private static final VarHandle INBOUND_HIGH_WATER;
    private static final VarHandle TERMINATED;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SLEEPING = lookup.findVarHandle(Worker.class, "sleeping", int.class);
            OWNER = lookup.findVarHandle(Worker.class, "owner", Thread.class);
            INBOUND_HIGH_WATER = lookup.findVarHandle(Worker.class, "inboundHighWater", int.class);
            TERMINATED = lookup.findVarHandle(Worker.class, "terminated", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final int index;
    final String name;
    final EngineCore core;
    final ManyToOneFrameQueue inbound;
    final boolean embedded;
    final String idleName;
    private final LocalRing<ActorCell<?>> ready = new LocalRing<>(1 << 30);
    private final IdleStrategy idleStrategy;
    private final boolean mayPark;
    private final int drainLimit;
    private final int batchBudget;
    private final int handoffMaxDepth;
    private final FullQueuePolicy fullQueuePolicy;
    private final long sendTimeoutNs;
    private final FrameHandler leftovers = this::deadLetterLeftover;

    /** The thread that runs the duty cycle; set once (at construction, or by the first embedded call). */
    Thread owner;
    /** 1 while the owner may park: a volatile store before its last emptiness check, read by senders. */
    private int sleeping;
    /** A frame taken from the inbound queue whose target's mailbox was full; delivered before any later frame. */
    private ActorCell<?> pendingTarget;
    private Object pendingMessage;
    /** Nesting of direct handoffs on the owner's stack. */
    private int handoffDepth;
    private int inboundHighWater;
    /** Written once by the owner (release) when it has finished; read anywhere. */
    private boolean terminated;
    /** Whether the owner saw itself with nothing to do during close (volatile pair with the closer). */
    volatile boolean quiet;
    /** Work done during close, compared by the closer between two looks. */
    volatile long closingWork;

    Worker(final EngineCore core, final int index, final EngineConfig config, final IdleStrategy idleStrategy)
    {
        this.core = core;
        this.index = index;
        this.name = config.workerName(index);
        this.embedded = config.embedded(index);
        this.idleName = config.idle(index);
        this.inbound = new ManyToOneFrameQueue(config.inboundCapacity());
        this.idleStrategy = idleStrategy;
        this.mayPark = !embedded && IdleStrategies.mayPark(idleName);
        this.drainLimit = config.inboundDrainLimit();
        this.batchBudget = config.batchBudget();
        this.handoffMaxDepth = config.handoffMaxDepth();
        this.fullQueuePolicy = config.fullQueuePolicy();
        this.sendTimeoutNs = config.sendTimeoutNs();
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
     * when nothing older is waiting.
     */
    boolean deliverLocal(final ActorCell<?> target, final Object message, final boolean applyPolicy)
    {
        if (target.stopped)
        {
            deadLetter(target, message, DeadLetterReason.ACTOR_STOPPED);
            return true;
        }
        if (!target.running && handoffDepth < handoffMaxDepth && target.mailbox.isEmpty())
        {
            target.countHandoff();
            handoffDepth++;
            target.running = true;
            target.invoke(message);
            target.running = false;
            handoffDepth--;
            if (!target.mailbox.isEmpty() && !target.scheduled && !target.stopped)
            {
                schedule(target);
            }
            return true;
        }
        if (target.mailbox.offer(message))
        {
            target.countReschedule();
            if (!target.running && !target.scheduled)
            {
                schedule(target);
            }
            return true;
        }
        return SendSlowPath.mailboxFull(this, target, message, applyPolicy, fullQueuePolicy);
    }

    @Override
    public boolean onFrame(final Object target, final Object message)
    {
        final ActorCell<?> cell = (ActorCell<?>)target;
        if (message instanceof Signal signal)
        {
            onSignal(cell, signal);
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

    private void onSignal(final ActorCell<?> cell, final Signal signal)
    {
        switch (signal)
        {
            case START -> cell.startSlowPath();
            case STOP -> stopLocal(cell);
        }
    }

    private void schedule(final ActorCell<?> cell)
    {
        cell.scheduled = true;
        ready.offer(cell);
    }

    private int runActor(final ActorCell<?> cell, final int budget)
    {
        cell.scheduled = false;
        if (cell.stopped)
        {
            return 0;
        }
        cell.running = true;
        final LocalRing<Object> mailbox = cell.mailbox;
        int handled = 0;
        Object message;
        while (handled < budget && (message = mailbox.poll()) != null)
        {
            cell.invoke(message);
            handled++;
            if (cell.stopped)
            {
                break;
            }
        }
        cell.running = false;
        if (!cell.stopped && !mailbox.isEmpty())
        {
            schedule(cell);
        }
        return handled;
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
        final int budget = closing ? 1 : batchBudget;
        final int readyNow = ready.size();
        for (int i = 0; i < readyNow; i++)
        {
            work += runActor(ready.poll(), budget);
        }
        if (closing)
        {
            onCloseSlowPath(work);
        }
        return work;
    }

    /** The loop of a worker that has a thread of its own. */
    void run()
    {
        core.onWorkerThreadStart(this);
        final IdleStrategy idle = idleStrategy;
        while (!(boolean)TERMINATED.getOpaque(this))
        {
            final int work = doWork();
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
        if (Thread.currentThread() == owner)
        {
            stopLocal(cell);
        }
        else
        {
            SendSlowPath.sendSignal(this, cell, Signal.STOP);
        }
    }

    void stopLocal(final ActorCell<?> cell)
    {
        if (cell.stopped)
        {
            return;
        }
        cell.markStopped();
        Object message;
        while ((message = cell.mailbox.poll()) != null)
        {
            deadLetter(cell, message, DeadLetterReason.ACTOR_STOPPED);
        }
        core.unregister(cell);
    }

    void deadLetter(final ActorCell<?> cell, final Object message, final DeadLetterReason reason)
    {
        cell.countDeadLetter();
        core.deadLetters.record(cell, message, reason);
    }

    void onFault(final ActorCell<?> cell, final Object message, final Throwable error)
    {
        cell.countException();
        core.reportFault(cell, message, error, cell.faultPolicy);
        if (cell.faultPolicy.stopsActor())
        {
            stopLocal(cell);
        }
    }

    void onStartFailed(final ActorCell<?> cell, final Throwable error)
    {
        cell.countException();
        core.reportFault(cell, null, error, io.hotpath.FaultPolicy.stop());
        stopLocal(cell);
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
        quiet = work == 0 && pendingTarget == null && inbound.isEmpty() && ready.isEmpty();
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
        if (!(message instanceof Signal))
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

    int inboundHighWater()
    {
        return (int)INBOUND_HIGH_WATER.getOpaque(this);
    }

    boolean isOwnerThread(final Thread thread)
    {
        return thread == owner;
    }
}
