package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Big: W actors each send N pings, one at a time, to neighbours picked at random, and wait for the pong;
 * a sink collects each actor's count when it is done. The result is the pings sent, which must be N x W; a pong
 * from another actor than the one pinged fails the run. Immutable.
 *
 * @param pings  N, pings per actor (Savina default 20,000).
 * @param actors W (Savina default 120).
 */
public record Big(int pings, int actors) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final Big DEFAULT = new Big(20_000, 120);

    /** A pong from no one: it starts each actor's first ping. */
    private static final Pong START = new Pong(-1);

    @Override
    public String name()
    {
        return "Big";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + pings + " W=" + actors;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address sink = runtime.spawn(self -> new Sink(actors, done));
        final ActorRuntime.Address[] all = new ActorRuntime.Address[actors];
        for (int i = 0; i < actors; i++)
        {
            final int id = i;
            all[i] = runtime.spawn(self -> new Member(id, pings, all, sink));
        }
        for (final ActorRuntime.Address member : all)
        {
            member.tell(START);
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect((long)pings * actors, result, "pings sent");
    }

    /** A ping from actor {@code sender}; immutable, one per actor. */
    private record Ping(int sender)
    {
    }

    /** A pong from actor {@code sender}; immutable, one per actor. */
    private record Pong(int sender)
    {
    }

    /** An actor's pings, sent to the sink when it has sent them all. */
    private record Done(long pings)
    {
    }

    private static final class Member implements Actor<Object>
    {
        private final int pings;
        private final ActorRuntime.Address[] all;
        private final ActorRuntime.Address sink;
        private final Ping ping;
        private final Pong pong;
        private long seed;
        private int sent;
        private int expectedPonger = -1;

        Member(final int id, final int pings, final ActorRuntime.Address[] all, final ActorRuntime.Address sink)
        {
            this.pings = pings;
            this.all = all;
            this.sink = sink;
            this.ping = new Ping(id);
            this.pong = new Pong(id);
            this.seed = id + 0x9E3779B97F4A7C15L;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Ping from)
            {
                all[from.sender()].tell(pong);
            }
            else if (message instanceof Pong from)
            {
                if (from.sender() != expectedPonger)
                {
                    throw new IllegalStateException("actor " + ping.sender() + " expected a pong from " +
                        expectedPonger + " but got one from " + from.sender());
                }
                if (sent == pings)
                {
                    sink.tell(new Done(sent));
                    return;
                }
                expectedPonger = nextNeighbour();
                sent++;
                all[expectedPonger].tell(ping);
            }
        }

        /** A small linear congruential generator, seeded per actor as Savina does, so runs repeat. */
        private int nextNeighbour()
        {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            return (int)((seed >>> 33) % all.length);
        }
    }

    private static final class Sink implements Actor<Object>
    {
        private final int actors;
        private final CompletableFuture<Long> done;
        private long pings;
        private int finished;

        Sink(final int actors, final CompletableFuture<Long> done)
        {
            this.actors = actors;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            pings += ((Done)message).pings();
            if (++finished == actors)
            {
                done.complete(pings);
            }
        }
    }
}
