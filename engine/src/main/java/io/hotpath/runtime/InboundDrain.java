package io.hotpath.runtime;

import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.FrameQueue;

/**
 * How a worker takes frames from its inbound queue and its lanes: each frame goes to its target at once or joins its
 * mailbox, and consecutive frames for one actor go over in one turn. NOT thread safe: the worker's own thread only.
 * <p>
 * The drain's limit ({@code inbound.drainLimit}) counts the frames that run code (handed over, the engine's own); a
 * frame that only joins its actor's mailbox costs next to nothing, so the drain takes those on, up to the queue's
 * capacity. A flood for one slow actor is thus moved out of the way at once (into its mailbox, which marks it
 * congested and holds its senders back) and a neighbour's frame behind the flood is not kept waiting for many cycles
 * of the slow actor's batches.
 */
final class InboundDrain implements FrameHandler
{
    private final Worker worker;
    private final int drainLimit;
    /** The queue being drained: the inbound queue or a lane. */
    private FrameQueue queue;
    /** The actor whose turn stays open across consecutive frames for it in the drain going on; or null. */
    private ActorCell<?> run;
    /** Messages handed over in that run so far. */
    private int runLength;
    /** How far the run may go past its actor's budget for this cycle. */
    private final Pace pace;
    /** Frames of the drain going on that ran code, against {@code inbound.drainLimit}. */
    private int drainWork;
    /** The engine was closing when the drain going on began. */
    private boolean closing;
    /**
     * The actor whose mailbox the previous frame of this drain joined behind its backlog, while no code has run since
     * (nothing can have emptied, stopped or run it): a frame for it joins its mailbox at once. Or null.
     */
    private ActorCell<?> queued;
    /** Frames that joined {@link #queued}'s mailbox that way, counted as reschedules when the streak ends. */
    private int queuedCount;

    InboundDrain(final Worker worker, final int drainLimit)
    {
        this.worker = worker;
        this.drainLimit = drainLimit;
        this.pace = new Pace(worker.batchBudget, worker.batchTimeNs);
    }

    /**
     * Take what the inbound queue or a lane holds, within the limits.
     *
     * @param from    the worker's inbound queue or one of the lanes to it.
     * @param closing the engine is closing: one frame per cycle, so a finish request is seen promptly.
     * @return frames taken.
     */
    int drain(final FrameQueue from, final boolean closing)
    {
        final int limit = closing ? 1 : from.capacity();
        this.closing = closing;
        drainWork = 0;
        queue = from;
        final int drained = from.drain(this, limit);
        if (run != null)
        {
            endRun();
        }
        endQueued();
        worker.counters.noteInboundDrain(from, drained, drained == limit || drainWork >= drainLimit);
        return drained;
    }

    /**
     * @return true when the drain going on hands frames to {@code cell} in a run and the next frame of its queue,
     * already published, is for it too: the frame in hand does not end the batch ({@code ActorContext.endOfBatch}).
     */
    boolean nextFrameIsFor(final ActorCell<?> cell)
    {
        return run == cell && queue.nextIsFor(cell);
    }

    /**
     * An error was recovered from: the run's turn is closed already; its frames still count against its actor's budget
     * for the cycle.
     */
    void forgetRun()
    {
        if (run != null)
        {
            run.countRunInCycle(runLength);
            run = null;
        }
        endQueued();
    }

    /**
     * A frame from the inbound queue. It is never refused: a target whose mailbox is full takes it beyond its
     * capacity and is marked congested, so the drain goes on for every other actor of this worker.
     * <p>
     * Consecutive frames for one idle actor are handed over in one turn (a run), up to the actor's budget of direct
     * handoffs for this cycle: the turn is begun and ended, and the counters written, once per run, not per message.
     *
     * @return false once this drain has run {@code inbound.drainLimit} frames' worth of code.
     */
    @Override
    public boolean onFrame(final Object target, final Object message)
    {
        // the common case of a flood, kept small so that the queue's drain loop compiles it in: the next frame of
        // the run going on, within what the run may take without a look at the clock, for an actor whose waits are
        // not timed. (While closing, a drain takes one frame, so no run has a second: every frame goes below.)
        final ActorCell<?> cell = run;
        if (target == cell && pace.within(runLength) && !(message instanceof EngineMessage) &&
            cell.timing == null && cell.isRunningOnly())
        {
            runLength++;
            // handleInRun written out: called from here, the JIT left it out of line ("too big")
            try
            {
                if (!cell.handle(message))
                {
                    runLength--;
                }
            }
            catch (final Throwable error)
            {
                failedInRun(error);
            }
            return ++drainWork < drainLimit;
        }
        return onOtherFrame(target, message);
    }

    /** Any frame but the next one of a run within its budget: see {@link #onFrame}. */
    private boolean onOtherFrame(final Object target, final Object message)
    {
        final ActorCell<?> cell = (ActorCell<?>)target;
        if (cell.timing != null)
        {
            recordWait(cell.timing);
        }
        if (closing)
        {
            worker.close.onFrameTakenWhileClosing(worker);
        }
        final boolean plain = !(message instanceof EngineMessage);
        if (queued != null)
        {
            if (cell == queued && plain && cell.mailbox.offer(message))
            {
                queuedCount++;
                return true;
            }
            endQueued();
        }
        if (run != null)
        {
            if (cell == run && plain && cell.isRunningOnly() && mayGoOn(cell))
            {
                runLength++;
                handleInRun(cell, message);
                return ++drainWork < drainLimit;
            }
            endRun();
        }
        if (plain && worker.turns.mayBeginRun() && cell.isIdle() && cell.mailbox.isEmpty() &&
            Delivery.mayHandOffOutsideTurns(worker, cell, Delivery.ARRIVED))
        {
            worker.turns.beginRun(cell);
            run = cell;
            runLength = 1;
            // what is left of the actor's budget for this cycle, this first frame included
            pace.begin(cell.batchBudget - cell.cycleHandoffs() + 1);
            handleInRun(cell, message);
        }
        else if (!plain && ((EngineMessage)message).isControl())
        {
            ((EngineMessage)message).onArrival(worker, cell);
        }
        else
        {
            Delivery.deliver(worker, cell, message, Delivery.ARRIVED);
            if (plain)
            {
                // queued behind its actor's backlog (or a dead letter): no code of the actor ran
                if (cell.scheduled && cell.isIdle() && !cell.mailbox.isEmpty())
                {
                    queued = cell;
                }
                return true;
            }
        }
        return ++drainWork < drainLimit;
    }

    /**
     * @return true when the run may hand its actor one more frame: within its budget for this cycle, or past it while
     * the actor keeps up ({@link Pace}).
     */
    private boolean mayGoOn(final ActorCell<?> cell)
    {
        return pace.within(runLength) || pace.goOn(runLength, cell);
    }

    /** The frame's time in the inbound queue, from its send to now (its take); unstamped frames are skipped. */
    private void recordWait(final Timing timing)
    {
        final long sentNs = queue.inHandSentNs();
        if (sentNs != 0)
        {
            timing.recordWait(System.nanoTime() - sentNs);
        }
    }

    private void handleInRun(final ActorCell<?> cell, final Object message)
    {
        try
        {
            if (!cell.handle(message))
            {
                runLength--;
            }
        }
        catch (final Throwable error)
        {
            failedInRun(error);
        }
    }

    /** A handler of the run threw (an exception, or an error such as a stack overflow): the worker recovers. */
    private void failedInRun(final Throwable error)
    {
        // the recovery forgets the run (forgetRun)
        worker.turns.recover(error);
    }

    /** The streak of frames joining one actor's mailbox ends: count them. */
    private void endQueued()
    {
        if (queued != null)
        {
            queued.countReschedules(queuedCount);
            queued = null;
            queuedCount = 0;
        }
    }

    /** Close the run of frames handed over in one turn: count them, and end the turn. */
    private void endRun()
    {
        final ActorCell<?> cell = run;
        run = null;
        cell.countRun(runLength);
        cell.countRunInCycle(runLength);
        worker.turns.endRun(cell);
    }
}
