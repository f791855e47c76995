package io.hotpath.remote.transport;

import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.QueueFullException;
import io.hotpath.UndeliveredException;
import io.hotpath.remote.NodeClosedException;
import io.hotpath.remote.NodeUnreachableException;

import java.util.concurrent.TimeUnit;

/**
 * The exceptions a node fails asks and refuses sends with. A failed reply keeps its exception for as long as the
 * reply is kept, and a node's stack says nothing about the asker's code: so, unless {@code remote.stackTraces} asks
 * for them, the node's own exceptions record no stack trace, and the engine's kinds (which always record one) are
 * made once per remote actor and reason and shared by the asks they fail. A refused send is the same: a sender that
 * keeps sending to an actor that cannot take more (a worker's full backlog or hold under wait, fail) is refused with
 * one {@link QueueFullException} per remote actor and kind of refusal, made once, its stack trace cleared, so that a
 * refusal costs no exception of its own. Thread safe.
 */
final class Failures
{
    /** A worker's backlog for a publication Aeron pushes back on is full. */
    static final int BACKLOG_FULL = 0;
    /** The actor is congested and, under wait, the worker's hold for it is full. */
    static final int HOLD_FULL = 1;
    /** The actor is congested, under fail, for a worker's send. */
    static final int CONGESTED = 2;
    /** The actor is congested, under fail, for an outside thread's send. */
    static final int CONGESTED_OUTSIDE = 6;
    /** An outside thread's send that Aeron pushes back on, under fail. */
    static final int PUSHED_BACK = 3;
    /** An outside thread's send that Aeron pushed back on for longer than {@code send.timeoutNs}, under wait. */
    static final int PUSHED_BACK_TOO_LONG = 4;
    /** An outside thread's send to an actor that stayed congested for longer than {@code send.timeoutNs}. */
    static final int CONGESTED_TOO_LONG = 5;
    private static final int REFUSALS = 7;
    private static final StackTraceElement[] NO_STACK = new StackTraceElement[0];

    private final boolean stackTraces;
    private final int backlog;
    private final long sendTimeoutNs;

    Failures(final boolean stackTraces, final int backlog, final long sendTimeoutNs)
    {
        this.stackTraces = stackTraces;
        this.backlog = backlog;
        this.sendTimeoutNs = sendTimeoutNs;
    }

    /**
     * @param target the actor a send to was refused.
     * @param kind   why: {@link #BACKLOG_FULL}, {@link #HOLD_FULL}, {@link #CONGESTED} (a worker's send);
     *               {@link #PUSHED_BACK}, {@link #PUSHED_BACK_TOO_LONG}, {@link #CONGESTED_OUTSIDE} or
     *               {@link #CONGESTED_TOO_LONG} (an outside thread's).
     * @return the exception the send is refused with: shared, without a stack trace, unless {@code
     * remote.stackTraces}.
     */
    QueueFullException queueFull(final RemoteRef<?> target, final int kind)
    {
        final RemoteTarget bound = target.target();
        if (stackTraces || bound == null)
        {
            return newQueueFull(target, kind);
        }
        QueueFullException[] made = bound.refusals;
        if (made == null)
        {
            made = new QueueFullException[REFUSALS];
            bound.refusals = made;
        }
        QueueFullException ex = made[kind];
        if (ex == null)
        {
            ex = newQueueFull(target, kind);
            ex.setStackTrace(NO_STACK);
            made[kind] = ex;
        }
        return ex;
    }

    private QueueFullException newQueueFull(final RemoteRef<?> target, final int kind)
    {
        final String timeout = TimeUnit.NANOSECONDS.toMillis(sendTimeoutNs) + " ms (send.timeoutNs)";
        final String congested = "its mailbox on its node is congested (above mailbox.capacity)";
        final String why = switch (kind)
        {
            case BACKLOG_FULL -> "Aeron pushes back and this worker's backlog for its node's worker is full (" +
                backlog + " messages, remote.backlog)";
            case HOLD_FULL -> congested + " and this worker already holds " + backlog + " messages for it " +
                "(remote.backlog)";
            case CONGESTED -> congested;
            case CONGESTED_OUTSIDE -> congested + " (send.fullQueuePolicy=fail)";
            case PUSHED_BACK -> "Aeron pushes back (send.fullQueuePolicy=fail)";
            case PUSHED_BACK_TOO_LONG -> "Aeron pushes back and did not make room within " + timeout;
            case CONGESTED_TOO_LONG -> congested + " and did not catch up within " + timeout;
            default -> throw new IllegalArgumentException("refusal kind " + kind);
        };
        final String fix = kind == BACKLOG_FULL || kind == HOLD_FULL || kind == CONGESTED ?
            "; a worker never waits: slow the sender down, use offer(), or drop (send.fullQueuePolicy=drop)" :
            "; slow the sender down, use offer(), or choose send.fullQueuePolicy=drop";
        return new QueueFullException("remote send to actor '" + target.name() + "': " + why + fix);
    }

    /**
     * @param target the actor asked.
     * @param reason why the ask was not delivered.
     * @param detail what the actor's node said, or why the two nodes' codecs disagree (made anew each time, since
     *               it names the message's type), or null.
     * @return the exception an undelivered ask fails with.
     */
    UndeliveredException undelivered(final RemoteRef<?> target, final DeadLetterReason reason, final String detail)
    {
        final RemoteTarget bound = target.target();
        if (stackTraces || bound == null || reason == DeadLetterReason.CODEC_MISMATCH)
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
            (detail == null ? ": " + reason : reason == DeadLetterReason.CODEC_MISMATCH ? ": " + reason + " (" +
            detail + ")" : " on its node: " + reason + " (" + detail + ")"), reason);
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
