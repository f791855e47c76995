package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.remote.NodeAddress;
import io.hotpath.spi.ForeignRef;

import java.time.Duration;
import java.util.Objects;

/**
 * The address of an actor published on another node, bound to the session of that node it was resolved in: once
 * that session is lost, sends are dead letters for good (resolve again to reach the node anew). Thread safe, as
 * every {@link ActorRef}.
 * <p>
 * A send from a worker of this node goes out on that worker's exclusive publication to the actor's worker (per
 * pair FIFO); a send from any other thread on the concurrent publication to it, under the engine's full-queue
 * policy. While the actor's node says its mailbox is congested, the policy applies at the source.
 *
 * @param <M> the type of message the actor handles.
 */
final class RemoteRef<M> implements ForeignRef<M>
{
    private final NodeRuntime node;
    private final NodeAddress address;
    private final String actorName;
    private final String fullName;
    /** Set once by the control agent before the ref is handed out (a volatile store the senders' loads acquire). */
    private volatile RemoteTarget target;
    private volatile boolean stopped;

    RemoteRef(final NodeRuntime node, final NodeAddress address, final String actorName)
    {
        this.node = node;
        this.address = address;
        this.actorName = actorName;
        this.fullName = actorName + "@" + address;
    }

    void bind(final RemoteTarget bound)
    {
        target = bound;
    }

    /** @return the actor as its session reaches it; null before the resolve has answered. */
    RemoteTarget target()
    {
        return target;
    }

    /** @return the session the ref is bound to, or null. */
    Session session()
    {
        final RemoteTarget bound = target;
        return bound == null ? null : bound.session;
    }

    NodeAddress address()
    {
        return address;
    }

    String actorName()
    {
        return actorName;
    }

    void markStopped()
    {
        stopped = true;
    }

    @Override
    public void tell(final M message)
    {
        send(Objects.requireNonNull(message, "message"), null, true, 0);
    }

    @Override
    public boolean offer(final M message)
    {
        return send(Objects.requireNonNull(message, "message"), null, false, 0);
    }

    @Override
    public <R> Reply<R> ask(final M message)
    {
        Objects.requireNonNull(message, "message");
        final Reply<R> reply = node.hooks.newReply(this, 0);
        send(message, reply, true, 0);
        return reply;
    }

    @Override
    public <R> Reply<R> ask(final M message, final Duration timeout)
    {
        Objects.requireNonNull(message, "message");
        final long timeoutNs = timeout.toNanos();
        if (timeoutNs <= 0)
        {
            throw new IllegalArgumentException("ask timeout must be positive: " + timeout);
        }
        if (node.hooks.currentWorker() >= 0)
        {
            // the asking actor's worker times it, and cancels the timer when the answer comes there
            final Reply<R> reply = node.hooks.newReply(this, timeoutNs);
            send(message, reply, true, 0);
            return reply;
        }
        // a thread outside the engine: the node times it, and cancels the timer when the answer comes
        final Reply<R> reply = node.hooks.newReply(this, 0);
        send(message, reply, true, timeoutNs);
        return reply;
    }

    @Override
    public <R> Reply<R> ask(final M message, final Reply<R> reply)
    {
        Objects.requireNonNull(message, "message");
        node.hooks.prepareReply(Objects.requireNonNull(reply, "reply"), this, 0);
        send(message, reply, true, 0);
        return reply;
    }

    private boolean send(final Object message, final Reply<?> reply, final boolean applyPolicy,
        final long outsideTimeoutNs)
    {
        final int worker = node.hooks.currentWorker();
        return worker >= 0 ?
            node.links[worker].sends.send(this, message, reply, applyPolicy) :
            node.outside.send(this, message, reply, applyPolicy, outsideTimeoutNs);
    }

    @Override
    public void watch(final Reply<Terminated> watcher)
    {
        final RemoteTarget bound = target;
        if (bound == null || bound.session.isLost() || node.leaving)
        {
            watcher.complete(new Terminated(this, Terminated.Reason.NODE_LOST, node.leaving ?
                node.failures.closed(node.leaveReason()) : node.failures.unreachable(String.valueOf(address()),
                "actor '" + actorName() + "' is on a node that is not reachable")));
            return;
        }
        if (stopped)
        {
            watcher.complete(new Terminated(this, Terminated.Reason.STOPPED, null));
            return;
        }
        node.controlAgent.command(new WatchRequest(this, watcher, node.hooks.currentWorker()));
    }

    /**
     * @return {@code name@address}.
     */
    @Override
    public String name()
    {
        return fullName;
    }

    /**
     * @return the actor's export id on its node.
     */
    @Override
    public int id()
    {
        final RemoteTarget bound = target;
        return bound == null ? 0 : bound.exportId;
    }

    /**
     * @return the index of the actor's worker on its node.
     */
    @Override
    public int workerIndex()
    {
        final RemoteTarget bound = target;
        return bound == null ? 0 : bound.worker;
    }

    /**
     * @return true once the actor is known to have stopped (a watch fired) or its session is lost.
     */
    @Override
    public boolean isStopped()
    {
        final RemoteTarget bound = target;
        return stopped || bound != null && bound.session.isLost();
    }

    @Override
    public String toString()
    {
        return "RemoteRef[" + fullName + "]";
    }
}
