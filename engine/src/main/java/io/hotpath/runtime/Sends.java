package io.hotpath.runtime;

import io.hotpath.inbound.ManyToOneFrameQueue;

/**
 * How a message leaves its sender: the path is decided by the sending thread, here, before anything of the target's
 * worker is touched. A send on the target's own worker is delivered at once ({@link Delivery}); one from another
 * worker of the engine goes through that worker's {@link Outbound} (its lane to the target's worker, or its backlog);
 * one from any other thread is offered to the target worker's inbound queue. Stateless; thread safe.
 */
final class Sends
{
    private Sends()
    {
    }

    /**
     * Send a user's message to an actor of this engine.
     *
     * @param applyPolicy true for a tell (a full queue applies the full-queue policy), false for an offer.
     * @return false only when {@code applyPolicy} is false and the message could not go now.
     */
    static boolean send(final CellAddress<?> target, final Object message, final boolean applyPolicy)
    {
        final Worker dest = target.worker;
        final Thread thread = Thread.currentThread();
        if (thread == dest.owner)
        {
            return Delivery.deliver(
                dest, target.cell, target.instance, message, applyPolicy ? Delivery.POLICY : Delivery.OFFER);
        }
        if (thread instanceof WorkerThread workerThread && workerThread.runtime == dest.runtime)
        {
            return workerThread.outbound.send(dest, target, message, applyPolicy);
        }
        final Worker from = dest.runtime.workers.workerOf(thread);
        if (from != null)
        {
            // a worker driven by a service's thread
            return from.outbound.send(dest, target, message, applyPolicy);
        }
        return fromOutside(dest, target, message, applyPolicy);
    }

    /** A send from a thread outside the engine: refused while closing, applied at the source while congested. */
    private static boolean fromOutside(final Worker dest, final CellAddress<?> target, final Object message,
        final boolean applyPolicy)
    {
        if (dest.close.closing)
        {
            dest.close.checkSender(target.cell);
        }
        if (target.isCongested())
        {
            return SendSlowPath.congestedFromOutside(dest, target, message, applyPolicy);
        }
        return offerFromOutside(dest, target.cell, message, applyPolicy);
    }

    /** The inbound queue's part of a send from a thread outside the engine. */
    static boolean offerFromOutside(final Worker dest, final ActorCell<?> target, final Object message,
        final boolean applyPolicy)
    {
        final int status = dest.inbound.offer(target, message);
        if (status != ManyToOneFrameQueue.OK)
        {
            return SendSlowPath.offerFailed(dest, target, message, status, applyPolicy);
        }
        if (dest.mayPark)
        {
            dest.wake();
        }
        return true;
    }

    /**
     * Send one of the engine's own messages; it must not be refused: a control message acts at once on the target's
     * worker, any other waits its turn, growing a full mailbox if need be.
     */
    static void sendEngineMessage(final ActorCell<?> target, final EngineMessage message)
    {
        final Worker dest = target.worker;
        final Thread thread = Thread.currentThread();
        if (thread == dest.owner)
        {
            if (message.isControl())
            {
                message.onArrival(dest, target);
            }
            else
            {
                Delivery.deliver(dest, target, message, Delivery.ARRIVED);
            }
            return;
        }
        final Worker from = dest.runtime.workers.workerOf(thread);
        if (from != null)
        {
            from.outbound.sendEngineMessage(dest, target, message);
        }
        else
        {
            SendSlowPath.sendEngineMessageFromOutside(dest, target, message);
        }
    }

    /** Stop an actor: at once on its worker's thread, through the inbound queue from anywhere else. */
    static void stop(final ActorCell<?> cell)
    {
        sendEngineMessage(cell, Signal.STOP);
    }

    /** A parent stops a child: the child says when it has stopped, even if it had already. */
    static void stopForParent(final ActorCell<?> child)
    {
        sendEngineMessage(child, Signal.STOP_FOR_PARENT);
    }
}
