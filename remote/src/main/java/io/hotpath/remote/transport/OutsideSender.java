package io.hotpath.remote.transport;

import io.aeron.Publication;
import io.hotpath.DeadLetterReason;
import io.hotpath.EngineClosedException;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.Reply;
import io.hotpath.remote.NodeClosedException;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends from threads outside the engine (a market-data reader, a test's main thread): on one concurrent publication
 * per peer worker, shared by all such threads, so each thread's sends to one actor stay in order. Thread safe; each
 * thread encodes with a {@link FrameSender} of its own.
 * <p>
 * When Aeron pushes back, or the actor's node says it is congested, the engine's full-queue policy applies at once,
 * as for a full inbound queue: fail throws a {@link QueueFullException}, drop counts a QUEUE_FULL dead letter, wait
 * retries (spinning, then yielding, then parking up to 100 us) until {@code send.timeoutNs} has passed and then
 * throws. Asks are kept in a concurrent map until answered (their answers come back on the stream of worker
 * {@link NodeRuntime#outsideAnswerWorker}); whoever takes an ask out of the map completes it and cancels its timeout,
 * so an answered or failed ask keeps nothing behind. Timeouts run on one daemon thread of the node's, made on the
 * first ask that has one.
 * <p>
 * A refusal builds nothing: {@code offer} returns false, and a send refused under fail, or after wait ran out of
 * time, throws the remote actor's shared exception for that kind of refusal ({@link Failures#queueFull}). Every
 * refusal is counted ({@link NodeCounters#refusedOutside}); drop's are QUEUE_FULL dead letters instead.
 */
final class OutsideSender
{
    /** {@link #congested}: send on. */
    private static final int GO = 0;
    /** {@link #congested}: an offer, refused. */
    private static final int REFUSED = 1;
    /** {@link #congested}: counted as a dead letter under drop. */
    private static final int DROPPED = 2;

    private final NodeRuntime node;
    private final ThreadLocal<FrameSender> senders;
    private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong nextCorrelation = new AtomicLong();
    private volatile ScheduledThreadPoolExecutor timer;

    /** An outside ask on its way: who asked what, and the task that fails it at its timeout (or null). */
    private static final class Pending
    {
        final Reply<?> reply;
        final Session session;
        final RemoteRef<?> target;
        volatile ScheduledFuture<?> timeout;

        Pending(final Reply<?> reply, final Session session, final RemoteRef<?> target)
        {
            this.reply = reply;
            this.session = session;
            this.target = target;
        }
    }

    OutsideSender(final NodeRuntime node)
    {
        this.node = node;
        this.senders = ThreadLocal.withInitial(() ->
            new FrameSender(node.config.codecs(), node.maxMessageLength, -1));
    }

    boolean send(final RemoteRef<?> ref, final Object message, final Reply<?> reply, final boolean applyPolicy,
        final long timeoutNs)
    {
        if (node.checkLeaving())
        {
            return refuse(ref, message, reply);
        }
        final RemoteTarget target = ref.target();
        final Session session = target == null ? null : target.session;
        if (session == null || session.state == Session.LOST)
        {
            deadLetter(ref, message, reply, DeadLetterReason.NODE_UNREACHABLE);
            return true;
        }
        if (target.congested)
        {
            final int outcome = congested(ref, target, message, reply, applyPolicy);
            if (outcome == REFUSED)
            {
                node.counters.refusedOutside();
                return false;
            }
            if (outcome == DROPPED)
            {
                return true;
            }
        }
        final long correlation = reply == null ? 0 : PendingAsks.OUTSIDE_BIT | nextCorrelation.incrementAndGet();
        if (reply != null)
        {
            final Pending entry = new Pending(reply, session, ref);
            pending.put(correlation, entry);
            if (timeoutNs > 0)
            {
                entry.timeout = timer().schedule(() -> expire(correlation, timeoutNs), timeoutNs,
                    TimeUnit.NANOSECONDS);
            }
            if (session.state == Session.LOST || node.leaving)
            {
                // the control agent may have failed this session's asks before this one was in the map
                fail(correlation, session.state == Session.LOST ?
                    node.failures.unreachable(session.address.toString(), session.lostMessage()) :
                    node.failures.closed("ask to actor '" + ref.name() + "' ended unanswered: " + node.leaveReason()));
                return true;
            }
        }
        final FrameSender sender = senders.get();
        final Publication pub = session.shared[target.worker];
        long deadlineNs = 0;
        for (int attempt = 0; ; attempt++)
        {
            final long result = correlation == 0 ?
                sender.tell(pub, session, target.exportId, message) :
                sender.ask(pub, session, target.exportId, message, correlation, node.outsideAnswerWorker);
            if (result >= 0)
            {
                return true;
            }
            if (!FrameSender.isTransient(result) || session.state == Session.LOST)
            {
                final DeadLetterReason reason = WorkerSends.reasonOf(result);
                node.logCodecError(sender, reason, message);
                final Reply<?> taken = take(correlation);
                if (taken != null)
                {
                    node.failAsk(ref, taken, reason, reason == DeadLetterReason.CODEC_MISMATCH ?
                        sender.lastMismatch : null);
                }
                else
                {
                    node.deadLetter(ref, message, reason);
                }
                return true;
            }
            if (!applyPolicy)
            {
                node.counters.refusedOutside();
                return false;
            }
            if (node.policy == FullQueuePolicy.DROP)
            {
                deadLetter(ref, message, take(correlation), DeadLetterReason.QUEUE_FULL);
                return true;
            }
            final long nowNs = System.nanoTime();
            if (deadlineNs == 0)
            {
                deadlineNs = nowNs + node.sendTimeoutNs;
            }
            if (node.policy == FullQueuePolicy.FAIL || nowNs - deadlineNs >= 0)
            {
                final QueueFullException ex = node.failures.queueFull(ref, node.policy == FullQueuePolicy.FAIL ?
                    Failures.PUSHED_BACK : Failures.PUSHED_BACK_TOO_LONG);
                node.counters.refusedOutside();
                failTaken(correlation, ex);
                throw ex;
            }
            idle(attempt);
        }
    }

    /**
     * The actor's node says it is congested: the policy applies here, before anything is sent.
     *
     * @return {@link #GO} when the send may go on (wait saw the actor catch up), {@link #REFUSED} for an offer,
     * {@link #DROPPED} when drop counted it.
     */
    private int congested(final RemoteRef<?> ref, final RemoteTarget target, final Object message,
        final Reply<?> reply, final boolean applyPolicy)
    {
        if (!applyPolicy)
        {
            return REFUSED;
        }
        if (node.policy == FullQueuePolicy.DROP)
        {
            deadLetter(ref, message, reply, DeadLetterReason.QUEUE_FULL);
            return DROPPED;
        }
        if (node.policy == FullQueuePolicy.FAIL)
        {
            throw refusedCongested(ref, reply, Failures.CONGESTED_OUTSIDE);
        }
        final long deadlineNs = System.nanoTime() + node.sendTimeoutNs;
        for (int attempt = 0; target.congested; attempt++)
        {
            if (target.session.state == Session.LOST || node.leaving)
            {
                return GO;
            }
            if (System.nanoTime() - deadlineNs >= 0)
            {
                throw refusedCongested(ref, reply, Failures.CONGESTED_TOO_LONG);
            }
            idle(attempt);
        }
        return GO;
    }

    /** A send to a congested actor is refused: counted, its ask failed; the exception to throw. */
    private QueueFullException refusedCongested(final RemoteRef<?> ref, final Reply<?> reply, final int kind)
    {
        final QueueFullException ex = node.failures.queueFull(ref, kind);
        node.counters.refusedOutside();
        if (reply != null)
        {
            reply.fail(ex);
        }
        return ex;
    }

    private void deadLetter(final RemoteRef<?> ref, final Object message, final Reply<?> reply,
        final DeadLetterReason reason)
    {
        if (reply != null)
        {
            node.failAsk(ref, reply, reason);
        }
        else
        {
            node.deadLetter(ref, message, reason);
        }
    }

    /**
     * A send after the node began to leave: refused with the exception a local send from outside gets once the
     * engine is closed ({@link EngineClosedException}), or a {@link NodeClosedException} after the node's own
     * close; counted as a dead letter too, so the refusals show in the engine's statistics.
     */
    private boolean refuse(final RemoteRef<?> ref, final Object message, final Reply<?> reply)
    {
        final boolean byEngine = node.leftWithEngine();
        node.deadLetter(ref, message, byEngine ? DeadLetterReason.ENGINE_CLOSED : DeadLetterReason.NODE_UNREACHABLE);
        final String what = "send to actor '" + ref.name() + "'";
        final IllegalStateException ex = byEngine ?
            new EngineClosedException("cannot " + what + ": the engine is closed (its node " + node.address +
                " left the network with it); start a new engine and node") :
            new NodeClosedException("cannot " + what + ": node " + node.address + " is closed; start a new " +
                "node to reach the network again");
        if (reply != null)
        {
            reply.fail(ex);
        }
        throw ex;
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

    private ScheduledThreadPoolExecutor timer()
    {
        ScheduledThreadPoolExecutor made = timer;
        if (made == null)
        {
            synchronized (this)
            {
                made = timer;
                if (made == null)
                {
                    made = new ScheduledThreadPoolExecutor(1, task ->
                    {
                        final Thread thread = new Thread(task, "hp-rtimeout");
                        thread.setDaemon(true);
                        return thread;
                    });
                    made.setRemoveOnCancelPolicy(true);
                    timer = made;
                }
            }
        }
        return made;
    }

    /** An outside ask's timeout: it fails, unless it was answered or failed meanwhile. */
    private void expire(final long correlation, final long timeoutNs)
    {
        final Pending entry = pending.remove(correlation);
        if (entry != null)
        {
            entry.reply.fail(node.failures.timeout(entry.target, timeoutNs));
        }
    }

    /** Take a pending ask out of the map, its timeout cancelled: its taker completes it. */
    private Reply<?> take(final long correlation)
    {
        if (correlation == 0)
        {
            return null;
        }
        final Pending entry = pending.remove(correlation);
        if (entry == null)
        {
            return null;
        }
        final ScheduledFuture<?> timeout = entry.timeout;
        if (timeout != null)
        {
            timeout.cancel(false);
        }
        return entry.reply;
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
        final Reply<?> reply = take(correlation);
        if (reply == null)
        {
            node.deadLetter(from.nodeRef, error != null ? error : value, DeadLetterReason.LATE_REPLY);
        }
        else if (error != null)
        {
            reply.fail(error);
        }
        else
        {
            ((Reply<Object>)reply).complete(value);
        }
    }

    private void fail(final long correlation, final Throwable error)
    {
        failTaken(correlation, error);
    }

    private void failTaken(final long correlation, final Throwable error)
    {
        final Reply<?> reply = take(correlation);
        if (reply != null)
        {
            reply.fail(error);
        }
    }

    /** The control agent lost a session: fail its outside asks at once (as closed when this node leaves). */
    void failSession(final Session session)
    {
        for (final var each : pending.entrySet())
        {
            if (each.getValue().session == session)
            {
                final String name = each.getValue().target.name();
                fail(each.getKey(), node.leaving ?
                    node.failures.closed("ask to actor '" + name + "' ended unanswered: " + node.leaveReason()) :
                    node.failures.unreachable(session.address.toString(), "ask to actor '" + name + "' failed: " +
                        session.lostMessage()));
            }
        }
    }

    /** Fail every outside ask: the node leaves the network. */
    void failAll(final String why)
    {
        for (final var each : pending.entrySet())
        {
            fail(each.getKey(), node.failures.closed("ask to actor '" + each.getValue().target.name() +
                "' ended unanswered: " + why));
        }
    }

    /** Stop the timeout thread; the node's close, once every ask has ended. */
    void close()
    {
        final ScheduledThreadPoolExecutor made = timer;
        if (made != null)
        {
            made.shutdownNow();
        }
    }
}
