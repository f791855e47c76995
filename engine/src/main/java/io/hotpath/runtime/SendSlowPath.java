package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.inbound.ManyToOneFrameQueue;

import java.util.concurrent.locks.LockSupport;

/**
 * The rare cases of a send: a full queue or mailbox, a congested target, a closed engine, an engine message from a
 * thread outside the engine. Kept out of {@link Worker} so the per-message methods stay small enough to inline.
 * Stateless.
 */
final class SendSlowPath
{
    private SendSlowPath()
    {
    }

    /**
     * An offer from a thread outside the engine was refused: apply the full-queue policy, or report the closed
     * engine. Worker threads never come here: their sends go through their {@link Outbound}.
     */
    static boolean offerFailed(final Worker worker, final ActorCell<?> target, final Object message, final int status,
        final boolean applyPolicy)
    {
        if (status == ManyToOneFrameQueue.CLOSED)
        {
            throw worker.close.closedException("send to actor '" + target.name + "'");
        }
        if (!applyPolicy)
        {
            return false;
        }
        return switch (worker.fullQueuePolicy)
        {
            case DROP -> dropped(worker.runtime, target, message, "inbound");
            case FAIL -> throw inboundFull(worker, target, "fail", "");
            case WAIT -> waitForRoom(worker, target, message, worker.runtime.config.sendTimeoutNs(), false);
        };
    }

    /**
     * A thread outside the engine sends to an actor whose mailbox is congested: the policy applies at the source, so
     * the actor's congestion does not fill its worker's inbound queue. Under wait, the sender waits (up to
     * {@code send.timeoutNs}) for the actor to catch up, or until the engine closes, which refuses the send.
     */
    static boolean congestedFromOutside(final Worker worker, final CellAddress<?> target, final Object message,
        final boolean applyPolicy)
    {
        if (!applyPolicy)
        {
            return false;
        }
        final FullQueuePolicy policy = worker.fullQueuePolicy;
        if (policy != FullQueuePolicy.WAIT)
        {
            return refuseAtSource(worker.runtime, target, message, policy);
        }
        final long timeoutNs = worker.runtime.config.sendTimeoutNs();
        final long startNs = System.nanoTime();
        int tries = 0;
        while (target.isCongested() && !target.isStopped())
        {
            if (worker.close.closing)
            {
                // the close refuses every send from outside the engine from now on, so no wait here can end in a
                // delivery; fail now rather than when the close has emptied the actor's mailbox and cleared its mark
                throw worker.close.closedException("send to actor '" + target.name() + "'");
            }
            if (System.nanoTime() - startNs - timeoutNs >= 0)
            {
                throw congested(target, "wait", " and stayed so for " + Durations.text(timeoutNs) +
                    " (send.timeoutNs)");
            }
            pause(++tries);
        }
        return Sends.offerFromOutside(worker, target.cell, message, true);
    }

    /** A sender met a congested target under the drop or fail policy. */
    static boolean refuseAtSource(final EngineRuntime runtime, final CellAddress<?> target, final Object message,
        final FullQueuePolicy policy)
    {
        if (policy == FullQueuePolicy.DROP)
        {
            return dropped(runtime, target.cell, message, "congested");
        }
        throw congested(target, "fail", "");
    }

    /** A send on the target's own worker found its mailbox full. */
    static boolean mailboxFull(final Worker worker, final ActorCell<?> target, final Object message, final int mode)
    {
        if (mode == Delivery.OFFER)
        {
            return false;
        }
        if (mode == Delivery.POLICY && worker.fullQueuePolicy != FullQueuePolicy.WAIT)
        {
            if (worker.fullQueuePolicy == FullQueuePolicy.DROP)
            {
                return dropped(worker.runtime, target, message, "mailbox");
            }
            JfrEvents.queueFull(target, "mailbox", "fail");
            throw new QueueFullException("mailbox of actor '" + target.name + "' is full (capacity " +
                target.mailbox.capacity() + ", mailbox.capacity); raise mailbox.capacity, slow the sender down, " +
                "or choose send.fullQueuePolicy=wait");
        }
        if (target.mailbox.size() >= worker.mailboxHardCapacity && !(message instanceof EngineMessage))
        {
            if (mode == Delivery.POLICY)
            {
                JfrEvents.queueFull(target, "mailbox beyond capacity", "wait");
                throw new QueueFullException("mailbox of actor '" + target.name + "' holds " +
                    target.mailbox.size() + " messages, all it may take while congested (mailbox.capacity + " +
                    "inbound.capacity + workers x outbound.capacity + (workers - 1) x inbound.laneCapacity); its " +
                    "sender sent that many in one turn");
            }
            return dropped(worker.runtime, target, message, "mailbox beyond capacity");
        }
        // it arrived (a frame, a timer, the engine's own), or a user's tell under wait: it takes its place beyond the
        // capacity, the actor is congested until it catches up, and the sending actor waits for that
        target.mailbox.offerBeyondCapacity(message);
        target.countReschedule();
        target.markCongested();
        worker.ready.scheduleIfBacklogged(target);
        if (mode == Delivery.POLICY)
        {
            worker.outbound.holdOnLocalTarget(worker.turns.current(), target.address);
        }
        return true;
    }

    /** One worker's backlog for another is at its capacity: the policy applies, since a worker cannot wait. */
    static boolean backlogFull(final Worker worker, final Worker dest, final ActorCell<?> target,
        final Object message, final FullQueuePolicy policy, final int capacity)
    {
        if (policy == FullQueuePolicy.DROP)
        {
            return dropped(worker.runtime, target, message, "outbound");
        }
        JfrEvents.queueFull(target, "outbound", policy.configName());
        throw new QueueFullException("worker " + worker.name + " holds " + capacity + " messages for worker " +
            dest.name + ", whose queue from it is full (the lane, or the inbound queue without lanes; " +
            "outbound.capacity); message for actor '" + target.name + "' not sent: the actors of worker " +
            worker.name + " sent more to it than the lane and the backlog hold (a sender is held back only after its " +
            "turn, so one long turn, or many senders in one turn each, can); raise outbound.capacity or " +
            "inbound.laneCapacity (inbound.capacity without lanes), or send less per turn");
    }

    /**
     * One of the engine's own messages (an answer, a signal) from a thread outside the engine: it must not be
     * lost, so it waits for room as long as it takes (workers never wait for each other, so room always comes);
     * a closed queue counts it as a dead letter.
     */
    static void sendEngineMessageFromOutside(final Worker worker, final ActorCell<?> target,
        final EngineMessage message)
    {
        waitForRoom(worker, target, message, Long.MAX_VALUE, true);
    }

    private static boolean waitForRoom(final Worker worker, final ActorCell<?> target, final Object message,
        final long timeoutNs, final boolean engineMessage)
    {
        final long startNs = System.nanoTime();
        int tries = 0;
        while (true)
        {
            final int status = worker.inbound.offer(target, message);
            if (status == ManyToOneFrameQueue.OK)
            {
                worker.wake();
                return true;
            }
            if (status == ManyToOneFrameQueue.CLOSED)
            {
                if (engineMessage)
                {
                    worker.runtime.deadLetters.record(target, message, DeadLetterReason.ENGINE_CLOSED);
                    return true;
                }
                throw worker.close.closedException("send to actor '" + target.name + "'");
            }
            if (System.nanoTime() - startNs - timeoutNs >= 0)
            {
                throw inboundFull(worker, target, "wait", " and stayed full for " +
                    Durations.text(timeoutNs) + " (send.timeoutNs)");
            }
            worker.wake();
            pause(++tries);
        }
    }

    private static void pause(final int tries)
    {
        if (tries < 100)
        {
            Thread.onSpinWait();
        }
        else if (tries < 200)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(50_000);
        }
    }

    private static boolean dropped(final EngineRuntime runtime, final ActorCell<?> target, final Object message,
        final String queue)
    {
        JfrEvents.queueFull(target, queue, "drop");
        if (Thread.currentThread() == target.worker.owner)
        {
            target.worker.deadLetter(target, message, DeadLetterReason.QUEUE_FULL);
        }
        else
        {
            runtime.deadLetters.record(target, message, DeadLetterReason.QUEUE_FULL);
        }
        return true;
    }

    private static QueueFullException inboundFull(final Worker worker, final ActorCell<?> target,
        final String policy, final String more)
    {
        JfrEvents.queueFull(target, "inbound", policy);
        return new QueueFullException("inbound queue of worker " + worker.name + " is full (capacity " +
            worker.inbound.capacity() + ", inbound.capacity)" + more + "; message for actor '" + target.name +
            "' not sent; raise inbound.capacity, slow the sender down, or choose send.fullQueuePolicy=drop|wait");
    }

    private static QueueFullException congested(final CellAddress<?> target, final String policy,
        final String more)
    {
        JfrEvents.queueFull(target.cell, "congested", policy);
        return new QueueFullException("actor '" + target.name() + "' is congested: its mailbox is above its " +
            "capacity (mailbox.capacity)" + more + "; message not sent; slow the sender down, raise " +
            "mailbox.capacity, or choose send.fullQueuePolicy=drop|wait");
    }
}
