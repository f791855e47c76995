package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.hotpath.Actor;
import io.hotpath.DeadLetterReason;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.RepeatingStep;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import io.hotpath.remote.protocol.AnswerStatus;

import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * What one worker of a node does on the network: it sends its actors' messages to remote actors on its own exclusive
 * publications (one per peer worker: per-pair FIFO), keeps what Aeron pushes back in bounded backlogs, serves asks
 * that arrive for its actors and answers them, and takes the frames of its own stream. Owned by that worker: every
 * method runs on its thread (as the link actor's repeating step and handler, or called by its actors' sends).
 * <p>
 * Back pressure: a send that finds Aeron pushing back (or a backlog already waiting) joins the backlog of that
 * publication and goes out in order as room appears; a backlog holds at most {@code remote.backlog} messages, then
 * the engine's full-queue policy applies: drop counts a QUEUE_FULL dead letter, fail and wait throw a
 * {@link QueueFullException} at once (a worker never waits). Answers always join. {@code offer} never joins: it
 * returns false instead.
 */
final class WorkerLink implements RepeatingStep, Actor<Object>
{
    private static final int DRAIN_LIMIT = 256;

    final int index;
    final NodeRuntime node;
    final FrameSender sender;
    final PendingAsks pending = new PendingAsks();
    private final ArrayDeque<ServedAsk> pool = new ArrayDeque<>();
    private final ArrayList<Backlog> draining = new ArrayList<>();
    private final Subscription subscription;
    private final ControlledFragmentHandler receiver;
    private final int pollLimit;

    WorkerLink(final NodeRuntime node, final int index, final Subscription subscription)
    {
        this.node = node;
        this.index = index;
        this.subscription = subscription;
        this.sender = new FrameSender(node.incarnation, node.config.codecs(), node.maxMessageLength);
        this.receiver = new io.aeron.ControlledFragmentAssembler(new FrameReceiver(this));
        this.pollLimit = node.config.pollLimit();
    }

    @Override
    public int doWork()
    {
        int work = draining.isEmpty() ? 0 : drain();
        work += subscription.controlledPoll(receiver, pollLimit);
        return work;
    }

    /** Commands from the control worker: a session lost. */
    @Override
    public void onMessage(final Object message)
    {
        if (message instanceof Session lost)
        {
            onSessionLost(lost);
        }
    }

    // ---------------------------------------------------------------- sending

    boolean send(final RemoteRef<?> ref, final Object message, final Reply<?> reply, final boolean applyPolicy)
    {
        final Session session = ref.session();
        if (session == null || session.state == Session.LOST || node.closed)
        {
            node.deadLetter(ref, reply != null ? reply : message, DeadLetterReason.NODE_UNREACHABLE);
            return true;
        }
        final int remoteWorker = ref.remoteWorker;
        final long correlation = reply == null ? 0 : pending.add(reply, session, ref);
        final Backlog backlog = session.backlogs[index][remoteWorker];
        if (session.state == Session.UP && (backlog == null || backlog.isEmpty()))
        {
            final long result = sendNow(session.publications[index][remoteWorker], session, ref, message,
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
            return false;
        }
        if (backlog(session, remoteWorker).offer(ref, message, correlation, false))
        {
            return true;
        }
        return backlogFull(ref, message, correlation, session);
    }

    private long sendNow(final ExclusivePublication pub, final Session session, final RemoteRef<?> ref,
        final Object message, final long correlation)
    {
        return correlation == 0 ?
            sender.tell(pub, session.remoteIncarnation, ref.exportId, message) :
            sender.ask(pub, session.remoteIncarnation, ref.exportId, message, correlation, index);
    }

    private boolean backlogFull(final RemoteRef<?> ref, final Object message, final long correlation,
        final Session session)
    {
        final Reply<?> reply = correlation == 0 ? null : pending.take(correlation);
        if (node.policy == FullQueuePolicy.DROP)
        {
            node.deadLetter(ref, reply != null ? reply : message, DeadLetterReason.QUEUE_FULL);
            return true;
        }
        final QueueFullException ex = new QueueFullException("remote send to actor '" + ref.name() + "': Aeron " +
            "pushes back and this worker's backlog for its node is full (" + node.config.backlog() +
            " messages, remote.backlog); a worker never waits: slow the sender down, use offer(), or drop " +
            "(send.fullQueuePolicy=drop)");
        if (reply != null)
        {
            reply.fail(ex);
        }
        throw ex;
    }

    private void failed(final RemoteRef<?> ref, final Object message, final long correlation, final long result)
    {
        final Reply<?> reply = correlation == 0 ? null : pending.take(correlation);
        final DeadLetterReason reason = reasonOf(result);
        node.logCodecError(sender, reason, message);
        node.deadLetter(ref, reply != null ? reply : message, reason);
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

    private int drain()
    {
        int work = 0;
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
                drop(backlog);
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
                    recycle(served);
                }
            }
            else
            {
                final RemoteRef<?> ref = (RemoteRef<?>)backlog.headSubject();
                result = sendNow(pub, backlog.session, ref, backlog.headMessage(), backlog.headCorrelation());
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

    /** A lost session: what waits for it is dead, including answers. */
    private void drop(final Backlog backlog)
    {
        while (!backlog.isEmpty())
        {
            if (backlog.headSubject() instanceof ServedAsk served)
            {
                node.deadLetter(served.target, served.error != null ? served.error : served.value,
                    DeadLetterReason.NODE_UNREACHABLE);
                recycle(served);
            }
            else
            {
                final Reply<?> reply = backlog.headCorrelation() == 0 ? null : pending.take(backlog.headCorrelation());
                node.deadLetter((RemoteRef<?>)backlog.headSubject(), reply != null ? reply : backlog.headMessage(),
                    DeadLetterReason.NODE_UNREACHABLE);
            }
            backlog.removeHead();
        }
    }

    private void onSessionLost(final Session session)
    {
        pending.failSession(session, session.lostReason);
        for (int remoteWorker = 0; remoteWorker < session.remoteWorkers; remoteWorker++)
        {
            final Backlog backlog = session.backlogs[index][remoteWorker];
            if (backlog != null)
            {
                drop(backlog);
            }
            final ExclusivePublication pub = session.publications[index][remoteWorker];
            if (pub != null)
            {
                pub.close();
            }
        }
    }

    // ---------------------------------------------------------------- serving asks

    ServedAsk takeServed()
    {
        final ServedAsk served = pool.poll();
        return served != null ? served : new ServedAsk(this);
    }

    void recycle(final ServedAsk served)
    {
        served.clear();
        pool.push(served);
    }

    /** The outcome of a served ask is known: send it back to the asker's worker, or keep it in order. */
    void answer(final ServedAsk served)
    {
        final Session session = served.session;
        if (session.state == Session.LOST || node.closed)
        {
            node.deadLetter(served.target, served.error != null ? served.error : served.value,
                DeadLetterReason.NODE_UNREACHABLE);
            recycle(served);
            return;
        }
        final Backlog backlog = session.backlogs[index][served.replyWorker];
        if (session.state == Session.UP && (backlog == null || backlog.isEmpty()))
        {
            final long result = sendAnswer(session.publications[index][served.replyWorker], served);
            if (!FrameSender.isTransient(result))
            {
                recycle(served);
                return;
            }
        }
        backlog(session, served.replyWorker).offer(served, null, served.correlation, true);
    }

    private long sendAnswer(final ExclusivePublication pub, final ServedAsk served)
    {
        final long destination = served.session.remoteIncarnation;
        if (served.error == null)
        {
            final long result = sender.answer(pub, destination, served.correlation, served.value);
            if (!FrameSender.isLocalFailure(result))
            {
                return result;
            }
            final DeadLetterReason reason = reasonOf(result);
            node.logCodecError(sender, reason, served.value);
            node.deadLetter(served.target, served.value, reason);
            served.error = new UndeliveredException("the answer of actor '" + served.target.name() + "' (" +
                served.value.getClass().getName() + ") could not be sent: " + reason, reason);
        }
        if (served.error instanceof UndeliveredException undelivered)
        {
            return sender.answerFailure(pub, destination, served.correlation, AnswerStatus.UNDELIVERED,
                undelivered.reason().name(), undelivered.getMessage());
        }
        return sender.answerFailure(pub, destination, served.correlation, AnswerStatus.FAILED,
            served.error.getClass().getName(), served.error.getMessage());
    }

    /** Close the subscription; the node's owner, once this worker no longer runs the link. */
    void close()
    {
        subscription.close();
    }
}
