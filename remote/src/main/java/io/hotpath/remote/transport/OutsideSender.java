package io.hotpath.remote.transport;

import io.aeron.Publication;
import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.Reply;
import io.hotpath.remote.NodeUnreachableException;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends from threads outside the engine (a market-data reader, a test's main thread): on one concurrent publication
 * per peer worker, shared by all such threads, so each thread's sends to one actor stay in order. Thread safe; each
 * thread encodes with a {@link FrameSender} of its own.
 * <p>
 * When Aeron pushes back the engine's full-queue policy applies at once, as for a full inbound queue: fail throws a
 * {@link QueueFullException}, drop counts a QUEUE_FULL dead letter, wait retries (spinning, then yielding, then
 * parking up to 100 us) until {@code send.timeoutNs} has passed and then throws. Asks are kept in a concurrent map
 * until answered; their answers come back on the control worker's stream.
 */
final class OutsideSender
{
    private final NodeRuntime node;
    private final ThreadLocal<FrameSender> senders;
    private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong nextCorrelation = new AtomicLong();

    private record Pending(Reply<?> reply, Session session, RemoteRef<?> target)
    {
    }

    OutsideSender(final NodeRuntime node)
    {
        this.node = node;
        this.senders = ThreadLocal.withInitial(() ->
            new FrameSender(node.incarnation, node.config.codecs(), node.maxMessageLength));
    }

    boolean send(final RemoteRef<?> ref, final Object message, final Reply<?> reply, final boolean applyPolicy)
    {
        final Session session = ref.session();
        if (session == null || session.state == Session.LOST || node.closed)
        {
            node.deadLetter(ref, reply != null ? reply : message, DeadLetterReason.NODE_UNREACHABLE);
            return true;
        }
        final long correlation = reply == null ? 0 :
            PendingAsks.OUTSIDE_BIT | nextCorrelation.incrementAndGet();
        if (reply != null)
        {
            pending.put(correlation, new Pending(reply, session, ref));
            if (session.state == Session.LOST)
            {
                // the control worker may have failed this session's asks before this one was in the map
                fail(correlation, new NodeUnreachableException(session.address.toString(), session.lostMessage()));
                return true;
            }
        }
        final FrameSender sender = senders.get();
        final Publication pub = session.shared[ref.remoteWorker];
        long deadlineNs = 0;
        for (int attempt = 0; ; attempt++)
        {
            final long result = correlation == 0 ?
                sender.tell(pub, session.remoteIncarnation, ref.exportId, message) :
                sender.ask(pub, session.remoteIncarnation, ref.exportId, message, correlation, node.controlWorker);
            if (result >= 0)
            {
                return true;
            }
            if (!FrameSender.isTransient(result) || session.state == Session.LOST)
            {
                final DeadLetterReason reason = WorkerLink.reasonOf(result);
                node.logCodecError(sender, reason, message);
                node.deadLetter(ref, reply != null ? take(correlation) : message, reason);
                return true;
            }
            if (!applyPolicy)
            {
                return false;
            }
            if (node.policy == FullQueuePolicy.DROP)
            {
                node.deadLetter(ref, reply != null ? take(correlation) : message, DeadLetterReason.QUEUE_FULL);
                return true;
            }
            final long nowNs = System.nanoTime();
            if (deadlineNs == 0)
            {
                deadlineNs = nowNs + node.sendTimeoutNs;
            }
            if (node.policy == FullQueuePolicy.FAIL || nowNs - deadlineNs >= 0)
            {
                final QueueFullException ex = new QueueFullException("remote send to actor '" + ref.name() +
                    "': Aeron pushes back" + (node.policy == FullQueuePolicy.WAIT ? " and did not make room within " +
                    TimeUnit.NANOSECONDS.toMillis(node.sendTimeoutNs) + " ms (send.timeoutNs)" : " (send." +
                    "fullQueuePolicy=fail)"));
                if (reply != null)
                {
                    fail(correlation, ex);
                }
                throw ex;
            }
            idle(attempt);
        }
    }

    private static void idle(final int attempt)
    {
        if (attempt < 100)
        {
            Thread.onSpinWait();
        }
        else if (attempt < 200)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(Math.min(100_000L, 1_000L << Math.min(attempt - 200, 7)));
        }
    }

    /** Take a pending ask out of the map, for a dead letter: the office fails it. */
    private Object take(final long correlation)
    {
        final Pending entry = pending.remove(correlation);
        return entry == null ? null : entry.reply;
    }

    RemoteRef<?> target(final long correlation)
    {
        final Pending entry = pending.get(correlation);
        return entry == null ? null : entry.target;
    }

    /** An answer for an outside ask, on the worker whose stream it came on. */
    @SuppressWarnings("unchecked")
    void complete(final long correlation, final Object value, final Throwable error, final Session from)
    {
        final Pending entry = pending.remove(correlation);
        if (entry == null)
        {
            node.deadLetter(from.nodeRef, error != null ? error : value, DeadLetterReason.LATE_REPLY);
        }
        else if (error != null)
        {
            entry.reply.fail(error);
        }
        else
        {
            ((Reply<Object>)entry.reply).complete(value);
        }
    }

    private void fail(final long correlation, final Throwable error)
    {
        final Pending entry = pending.remove(correlation);
        if (entry != null)
        {
            entry.reply.fail(error);
        }
    }

    /** The control worker lost a session: fail its outside asks at once. */
    void failSession(final Session session)
    {
        for (final var each : pending.entrySet())
        {
            if (each.getValue().session == session)
            {
                fail(each.getKey(), new NodeUnreachableException(session.address.toString(), "ask to actor '" +
                    each.getValue().target.name() + "' failed: " + session.lostMessage()));
            }
        }
    }

    /** Forget asks whose reply has timed out (their answer would be late anyway). Control worker, per tick. */
    void sweep()
    {
        pending.values().removeIf(entry -> entry.reply.isDone());
    }

    /** Fail every outside ask: the node closes. */
    void failAll(final String why)
    {
        for (final var each : pending.entrySet())
        {
            fail(each.getKey(), new NodeUnreachableException(each.getValue().session.address.toString(), why));
        }
    }
}
