package io.hotpath.remote.transport;

import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.UndeliveredException;
import io.hotpath.remote.NodeClosedException;
import io.hotpath.remote.NodeUnreachableException;

import java.util.concurrent.TimeUnit;

/**
 * The exceptions a node fails asks with. A failed reply keeps its exception for as long as the reply is kept, and
 * a node's stack says nothing about the asker's code: so, unless {@code remote.stackTraces} asks for them, the
 * node's own exceptions record no stack trace, and the engine's kinds (which always record one) are made once per
 * remote actor and reason and shared by the asks they fail. Thread safe.
 */
final class Failures
{
    private final boolean stackTraces;

    Failures(final boolean stackTraces)
    {
        this.stackTraces = stackTraces;
    }

    /**
     * @param target the actor asked.
     * @param reason why the ask was not delivered.
     * @param detail what the actor's node said, or null.
     * @return the exception an undelivered ask fails with.
     */
    UndeliveredException undelivered(final RemoteRef<?> target, final DeadLetterReason reason, final String detail)
    {
        final RemoteTarget bound = target.target();
        if (stackTraces || bound == null)
        {
            return newUndelivered(target, reason, detail);
        }
        final int i = reason.ordinal();
        UndeliveredException[] made = bound.undelivered;
        if (made == null)
        {
            made = new UndeliveredException[DeadLetterReason.values().length];
            bound.undelivered = made;
        }
        UndeliveredException ex = made[i];
        if (ex == null)
        {
            ex = newUndelivered(target, reason, detail);
            made[i] = ex;
        }
        return ex;
    }

    private static UndeliveredException newUndelivered(final RemoteRef<?> target, final DeadLetterReason reason,
        final String detail)
    {
        return new UndeliveredException("ask to actor '" + target.name() + "' was not delivered" +
            (detail == null ? ": " + reason : " on its node: " + reason + " (" + detail + ")"), reason);
    }

    /**
     * @param target    the actor asked.
     * @param timeoutNs the ask's timeout.
     * @return the exception an ask that got no answer in time fails with, worded as the engine words its own.
     */
    AskTimeoutException timeout(final RemoteRef<?> target, final long timeoutNs)
    {
        final RemoteTarget bound = target.target();
        if (!stackTraces && bound != null)
        {
            final RemoteTarget.TimedOut last = bound.lastTimeout;
            if (last != null && last.timeoutNs() == timeoutNs)
            {
                return last.exception();
            }
        }
        final AskTimeoutException ex = new AskTimeoutException("ask to actor '" + target.name() + "' got no reply " +
            "within " + TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms (" + timeoutNs + " ns)");
        if (!stackTraces && bound != null)
        {
            bound.lastTimeout = new RemoteTarget.TimedOut(timeoutNs, ex);
        }
        return ex;
    }

    /**
     * @param node    the node that is unreachable.
     * @param message says why.
     * @return the exception.
     */
    NodeUnreachableException unreachable(final String node, final String message)
    {
        return new NodeUnreachableException(node, message, stackTraces);
    }

    /**
     * @param message says what ended and why.
     * @return the exception an ask the node's leaving ended fails with.
     */
    NodeClosedException closed(final String message)
    {
        return new NodeClosedException(message, stackTraces);
    }
}
