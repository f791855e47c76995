package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.inbound.ManyToOneFrameQueue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The rare cases of a send: a full queue, a closed engine, a control signal. Kept out of {@link Worker} so the
 * per-message methods stay small enough to inline. Stateless.
 */
final class SendSlowPath
{
    private SendSlowPath()
    {
    }

    /** A cross-thread offer was refused: apply the full-queue policy, or report the closed engine. */
    static boolean offerFailed(
        final Worker worker,
        final ActorCell<?> target,
        final Object message,
        final int status,
        final boolean applyPolicy)
    {
        if (status == ManyToOneFrameQueue.CLOSED)
        {
            return closed(worker, target, message);
        }
        if (!applyPolicy)
        {
            return false;
        }
        final FullQueuePolicy policy = worker.runtime.config.fullQueuePolicy();
        switch (policy)
        {
            case DROP ->
            {
                worker.runtime.deadLetters.record(target, message, DeadLetterReason.QUEUE_FULL);
                return true;
            }
            case FAIL -> throw inboundFull(worker, target, "");
            default ->
            {
                if (worker.runtime.workers.isWorkerThread(Thread.currentThread()))
                {
                    throw inboundFull(worker, target, "; a worker never waits for another worker's queue, since two " +
                        "workers waiting for each other would deadlock");
                }
                return waitForRoom(worker, target, message);
            }
        }
    }

    /** A mailbox on the owner's thread is full; the owner cannot wait for itself. */
    static boolean mailboxFull(
        final Worker worker,
        final ActorCell<?> target,
        final Object message,
        final boolean applyPolicy,
        final FullQueuePolicy policy)
    {
        if (!applyPolicy)
        {
            return false;
        }
        if (policy == FullQueuePolicy.DROP)
        {
            worker.deadLetter(target, message, DeadLetterReason.QUEUE_FULL);
            return true;
        }
        throw new QueueFullException("mailbox of actor '" + target.name + "' is full (capacity " +
            target.mailbox.capacity() + ", " + "mailbox.capacity)" +
            (policy == FullQueuePolicy.WAIT ? "; a send on the actor's own worker cannot wait for room, since that " +
            "worker is the one that empties it" : "") + "; raise mailbox.capacity or slow the sender down");
    }

    /**
     * Send the engine's own message (a signal, an answer); it must not be lost, so it waits for room whatever the
     * policy, also on a worker (such messages are few beside the queue's capacity). A closed queue counts it.
     */
    static void sendSignal(final Worker worker, final ActorCell<?> target, final Object signal)
    {
        final int status = worker.inbound.offer(target, signal);
        if (status == ManyToOneFrameQueue.OK)
        {
            worker.wake();
        }
        else if (status == ManyToOneFrameQueue.FULL)
        {
            waitForRoom(worker, target, signal);
        }
        else if (!(signal instanceof Signal))
        {
            worker.runtime.deadLetters.record(target, signal, DeadLetterReason.ENGINE_CLOSED);
        }
    }

    private static boolean waitForRoom(final Worker worker, final ActorCell<?> target, final Object message)
    {
        final long timeoutNs = worker.runtime.config.sendTimeoutNs();
        final long deadlineNs = System.nanoTime() + timeoutNs;
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
                return closed(worker, target, message);
            }
            if (System.nanoTime() - deadlineNs >= 0)
            {
                throw inboundFull(worker, target, " and stayed full for " +
                    TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms (send.timeoutNs)");
            }
            worker.wake();
            tries++;
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
    }

    private static boolean closed(final Worker worker, final ActorCell<?> target, final Object message)
    {
        if (worker.runtime.workers.isWorkerThread(Thread.currentThread()))
        {
            worker.runtime.deadLetters.record(target, message, DeadLetterReason.ENGINE_CLOSED);
            return true;
        }
        throw worker.close.closedException("send to actor '" + target.name + "'");
    }

    private static QueueFullException inboundFull(final Worker worker, final ActorCell<?> target, final String more)
    {
        return new QueueFullException("inbound queue of worker " + worker.name + " is full (capacity " +
            worker.inbound.capacity() + ", inbound.capacity)" + more + "; message for actor '" + target.name +
            "' not sent; raise inbound.capacity, slow the sender down, or choose send.fullQueuePolicy=drop|wait");
    }
}
