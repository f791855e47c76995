package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import io.hotpath.remote.protocol.AnswerStatus;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one worker sends to remote actors, and the answers it sends back: on its own exclusive publications (one per
 * peer worker: per-pair FIFO), with what Aeron pushes back kept in order per publication ({@link Session#backlogs}),
 * and what a congested actor cannot take now kept in order per actor ({@link RemoteTarget#holds}). Owned by that
 * worker: every method runs on its thread (its link's step, or its actors' sends).
 * <p>
 * The rules, as for a local worker's sends ({@code Outbound} in the engine), so that one slow actor never holds up
 * the sends to the others:
 * <ul>
 * <li>Aeron pushing back: the message joins its publication's backlog, and so does every later one for that
 * publication while the backlog is not empty; past {@code remote.backlog} messages the policy applies.</li>
 * <li>A congested actor (its node said so): the policy applies at the source. Drop counts a QUEUE_FULL dead letter,
 * fail throws a {@link QueueFullException}; wait keeps the message in this worker's hold for that actor, in order,
 * and sends it once the actor has caught up; past {@code remote.backlog} held messages it throws (a worker never
 * waits). Sends to every other actor go on meanwhile.</li>
 * <li>{@code offer} never keeps a message: it returns false instead. Answers are never refused.</li>
 * </ul>
 * A refusal builds nothing: {@code offer} returns false, and a tell or an ask refused under fail or wait throws the
 * remote actor's shared exception for that kind of refusal ({@link Failures#queueFull}). Every refusal is counted
 * ({@link #refused()}); drop's are QUEUE_FULL dead letters instead.
 */
final class WorkerSends
{
    private static final int DRAIN_LIMIT = 256;

    private final WorkerLink link;
    private final NodeRuntime node;
    private final int index;
    private final FrameSender sender;
    private final PendingAsks pending;
    /** Publication backlogs with something in them. */
    private final ArrayList<Backlog> draining = new ArrayList<>();
    /** Congested actors this worker holds messages for. */
    private final ArrayList<RemoteTarget> holding = new ArrayList<>();
    /**
     * Sends refused so far (offers that returned false, tells and asks refused with an exception): written by this
     * worker alone (opaque stores, no atomic add), read by any thread.
     */
    private final AtomicLong refused = new AtomicLong();

    WorkerSends(final WorkerLink link)
    {
        this.link = link;
        this.node = link.node;
        this.index = link.index;
        this.sender = link.sender;
        this.pending = link.pending;
    }

    /** @return the sends this worker refused so far. Any thread. */
    long refused()
    {
        return refused.getOpaque();
    }

    private boolean refusedOffer()
    {
        refused.setOpaque(refused.getPlain() + 1);
        return false;
    }

    /** @return true while a backlog or a hold has something to send. */
    boolean hasWork()
    {
        return !draining.isEmpty() || !holding.isEmpty();
    }

    // ---------------------------------------------------------------- sending

    boolean send(final RemoteRef<?> ref, final Object message, final Reply<?> reply, final boolean applyPolicy)
    {
        final RemoteTarget target = ref.target();
        final Session session = target == null ? null : target.session;
        if (node.leaving)
        {
            return link.refuseAfterLeave(ref, message, reply);
        }
        if (session == null || session.state == Session.LOST)
        {
            unreachable(ref, message, reply);
            return true;
        }
        final Backlog hold = target.holds[index];
        if (target.congested || hold != null && !hold.isEmpty())
        {
            return congested(ref, target, message, reply, applyPolicy);
        }
        final long correlation = reply == null ? 0 : pending.add(reply, session, ref);
        final int remoteWorker = target.worker;
        final Backlog backlog = session.backlogs[index][remoteWorker];
        if (session.state == Session.UP && (backlog == null || backlog.isEmpty()))
        {
            final long result = sendNow(session.publications[index][remoteWorker], session, target, message,
                correlation);
            if (result >= 0)
            {
                return true;
            }
            if (!FrameSender.isTransient(result))
            {
                failed(ref, message, correlation, result);
                return true;
            }
        }
        if (!applyPolicy)
        {
            pending.take(correlation);
            return refusedOffer();
        }
        if (backlog(session, remoteWorker).offer(ref, message, correlation, false))
        {
            return true;
        }
        return refused(ref, message, correlation, Failures.BACKLOG_FULL);
    }

    private void unreachable(final RemoteRef<?> ref, final Object message, final Reply<?> reply)
    {
        if (reply != null)
        {
            node.failAsk(ref, reply, DeadLetterReason.NODE_UNREACHABLE);
        }
        else
        {
            node.deadLetter(ref, message, DeadLetterReason.NODE_UNREACHABLE);
        }
    }

    /** The actor's node said its mailbox is congested (or this worker still holds messages for it). */
    private boolean congested(final RemoteRef<?> ref, final RemoteTarget target, final Object message,
        final Reply<?> reply, final boolean applyPolicy)
    {
        if (!applyPolicy)
        {
            return refusedOffer();
        }
        final long correlation = reply == null ? 0 : pending.add(reply, target.session, ref);
        if (node.policy == FullQueuePolicy.WAIT && hold(target).offer(ref, message, correlation, false))
        {
            return true;
        }
        return refused(ref, message, correlation, node.policy == FullQueuePolicy.WAIT ? Failures.HOLD_FULL :
            Failures.CONGESTED);
    }

    /**
     * The full-queue policy applies: drop counts a dead letter; fail and wait throw the actor's shared exception for
     * that kind of refusal (a worker never waits), and count it.
     */
    private boolean refused(final RemoteRef<?> ref, final Object message, final long correlation, final int kind)
    {
        final Reply<?> reply = correlation == 0 ? null : pending.take(correlation);
        if (node.policy == FullQueuePolicy.DROP)
        {
            if (reply != null)
            {
                node.failAsk(ref, reply, DeadLetterReason.QUEUE_FULL);
            }
            else
            {
                node.deadLetter(ref, message, DeadLetterReason.QUEUE_FULL);
            }
            return true;
        }
        final QueueFullException ex = node.failures.queueFull(ref, kind);
        refused.setOpaque(refused.getPlain() + 1);
        if (reply != null)
        {
            reply.fail(ex);
        }
        throw ex;
    }

    private long sendNow(final ExclusivePublication pub, final Session session, final RemoteTarget target,
        final Object message, final long correlation)
    {
        return correlation == 0 ?
            sender.tell(pub, session, target.exportId, message) :
            sender.ask(pub, session, target.exportId, message, correlation, index);
    }

    private void failed(final RemoteRef<?> ref, final Object message, final long correlation, final long result)
    {
        final Reply<?> reply = correlation == 0 ? null : pending.take(correlation);
        final DeadLetterReason reason = reasonOf(result);
        node.logCodecError(sender, reason, message);
        if (reply != null)
        {
            node.failAsk(ref, reply, reason, reason == DeadLetterReason.CODEC_MISMATCH ? sender.lastMismatch : null);
        }
        else
        {
            node.deadLetter(ref, message, reason);
        }
    }

    static DeadLetterReason reasonOf(final long result)
    {
        if (result == FrameSender.NO_CODEC)
        {
            return DeadLetterReason.NO_CODEC;
        }
        if (result == FrameSender.ENCODE_FAILED)
        {
            return DeadLetterReason.ENCODE_FAILED;
        }
        if (result == FrameSender.TOO_LARGE)
        {
            return DeadLetterReason.MESSAGE_TOO_LARGE;
        }
        if (result == FrameSender.CODEC_MISMATCH)
        {
            return DeadLetterReason.CODEC_MISMATCH;
        }
        return DeadLetterReason.NODE_UNREACHABLE;
    }

    private Backlog backlog(final Session session, final int remoteWorker)
    {
        Backlog backlog = session.backlogs[index][remoteWorker];
        if (backlog == null)
        {
            backlog = new Backlog(session, remoteWorker, node.config.backlog());
            session.backlogs[index][remoteWorker] = backlog;
        }
        if (!backlog.listed)
        {
            backlog.listed = true;
            draining.add(backlog);
        }
        return backlog;
    }

    private Backlog hold(final RemoteTarget target)
    {
        Backlog hold = target.holds[index];
        if (hold == null)
        {
            hold = new Backlog(target.session, target.worker, node.config.backlog());
            target.holds[index] = hold;
        }
        if (!hold.listed)
        {
            hold.listed = true;
            holding.add(target);
        }
        return hold;
    }

    // ---------------------------------------------------------------- draining backlogs and holds

    /** @return what went out. Once per duty cycle while {@link #hasWork()}. */
    int drain()
    {
        int work = 0;
        if (!holding.isEmpty())
        {
            work += drainHolds();
        }
        for (int i = 0; i < draining.size(); )
        {
            final Backlog backlog = draining.get(i);
            final Session session = backlog.session;
            if (session.state == Session.UP)
            {
                work += drain(backlog, session.publications[index][backlog.remoteWorker]);
            }
            else if (session.state == Session.LOST)
            {
                drop(backlog, DeadLetterReason.NODE_UNREACHABLE);
            }
            if (backlog.isEmpty())
            {
                backlog.listed = false;
                draining.set(i, draining.get(draining.size() - 1));
                draining.remove(draining.size() - 1);
            }
            else
            {
                i++;
            }
        }
        return work;
    }

    /** Held messages of actors that caught up go out in order, through their publication's backlog if it waits. */
    private int drainHolds()
    {
        int moved = 0;
        for (int i = 0; i < holding.size(); )
        {
            final RemoteTarget target = holding.get(i);
            final Backlog hold = target.holds[index];
            if (target.session.state == Session.LOST)
            {
                drop(hold, DeadLetterReason.NODE_UNREACHABLE);
            }
            while (!hold.isEmpty() && !target.congested && moved < DRAIN_LIMIT)
            {
                final Session session = target.session;
                final Backlog backlog = session.backlogs[index][target.worker];
                long result = Long.MIN_VALUE;
                if (session.state == Session.UP && (backlog == null || backlog.isEmpty()))
                {
                    result = sendNow(session.publications[index][target.worker], session, target,
                        hold.headMessage(), hold.headCorrelation());
                    if (result < 0 && !FrameSender.isTransient(result))
                    {
                        failed((RemoteRef<?>)hold.headSubject(), hold.headMessage(), hold.headCorrelation(), result);
                    }
                }
                if (result == Long.MIN_VALUE || FrameSender.isTransient(result))
                {
                    backlog(session, target.worker).offer(hold.headSubject(), hold.headMessage(),
                        hold.headCorrelation(), true);
                }
                hold.removeHead();
                moved++;
            }
            if (hold.isEmpty())
            {
                hold.listed = false;
                holding.set(i, holding.get(holding.size() - 1));
                holding.remove(holding.size() - 1);
            }
            else
            {
                i++;
            }
        }
        return moved;
    }

    private int drain(final Backlog backlog, final ExclusivePublication pub)
    {
        int sent = 0;
        while (!backlog.isEmpty() && sent < DRAIN_LIMIT)
        {
            final long result;
            if (backlog.headSubject() instanceof ServedAsk served)
            {
                result = sendAnswer(pub, served);
                if (!FrameSender.isTransient(result))
                {
                    link.recycle(served);
                }
            }
            else
            {
                final RemoteRef<?> ref = (RemoteRef<?>)backlog.headSubject();
                result = sendNow(pub, backlog.session, ref.target(), backlog.headMessage(),
                    backlog.headCorrelation());
                if (result < 0 && !FrameSender.isTransient(result))
                {
                    failed(ref, backlog.headMessage(), backlog.headCorrelation(), result);
                }
            }
            if (FrameSender.isTransient(result))
            {
                break;
            }
            backlog.removeHead();
            sent++;
        }
        return sent;
    }

    /** What waits in a backlog or a hold can never go: dead letters, answers included; asks fail. */
    private void drop(final Backlog backlog, final DeadLetterReason reason)
    {
        while (!backlog.isEmpty())
        {
            if (backlog.headSubject() instanceof ServedAsk served)
            {
                node.deadLetter(served.target, served.error != null ? served.error : served.value, reason);
                link.recycle(served);
            }
            else
            {
                final RemoteRef<?> ref = (RemoteRef<?>)backlog.headSubject();
                final Reply<?> reply = backlog.headCorrelation() == 0 ? null : pending.take(backlog.headCorrelation());
                if (reply != null)
                {
                    node.failAsk(ref, reply, reason);
                }
                else
                {
                    node.deadLetter(ref, backlog.headMessage(), reason);
                }
            }
            backlog.removeHead();
        }
    }

    /**
     * A lost session: its backlogs and holds here are dead; this worker's publications to it close, and what it
     * published to it is settled against the peer's acknowledgement ({@link Session#settleWorker}).
     */
    void onSessionLost(final Session session)
    {
        session.settleWorker(index);
        for (int remoteWorker = 0; remoteWorker < session.remoteWorkers; remoteWorker++)
        {
            final Backlog backlog = session.backlogs[index][remoteWorker];
            if (backlog != null)
            {
                drop(backlog, DeadLetterReason.NODE_UNREACHABLE);
            }
            final ExclusivePublication pub = session.publications[index][remoteWorker];
            if (pub != null)
            {
                pub.close();
            }
        }
        for (final RemoteTarget target : session.targets.values())
        {
            final Backlog hold = target.holds[index];
            if (hold != null)
            {
                drop(hold, DeadLetterReason.NODE_UNREACHABLE);
            }
        }
    }

    /** The node leaves: what waits here can never go. */
    void dropAll(final DeadLetterReason reason)
    {
        for (final Backlog backlog : draining)
        {
            drop(backlog, reason);
            backlog.listed = false;
        }
        draining.clear();
        for (final RemoteTarget target : holding)
        {
            drop(target.holds[index], reason);
            target.holds[index].listed = false;
        }
        holding.clear();
    }

    // ---------------------------------------------------------------- answers to asks served here

    /** The outcome of a served ask is known: send it back to the asker's worker, or keep it in order. */
    void answer(final ServedAsk served)
    {
        final Session session = served.session;
        if (session.state == Session.LOST || node.leaving)
        {
            node.deadLetter(served.target, served.error != null ? served.error : served.value,
                DeadLetterReason.NODE_UNREACHABLE);
            link.recycle(served);
            return;
        }
        final Backlog backlog = session.backlogs[index][served.replyWorker];
        if (session.state == Session.UP && (backlog == null || backlog.isEmpty()))
        {
            final long result = sendAnswer(session.publications[index][served.replyWorker], served);
            if (!FrameSender.isTransient(result))
            {
                link.recycle(served);
                return;
            }
        }
        backlog(session, served.replyWorker).offer(served, null, served.correlation, true);
    }

    private long sendAnswer(final ExclusivePublication pub, final ServedAsk served)
    {
        final Session session = served.session;
        if (served.error == null)
        {
            final long result = sender.answer(pub, session, served.correlation, served.value);
            if (!FrameSender.isLocalFailure(result))
            {
                return result;
            }
            final DeadLetterReason reason = reasonOf(result);
            node.logCodecError(sender, reason, served.value);
            node.deadLetter(served.target, served.value, reason);
            served.error = new UndeliveredException("the answer of actor '" + served.target.name() + "' (" +
                served.value.getClass().getName() + ") could not be sent: " + reason +
                (reason == DeadLetterReason.CODEC_MISMATCH ? " (" + sender.lastMismatch + ")" : ""), reason);
        }
        if (served.error instanceof UndeliveredException undelivered)
        {
            return sender.answerFailure(pub, session, served.correlation, AnswerStatus.UNDELIVERED,
                undelivered.reason().name(), undelivered.getMessage());
        }
        return sender.answerFailure(pub, session, served.correlation, AnswerStatus.FAILED,
            served.error.getClass().getName(), served.error.getMessage());
    }
}
