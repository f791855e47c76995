package io.hotpath.cluster;

import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.spi.ForeignRef;

import java.time.Duration;
import java.util.Objects;

/**
 * The address of a clustered actor, for a client: sends go to the client's link, which numbers them, keeps them until
 * the cluster acknowledges them and offers them to the leader's ingress; answers come back on the egress. Thread safe,
 * as every {@link ActorRef}.
 * <p>
 * The send to the link is an ordinary send to an actor of the client's engine, so the engine's full-queue policy
 * applies on the way; from the link's own worker it is a direct handoff.
 *
 * @param <M> the type of message the actor handles.
 */
final class ClusterRef<M> implements ForeignRef<M>
{
    private final ClusterClient client;
    private final String name;
    private final String fullName;
    private final int actorId;

    ClusterRef(final ClusterClient client, final String name, final int actorId)
    {
        this.client = client;
        this.name = name;
        this.fullName = name + "@cluster";
        this.actorId = actorId;
    }

    String actorName()
    {
        return name;
    }

    @Override
    public void tell(final M message)
    {
        client.link.tell(outgoing(Protocol.TELL, message, null));
    }

    @Override
    public boolean offer(final M message)
    {
        return client.link.offer(outgoing(Protocol.TELL, message, null));
    }

    @Override
    public <R> Reply<R> ask(final M message)
    {
        return ask(message, client.config.askTimeout());
    }

    @Override
    public <R> Reply<R> ask(final M message, final Duration timeout)
    {
        final long timeoutNs = Objects.requireNonNull(timeout, "timeout").toNanos();
        if (timeoutNs <= 0)
        {
            throw new IllegalArgumentException("ask timeout must be positive: " + timeout);
        }
        final Reply<R> reply = client.hooks.newReply(this, timeoutNs);
        client.link.tell(outgoing(Protocol.ASK, message, reply));
        return reply;
    }

    @Override
    public <R> Reply<R> ask(final M message, final Reply<R> reply)
    {
        client.hooks.prepareReply(Objects.requireNonNull(reply, "reply"), this, client.config.askTimeout().toNanos());
        client.link.tell(outgoing(Protocol.ASK, message, reply));
        return reply;
    }

    private Outgoing outgoing(final byte kind, final M message, final Reply<?> reply)
    {
        Objects.requireNonNull(message, "message");
        if (client.config.codecs().indexOf(message.getClass()) < 0)
        {
            throw new ClusterRejectedException("no codec for " + message.getClass().getName() + " on this client, so " +
                "it cannot be sent to clustered actor '" + name + "': register one with Codecs.builder().add(" +
                "typeId, " + message.getClass().getSimpleName() + ".class, ...) in the client and the service");
        }
        return new Outgoing(this, kind, message, reply);
    }

    @Override
    public void watch(final Reply<Terminated> watcher)
    {
        client.watch(this, watcher);
    }

    /**
     * @return {@code name@cluster}.
     */
    @Override
    public String name()
    {
        return fullName;
    }

    /**
     * @return the actor's id in the service (its place in registration order).
     */
    @Override
    public int id()
    {
        return actorId;
    }

    /**
     * @return 0: the service's actors share its one worker.
     */
    @Override
    public int workerIndex()
    {
        return 0;
    }

    /**
     * @return true once the client is closed: a clustered actor does not stop while the cluster runs.
     */
    @Override
    public boolean isStopped()
    {
        return client.isClosed();
    }

    @Override
    public String toString()
    {
        return "ClusterRef[" + fullName + "]";
    }
}
