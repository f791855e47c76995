package io.hotpath.runtime;

import io.hotpath.continuation.Continuations;
import io.hotpath.mailbox.LocalRing;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;

/**
 * Runs the loop of a worker that has a thread of its own on a continuation, so that a sequential actor's method
 * runs on the loop's own stack: a message costs no switch of stacks, and only an await that really suspends does.
 * Owner's thread only.
 * <p>
 * A method that suspends takes the whole stack with it, the loop's frames below its turn included, and a spare
 * loop continuation carries the loop on in its place (one is made only when none is spare). When the awaited
 * answer takes the actor's turn, the method is queued here; between two cycles of its loop, the live loop continuation
 * parks itself as a spare and hands the thread to the suspended one, which resumes inside the actor's turn and,
 * once the method ends, goes on with the loop where it had left it. The loop's code keeps no state across a
 * sequential actor's turn that another loop continuation could have changed meanwhile (see the worker's loop).
 * The fiber ends and begins its actor's turn around a suspension ({@link Fiber#suspendOn}); this class only moves
 * the thread between loop continuations.
 * <p>
 * Only a method in the only turn on the stack, begun by the loop itself, runs this way ({@link Worker#runsDirect});
 * one handed a message by another actor's turn runs on a continuation of its own, as on an embedded worker, whose
 * loop belongs to the service's thread and cannot be suspended.
 */
final class Carrier implements Runnable
{
    private static final VarHandle LOOP_STACKS;

    static
    {
        try
        {
            LOOP_STACKS = MethodHandles.lookup().findVarHandle(Carrier.class, "loopStacks", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The worker's loop: the body of every loop continuation. */
    private final Runnable loop;
    /** Loop continuations parked between two cycles of the loop. */
    private final ArrayDeque<Object> spares = new ArrayDeque<>();
    /** Suspended methods whose answer has come, in the order it came. */
    private final LocalRing<Fiber> resumes = new LocalRing<>(1 << 30);
    /** The loop continuation mounted now. */
    private Object live;
    /** The method that asked to suspend, until the loop continuation it ran on has yielded. */
    private Fiber suspending;
    /** The method the live loop continuation hands the thread to when it yields between two cycles of the loop. */
    private Fiber resuming;
    /** The method running on the live loop's stack, in the only turn there; null outside its turn. */
    Fiber direct;
    /** Loop continuations made: one more than the most methods ever suspended at once on them. Opaque. */
    private int loopStacks;

    Carrier(final Runnable loop)
    {
        this.loop = loop;
    }

    /** The worker thread's whole life: mount the live loop continuation until the loop ends. */
    void carry()
    {
        live = newLoop();
        while (true)
        {
            Continuations.run(live);
            if (Continuations.isDone(live))
            {
                return;
            }
            final Fiber suspended = suspending;
            if (suspended != null)
            {
                suspending = null;
                suspended.parkedLoop = live;
                direct = null;
                live = spares.isEmpty() ? newLoop() : spares.pop();
            }
            else
            {
                final Fiber next = resuming;
                resuming = null;
                spares.push(live);
                live = next.parkedLoop;
                next.parkedLoop = null;
            }
        }
    }

    private Object newLoop()
    {
        LOOP_STACKS.setOpaque(this, loopStacks + 1);
        return Continuations.create(this);
    }

    int loopStacksOpaque()
    {
        return (int)LOOP_STACKS.getOpaque(this);
    }

    /** The body of every loop continuation. */
    @Override
    public void run()
    {
        loop.run();
    }

    /**
     * Suspend the method running directly, whose turn has ended; returns when the method is to resume, or throws if
     * it cannot be suspended (it holds a monitor or runs under a native frame).
     */
    void suspend(final Fiber fiber)
    {
        suspending = fiber;
        try
        {
            Continuations.yieldNow();
        }
        catch (final RuntimeException pinned)
        {
            suspending = null;
            throw pinned;
        }
        direct = fiber;
    }

    /** The answer of a method suspended on a loop continuation has taken its actor's turn: resume it soon. */
    void queueResume(final Fiber fiber)
    {
        fiber.cell.markResuming();
        resumes.offer(fiber);
    }

    boolean hasResumes()
    {
        return !resumes.isEmpty();
    }

    /**
     * Between two cycles of the loop, with no turn on the stack: hand the thread to the next method to resume, parking the
     * live loop continuation as a spare (this returns when it is taken up again). A method whose actor stopped in
     * the meantime is never resumed, as on a fiber of its own.
     */
    void resumeNext()
    {
        final Fiber fiber = resumes.poll();
        final ActorCell<?> cell = fiber.cell;
        if (cell.isStopping() || fiber.isStale())
        {
            cell.dropResume();
            fiber.parkedLoop = null;
            return;
        }
        resuming = fiber;
        Continuations.yieldNow();
    }
}
