package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.inbound.FrameQueue;
import io.hotpath.inbound.OneToOneFrameQueue;

/**
 * What one worker sends to the others, when it cannot go at once: a backlog per destination worker, kept in order
 * and published by this worker's duty cycle as its lane to the destination (or the destination's inbound queue, when
 * lanes are off) makes room, and the actors of this worker held back meanwhile. NOT thread safe: the worker's own
 * thread only.
 * <p>
 * The rules, so that a worker-to-worker send is never a trap and a worker never waits for another:
 * <ul>
 * <li>A send that finds the destination's inbound queue full goes to the backlog for that destination, and so does
 * every later send from this worker to that destination while the backlog is not empty: per-pair order holds.</li>
 * <li>The actor whose turn sent it is held (not scheduled) until that backlog has drained: back-pressure reaches the
 * source without anyone waiting. {@code offer} returns false instead of using the backlog.</li>
 * <li>Only a send beyond {@code outbound.capacity} messages in one backlog applies the full-queue policy: drop is a
 * counted dead letter, fail and wait throw {@link io.hotpath.QueueFullException} (a worker cannot wait).</li>
 * <li>The engine's own messages (answers, signals) are never refused: they take the backlog beyond its capacity.</li>
 * <li>A send to an actor whose mailbox is congested (above its capacity) applies the policy at the source: drop and
 * fail as they say; wait sends it and holds the sending actor until the target has caught up.</li>
 * </ul>
 */
final class Outbound
{
    private final Worker worker;
    /** The worker's lanes, through which its sends to the others go. */
    private final Lanes lanes;
    private final int capacity;
    private final FullQueuePolicy policy;
    /** Per destination worker index; made on first need. */
    private final Backlog[] backlogs;
    /** Actors of this worker held until a congested target catches up. */
    final CongestionHolds holds;
    /** Messages waiting in every backlog. */
    private int waiting;
    /**
     * Whether {@link #holds} holds a sender: kept here with {@link #waiting}, so that a duty cycle's look at this
     * worker's sends ({@link #isIdle}) reads two fields of one object, not a chain of four loads into the holds' list
     * (docs/lab/2026-11-29-outbound-idle-two-fields.md).
     */
    private boolean holding;
    /**
     * The actor this worker's latest send to another worker went to through a lane, while that send's route holds:
     * no backlog to its worker has taken a message since ({@link #append} forgets it). A send to it again goes
     * straight to {@link #heldLane}: a run of sends to one actor looks its route up once. Or null. It keeps one
     * address reachable until the next send elsewhere, as a lane's slots keep their targets (a stopped actor's cell
     * drops its instance).
     */
    private CellAddress<?> heldTarget;
    /** The lane to {@link #heldTarget}'s worker. */
    private OneToOneFrameQueue heldLane;
    /** The sleep handshake of this worker's lane offers to workers that may park. */
    final LaneWakes wakes;

    Outbound(final Worker worker, final int workers, final int capacity, final FullQueuePolicy policy)
    {
        this.worker = worker;
        this.lanes = worker.lanes;
        this.backlogs = new Backlog[workers];
        this.wakes = new LaneWakes(workers);
        this.holds = new CongestionHolds(worker);
        this.capacity = capacity;
        this.policy = policy;
    }

    /**
     * A send from this worker's thread to an actor of another worker.
     *
     * @return false only when {@code applyPolicy} is false and the message could not go at once.
     */
    boolean send(final Worker dest, final CellAddress<?> target, final Object message, final boolean applyPolicy)
    {
        if (target == heldTarget && !target.isCongested())
        {
            // the route of the send before holds (no backlog to dest, a lane there): only the lane's offer is left
            final OneToOneFrameQueue lane = heldLane;
            if (lane.offer(target.cell, message) == FrameQueue.OK)
            {
                afterPublish(dest, lane, 1);
                return true;
            }
            heldTarget = null;
        }
        if (target.isCongested())
        {
            if (!applyPolicy)
            {
                return false;
            }
            if (policy != FullQueuePolicy.WAIT)
            {
                return SendSlowPath.refuseAtSource(worker.runtime, target, message, policy);
            }
            holds.hold(worker.turns.current(), target);
            holding = !holds.isEmpty();
        }
        // no backlog holds a message while none waits (append counts each in, flush each out): one field's look
        if (waiting != 0)
        {
            final Backlog backlog = backlogs[dest.index];
            if (backlog != null && !backlog.isEmpty())
            {
                return applyPolicy && append(backlog, target.cell, message, false);
            }
        }
        final OneToOneFrameQueue lane = lanes.to(dest);
        final int status = offer(dest, lane, target.cell, message);
        if (status == FrameQueue.OK)
        {
            if (lane != null)
            {
                heldTarget = target;
                heldLane = lane;
            }
            afterPublish(dest, lane, 1);
            return true;
        }
        if (status == FrameQueue.CLOSED)
        {
            worker.runtime.deadLetters.record(target.cell, message, DeadLetterReason.ENGINE_CLOSED);
            return true;
        }
        return applyPolicy && append(backlog(dest), target.cell, message, false);
    }

    /** One of the engine's own messages to an actor of another worker: never refused, never waited for. */
    void sendEngineMessage(final Worker dest, final ActorCell<?> target, final EngineMessage message)
    {
        final Backlog backlog = backlogs[dest.index];
        if (backlog == null || backlog.isEmpty())
        {
            final OneToOneFrameQueue lane = lanes.to(dest);
            final int status = offer(dest, lane, target, message);
            if (status == FrameQueue.OK)
            {
                afterPublish(dest, lane, 1);
                return;
            }
            if (status == FrameQueue.CLOSED)
            {
                worker.runtime.deadLetters.record(target, message, DeadLetterReason.ENGINE_CLOSED);
                return;
            }
        }
        append(backlog(dest), target, message, true);
    }

    /** Offer a frame to {@code dest}: through this worker's lane there, or its inbound queue when there is none. */
    private static int offer(final Worker dest, final OneToOneFrameQueue lane, final ActorCell<?> target,
        final Object message)
    {
        return lane != null ? lane.offer(target, message) : dest.inbound.offer(target, message);
    }

    /**
     * Frames were published to {@code dest}: wake it if it may park and sleeps (a spinning worker costs nothing). A
     * lane's lone frame to a worker that never parks is fenced after ({@link OneToOneFrameQueue#fenceLoneFrame}); to
     * one that may park, the wake-up's handshake fences after the cycle's first frame there and once more at the
     * cycle's end for the frames after it ({@link LaneWakes}).
     *
     * @param frames how many were just published, at least 1.
     */
    private void afterPublish(final Worker dest, final OneToOneFrameQueue lane, final int frames)
    {
        if (lane == null)
        {
            if (dest.mayPark)
            {
                dest.wake();
            }
        }
        else if (dest.mayPark)
        {
            wakes.afterOffer(dest, worker.cycle);
        }
        else
        {
            lane.fenceLoneFrame(worker.cycle, frames);
        }
    }

    private Backlog backlog(final Worker dest)
    {
        Backlog backlog = backlogs[dest.index];
        if (backlog == null)
        {
            backlog = new Backlog(dest);
            backlogs[dest.index] = backlog;
        }
        return backlog;
    }

    private boolean append(final Backlog backlog, final ActorCell<?> target, final Object message,
        final boolean engineMessage)
    {
        if (!engineMessage && backlog.size() >= capacity)
        {
            return SendSlowPath.backlogFull(worker, backlog.dest, target, message, policy, capacity);
        }
        backlog.add(target, message);
        // while a backlog holds messages, every send to its worker queues behind them: the held route no longer holds
        heldTarget = null;
        waiting++;
        worker.counters.noteOutbound(waiting);
        final ActorCell<?> sender = worker.turns.current();
        if (sender != null && !engineMessage)
        {
            backlog.hold(sender);
        }
        return true;
    }

    /**
     * Hold a sender on this worker until a congested actor of this worker catches up (a same-worker send).
     */
    void holdOnLocalTarget(final ActorCell<?> sender, final CellAddress<?> target)
    {
        holds.hold(sender, target);
        holding = !holds.isEmpty();
    }

    /**
     * Publish what the backlogs hold as far as the destinations have room, and release the actors whose backlog
     * drained or whose congested target caught up. Once per duty cycle.
     *
     * @return messages published.
     */
    int flush()
    {
        if (holding)
        {
            holds.releaseCaughtUp();
            holding = !holds.isEmpty();
        }
        if (waiting == 0)
        {
            return 0;
        }
        int published = 0;
        for (final Backlog backlog : backlogs)
        {
            if (backlog != null && !backlog.isEmpty())
            {
                published += publish(backlog);
            }
        }
        waiting -= published;
        return published;
    }

    private int publish(final Backlog backlog)
    {
        final Worker dest = backlog.dest;
        final OneToOneFrameQueue lane = lanes.to(dest);
        int published = 0;
        while (!backlog.isEmpty())
        {
            final int status = offer(dest, lane, backlog.peekTarget(), backlog.peekMessage());
            if (status == FrameQueue.FULL)
            {
                break;
            }
            if (status == FrameQueue.CLOSED)
            {
                worker.runtime.deadLetters.record(backlog.peekTarget(), backlog.peekMessage(),
                    DeadLetterReason.ENGINE_CLOSED);
            }
            backlog.remove();
            published++;
        }
        if (published > 0)
        {
            afterPublish(dest, lane, published);
        }
        if (backlog.isEmpty())
        {
            backlog.releaseHeld(worker);
        }
        return published;
    }

    /** @return true when nothing waits to be published and nobody is held. */
    boolean isIdle()
    {
        return waiting == 0 && !holding;
    }

    /** Close: what could not be published is counted as dead letters; held actors are released. */
    void deadLetterAll(final DeadLetterReason reason)
    {
        for (final Backlog backlog : backlogs)
        {
            if (backlog != null)
            {
                while (!backlog.isEmpty())
                {
                    worker.runtime.deadLetters.record(backlog.peekTarget(), backlog.peekMessage(), reason);
                    backlog.remove();
                }
                backlog.releaseHeld(worker);
            }
        }
        waiting = 0;
        holds.releaseAll();
        holding = false;
    }
}
