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
        this.inbound = inboundQueue(config.inboundCapacity(), name);
        // a worker driven by a service's thread sends through the inbound queues: its thread is known only once it
        // calls, and a send before that takes the inbound queue, so a lane after it could overtake it
        this.lanes = new Lanes((Worker)this, config.workers(), embedded ? 0 : config.inboundLaneCapacity());
        this.mayPark = !embedded && config.idle(index).mayPark();
    }

    /** @return the inbound queue; a capacity the heap has no room for fails the start with what it needs. */
    private static ManyToOneFrameQueue inboundQueue(final int capacity, final String worker)
    {
        try
        {
            return new ManyToOneFrameQueue(capacity);
        }
        catch (final OutOfMemoryError ex)
        {
            throw new IllegalStateException("the inbound queue of worker " + worker + " (inbound.capacity " +
                capacity + " frames, two references each) does not fit in the heap (" + ex.getMessage() + "); lower " +
                "inbound.capacity or raise the heap (-Xmx)", ex);
        }
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
 * One event loop: an inbound queue any thread may offer to, the lanes from the other workers, and a duty cycle that
 * drains them, fires due timers, runs repeating steps and gives the ready actors their turns, then idles when it did
 * nothing. Its actors, their mailboxes, its {@link TurnStack} and its {@link ReadyQueue} belong to the worker's
 * owning thread alone. Other threads touch only its inbound queue, its lanes ({@link Sends} picks the path by the
 * sending thread) and the sleep flag of the wake-up handshake ({@link #prepareToPark}, {@link #claimWakeUp}).
 * <p>
 * The cache-line layers above keep what other threads read (set once), the sleep flag both sides write, and the
 * owner's own state apart; they live in this file because javac warns about auxiliary classes used from others.
 */
final class Worker extends WorkerPad2 implements WorkerInvoker
{
    private static final VarHandle SLEEPING;
    private static final VarHandle OWNER;
    private static final VarHandle TERMINATED;
    /** {@link #doWork}, for {@link #dutyCycle}. */
    private static final MethodHandle DUTY_CYCLE;
    /** Set on the threads that have driven an embedded worker. */
    private static final ThreadLocal<Boolean> EMBEDDED_DRIVER = new ThreadLocal<>();

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
     * seconds; docs/lab/2026-11-24-duty-cycle-called-not-inlined.md). Called, the duty cycle is compiled on its own
     * and recompiled as the work changes; the call costs a few ns per cycle, not per message.
     */
    private final MethodHandle dutyCycle = DUTY_CYCLE;

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
    /** {@code actor.batchBudget}: each actor's budget until its pace sets it ({@link Pace}). */
    final int batchBudget;
    /** {@code actor.batchTimeNs}: about the longest turn of a slow actor ({@link Pace}). */
    final long batchTimeNs;
    /** Runs the loop on continuations, for sequential actors; null on an embedded worker or without the flag. */
    final Carrier carrier;
    /** The turns on this worker's stack. */
    final TurnStack turns;
    /** The actors with a backlog, and their turns. */
    final ReadyQueue ready;
    /** Duty cycles begun so far. */
    long cycle;
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
        this.batchTimeNs = config.batchTimeNs();
        this.turns = new TurnStack(this, config.handoffMaxDepth());
        this.ready = new ReadyQueue(this);
        this.fullQueuePolicy = config.fullQueuePolicy();
        this.mailboxHardCapacity = (int)Math.min(LocalRing.MAX_SIZE, config.mailboxCapacity() +
            (long)config.inboundCapacity() + (long)config.workers() * config.outboundCapacity() +
            (long)(config.workers() - 1) * config.inboundLaneCapacity());
        this.outbound = new Outbound(this, config.workers(), config.outboundCapacity(), config.fullQueuePolicy());
        this.drain = new InboundDrain(this, config.inboundDrainLimit());
        this.turnWatch = config.stallThresholdNs() > 0 ? new TurnWatch() : null;
        this.carrier = !embedded && config.awaitOnLoopStack() && io.hotpath.continuation.Continuations.available() ?
            new Carrier(this::loop) : null;
    }

    /**
     * Set the thread that runs the duty cycle: a worker's own thread, before it starts; or null, so that an embedded
     * worker is claimed by the next thread that drives it.
     */
    void bindOwner(final Thread thread)
    {
        OWNER.setRelease(this, thread);
    }

    // ---------------------------------------------------------------- the sleep handshake (any thread)

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
        final boolean closing = close.closing;
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
            // the loop is here, not in ReadyQueue, and has no guard of its own: see ReadyQueue
            final int readyNow = ready.size();
            for (int i = 0; i < readyNow; i++)
            {
                final ActorCell<?> cell = ready.poll();
                if (cell == null)
                {
                    break;
                }
                work += ready.runActor(cell, closing);
            }
        }
        catch (final Throwable error)
        {
            turns.recover(error);
            work++;
        }
        outbound.wakes.lookAtMarked();
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
        final ParkingIdle parking = mayPark ? (ParkingIdle)idle : null;
        while (true)
        {
            final int work = dutyCycle();
            if ((boolean)TERMINATED.getOpaque(this))
            {
                // the cycle that finished the worker for the close (or found it finished): its thread ends now, not
                // after one more idle (a park of up to idle.maxParkNs, which the closer's wake-up came before)
                return;
            }
            if (carrier != null && carrier.hasResumes())
            {
                // before any idling: an answer a repeating step gave counts no work, yet resumes a method
                carrier.resumeNext();
                outbound.wakes.lookAtMarked();
                continue;
            }
            if (parking == null)
            {
                idle.idle(work);
            }
            else if (work > 0)
            {
                parking.reset();
            }
            else if (!parking.parksNext())
            {
                // spinning or yielding: no sleep flag, so no sender unparks a worker that is not parked
                parking.spinOrYield();
            }
            else
            {
                if (prepareToPark())
                {
                    parking.park();
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
        EMBEDDED_DRIVER.set(Boolean.TRUE);
        runtime.workers.onEmbeddedClaimed(this);
    }

    /**
     * The closer claims an embedded worker that no thread has driven, to finish it.
     *
     * @return true when the calling thread is its owner now.
     */
    boolean claimForClose()
    {
        return embedded && OWNER.compareAndSet(this, null, Thread.currentThread());
    }

    /** @return true on a service's thread that drives an embedded worker (of any engine). */
    static boolean drivesEmbedded()
    {
        return EMBEDDED_DRIVER.get() != null;
    }

    /** The owner has dead-lettered what was left at close: nothing runs here any more. */
    void markTerminated()
    {
        TERMINATED.setRelease(this, true);
    }

    // ---------------------------------------------------------------- dead letters (owner thread)

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
        return turns.depth == 1 && ready.isEmpty() && outbound.isIdle() && steps.isEmpty() &&
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
