package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.Engine;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Two engines, each joined to the network as a node, over IPC (the second node on the first one's driver) or UDP
 * on 127.0.0.1.
 */
final class Pair implements AutoCloseable
{
    final Engine engineA;
    final Engine engineB;
    final RemoteNode a;
    final RemoteNode b;

    private Pair(final Engine engineA, final Engine engineB, final RemoteNode a, final RemoteNode b)
    {
        this.engineA = engineA;
        this.engineB = engineB;
        this.a = a;
        this.b = b;
    }

    static Pair start(final String transport, final Consumer<RemoteConfig.Builder> tweak)
    {
        final Engine engineA = Nodes.engine();
        final Engine engineB = Nodes.engine();
        final RemoteConfig.Builder configA;
        final RemoteConfig.Builder configB;
        if ("ipc".equals(transport))
        {
            final String tag = Long.toHexString(ThreadLocalRandom.current().nextLong());
            configA = RemoteConfig.builder().address("ipc://a-" + tag);
            configB = RemoteConfig.builder().address("ipc://b-" + tag);
        }
        else
        {
            configA = Nodes.udp();
            configB = Nodes.udp();
        }
        tweak.accept(configA);
        tweak.accept(configB);
        final RemoteNode a = RemoteNode.start(engineA, configA.build());
        if ("ipc".equals(transport))
        {
            configB.externalDriver(a.aeronDirectory());
        }
        final RemoteNode b = RemoteNode.start(engineB, configB.build());
        return new Pair(engineA, engineB, a, b);
    }

    static Pair start(final String transport)
    {
        return start(transport, config -> { });
    }

    /** Resolve from A an actor published on B. */
    <M> ActorRef<M> fromA(final String name)
    {
        return a.<M>resolve(b.address().toString(), name).get(Duration.ofSeconds(20));
    }

    /** Resolve from B an actor published on A. */
    <M> ActorRef<M> fromB(final String name)
    {
        return b.<M>resolve(a.address().toString(), name).get(Duration.ofSeconds(20));
    }

    @Override
    public void close()
    {
        try (engineA; engineB; a)
        {
            b.close();
        }
    }
}
