package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.NodeUnreachableException;
import io.hotpath.spi.ForeignRef;

import java.time.Duration;
import java.util.Objects;

/**
 * The address of an actor published on another node, bound to the incarnation of that node it was resolved
 * against: once that incarnation is lost, sends are dead letters for good (resolve again to reach a new one).
 * Thread safe, as every {@link ActorRef}.
 * <p>
 * A send from a worker of this node goes out on that worker's exclusive publication to the actor's worker (per
 * pair FIFO); a send from any other thread on the concurrent publication to it, under the engine's full-queue
 * policy.
 *
 * @param <M> the type of message the actor handles.
 */
final class RemoteRef<M> implements ForeignRef<M>
{
    private final NodeRuntime node;
    private final NodeAddress address;
    private final String actorName;
    private final String fullName;
    /** Set once by the control worker before the ref is handed out; the volatile store publishes the two below. */
    private volatile Session session;
    int exportId;
    int remoteWorker;
    private volatile boolean stopped;

    RemoteRef(final NodeRuntime node, final NodeAddress address, final String actorName)
    {
        this.node = node;
        this.address = address;
        this.actorName = actorName;
        this.fullName = actorName + "@" + address;
    }

    void bind(final Session bound, final int id, final int worker)
    {
        exportId = id;
        remoteWorker = worker;
        session = bound;
    }

    Session session()
    {
        return session;
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
        send(Objects.requireNonNull(message, "message"), null, true);
    }

    @Override
    public boolean offer(final M message)
    {
        return send(Objects.requireNonNull(message, "message"), null, false);
    }

    @Override
    public <R> Reply<R> ask(final M message)
    {
        Objects.requireNonNull(message, "message");
        final Reply<R> reply = node.hooks.newReply(this, 0);
        send(message, reply, true);
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
        final Reply<R> reply = node.hooks.newReply(this, timeoutNs);
        send(message, reply, true);
        return reply;
    }

    @Override
    public <R> Reply<R> ask(final M message, final Reply<R> reply)
    {
        Objects.requireNonNull(message, "message");
        node.hooks.prepareReply(Objects.requireNonNull(reply, "reply"), this, 0);
        send(message, reply, true);
        return reply;
    }

    private boolean send(final Object message, final Reply<?> reply, final boolean applyPolicy)
    {
        final int worker = node.hooks.currentWorker();
        return worker >= 0 ?
            node.links[worker].send(this, message, reply, applyPolicy) :
            node.outside.send(this, message, reply, applyPolicy);
    }

    @Override
    public void watch(final Reply<Terminated> watcher)
    {
        final Session bound = session;
        if (bound == null || bound.isLost())
        {
            watcher.complete(new Terminated(this, Terminated.Reason.NODE_LOST, new NodeUnreachableException(
                String.valueOf(address()), "actor '" + actorName() + "' is on a node that is not reachable")));
            return;
        }
        if (stopped)
        {
            watcher.complete(new Terminated(this, Terminated.Reason.STOPPED, null));
            return;
        }
        node.control.tell(new WatchRequest(this, watcher));
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
        return exportId;
    }

    /**
     * @return the index of the actor's worker on its node.
     */
    @Override
    public int workerIndex()
    {
        return remoteWorker;
    }

    /**
     * @return true once the actor is known to have stopped (a watch fired) or its node incarnation is lost.
     */
    @Override
    public boolean isStopped()
    {
        final Session bound = session;
        return stopped || bound != null && bound.isLost();
    }

    @Override
    public String toString()
    {
        return "RemoteRef[" + fullName + "]";
    }
}
