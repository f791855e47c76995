package io.hotpath.bench.cluster;

import io.hotpath.bench.remote.Ping;
import io.hotpath.cluster.ActorService;
import io.hotpath.cluster.ClusterContext;
import io.hotpath.cluster.ClusteredActor;
import io.hotpath.remote.Codecs;

/**
 * The clustered actor of the cluster row: it answers each ping it is asked with the ping itself, untouched, as raw
 * Aeron Cluster's echo sends a raw message back; it holds no state, so its snapshot is an empty ping. NOT thread safe:
 * the service's thread.
 */
final class EchoActor implements ClusteredActor<Ping, Ping>
{
    /** The name clients resolve it by. */
    static final String NAME = "echo";

    private static final Ping NO_STATE = new Ping();

    private final ClusterContext<Ping> context;

    private EchoActor(final ClusterContext<Ping> context)
    {
        this.context = context;
    }

    /** {@return the codecs of the members and the client: the remote rows' 32-byte ping} */
    static Codecs codecs()
    {
        return Ping.register(Codecs.builder()).build();
    }

    /** {@return a fresh service hosting the echo actor, for one start of a member} */
    static ActorService service()
    {
        return ActorService.builder(codecs()).actor(NAME, Ping.class, EchoActor::new).build();
    }

    @Override
    public void onMessage(final Ping ping)
    {
        if (context.isAsked())
        {
            context.reply(ping);
        }
    }

    @Override
    public Ping snapshot()
    {
        return NO_STATE;
    }

    @Override
    public void restore(final Ping state)
    {
        // no state to take back
    }
}
