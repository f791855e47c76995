package io.hotpath.remote.transport;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.hotpath.Actor;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.EngineClosedException;
import io.hotpath.RepeatingStep;
import io.hotpath.Reply;
import io.hotpath.remote.NodeClosedException;

import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What one worker of a node does on the network, as the repeating step of the node's actor on that worker: it takes
 * the frames of its own stream ({@link FrameReceiver}), sends what its backlogs and holds keep ({@link WorkerSends}),
 * tells peers when an actor of this worker is congested or has caught up ({@link CongestionNotices}), and runs the
 * commands other threads leave for it. Owned by that worker: every method runs on its thread, except
 * {@link #command}, which any thread calls.
 * <p>
 * When the node leaves the network (its close, or the engine's), the link fails every ask its worker's actors have
 * pending and drops what it keeps, on its own thread, so each asker hears in its own turn; while the engine closes,
 * the step reports work until the control agent has done its part, so that the engine does not finish before every
 * ask has ended.
 */
final class WorkerLink implements RepeatingStep, Actor<Object>
{
    /** How many times the poll limit a duty cycle may take, when the frames only join mailboxes. */
    private static final int MAX_POLL_ROUNDS = 16;

    final int index;
    final NodeRuntime node;
    final FrameSender sender;
    final PendingAsks pending = new PendingAsks();
    final WorkerSends sends;
    final CongestionNotices congestion;
    private final ArrayDeque<ServedAsk> pool = new ArrayDeque<>();
    private final ConcurrentLinkedQueue<Object> commands = new ConcurrentLinkedQueue<>();
    private final Subscription subscription;
    private final FrameReceiver frames;
    private final FragmentAssembler receiver;
    private final int pollLimit;
    private boolean left;
    /** {@link #left}, for the node's owner thread, which waits for it. */
    private volatile boolean hasLeft;

    WorkerLink(final NodeRuntime node, final int index, final Subscription subscription)
    {
        this.node = node;
        this.index = index;
        this.subscription = subscription;
        this.sender = new FrameSender(node.config.codecs(), node.maxMessageLength, index);
        this.sends = new WorkerSends(this);
        this.congestion = new CongestionNotices(this);
        this.frames = new FrameReceiver(this);
        this.receiver = new FragmentAssembler(frames);
        this.pollLimit = node.config.pollLimit();
    }

    @Override
    public int doWork()
    {
        if (node.leaving || !left && node.checkLeaving())
        {
            return whileLeaving();
        }
        int work = commands.isEmpty() ? 0 : runCommands();
        if (sends.hasWork())
        {
            work += sends.drain();
        }
        if (congestion.hasWork())
        {
            work += congestion.poll();
        }
        return work + poll();
    }

    /**
     * Take frames from the stream: {@code remote.pollLimit} at a time, and more while they cost next to nothing
     * (they joined the mailboxes of busy actors), as the engine's inbound drain takes its queue: so a flood for one
     * slow actor moves out of the stream at once, and the frames behind it for other actors are not held up for
     * many duty cycles of the slow actor's batches.
     */
    private int poll()
    {
        frames.ran = 0;
        int taken = 0;
        for (int round = 0; round < MAX_POLL_ROUNDS; round++)
        {
            final int polled = subscription.poll(receiver, pollLimit);
            taken += polled;
            if (polled < pollLimit || frames.ran >= pollLimit)
            {
                break;
            }
        }
        return taken;
    }

    /** No messages reach the link's actor; its work comes through {@link #command}. */
    @Override
    public void onMessage(final Object message)
    {
    }

    /**
     * Leave work for this link's worker. Any thread; the worker runs it in its next duty cycle.
     *
     * @param command a lost {@link Session}, a {@link Completion}, or a {@link WatchExport}.
     */
    void command(final Object command)
    {
        commands.add(command);
    }

    private int runCommands()
    {
        int work = 0;
        Object command;
        while ((command = commands.poll()) != null)
        {
            work++;
            if (command instanceof Session lost)
            {
                onSessionLost(lost);
            }
            else if (command instanceof Completion completion)
            {
                Completion.apply(completion.reply(), completion.value(), completion.error());
            }
            else if (command instanceof WatchExport watch)
            {
                watchExport(watch);
            }
        }
        return work;
    }

    private void onSessionLost(final Session session)
    {
        pending.failSession(session, node);
        sends.onSessionLost(session);
    }

    /** A peer watches an actor of this worker: the engine tells the control agent once it has stopped. */
    private void watchExport(final WatchExport watch)
    {
        final ControlAgent control = node.controlAgent;
        node.engine.watch(watch.ref()).onComplete((stopped, error) -> control.command(watch));
    }

    // ---------------------------------------------------------------- leaving

    private int whileLeaving()
    {
        int work = commands.isEmpty() ? 0 : runCommands();
        if (!left)
        {
            left = true;
            final String why = node.leaveReason();
            pending.failAll(why, node.failures);
            sends.dropAll(node.leftWithEngine() ? DeadLetterReason.ENGINE_CLOSED : DeadLetterReason.NODE_UNREACHABLE);
            congestion.clear();
            hasLeft = true;
            work++;
        }
        work += poll();
        // the engine must not finish before the control agent has failed what it keeps for this worker's actors
        return node.left || !node.engine.isClosed() ? work : work + 1;
    }

    /**
     * A send after the node began to leave: from a worker, a dead letter (an ask fails at once with a
     * {@link NodeClosedException}); from a thread outside the engine, refused with the exception a local send gets
     * ({@link EngineClosedException} once the engine is closed), and counted.
     *
     * @return true (nothing is kept).
     */
    boolean refuseAfterLeave(final RemoteRef<?> ref, final Object message, final Reply<?> reply)
    {
        final DeadLetterReason reason = node.leftWithEngine() ? DeadLetterReason.ENGINE_CLOSED :
            DeadLetterReason.NODE_UNREACHABLE;
        if (reply != null)
        {
            reply.fail(node.failures.closed("ask to actor '" + ref.name() + "' not sent: " + node.leaveReason()));
            node.deadLetter(ref, reply, reason);
        }
        else
        {
            node.deadLetter(ref, message, reason);
        }
        return true;
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

    /** The outcome of a served ask is known. */
    void answer(final ServedAsk served)
    {
        sends.answer(served);
    }

    /** @return true once the link has failed its asks and dropped what it kept, the node leaving. */
    boolean hasLeft()
    {
        return hasLeft;
    }

    /** Close the subscription; the node's owner, once this worker no longer runs the link. */
    void close()
    {
        subscription.close();
    }

    /**
     * A peer's watch of an actor published here: a command to the actor's link, and back to the control agent once
     * the actor has stopped. Immutable.
     *
     * @param session the watching peer's session.
     * @param watchId the peer's id of the watch.
     * @param ref     the actor.
     */
    record WatchExport(Session session, long watchId, ActorRef<?> ref)
    {
    }
}
