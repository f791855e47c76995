package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * Savina ThreadRing: N actors in a ring pass one token R times; the actor that receives it with no hops left
 * completes the run with its index, which must be {@code R mod N}. Immutable.
 *
 * @param actors N, actors in the ring (Savina default 100).
 * @param hops   R, times the token is passed on (Savina default 100,000).
 */
public record ThreadRing(int actors, int hops) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final ThreadRing DEFAULT = new ThreadRing(100, 100_000);

    @Override
    public String name()
    {
        return "ThreadRing";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + actors + " R=" + hops;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] ring = new ActorRuntime.Address[actors];
        for (int i = 0; i < actors; i++)
        {
            final int index = i;
            ring[i] = runtime.spawn(self -> new Member(index, ring, done));
        }
        ring[0].tell(new Token(hops));
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(hops % actors, result, "index of the actor holding the token at the end");
    }

    /** The one token: only its holder touches it, and passing it on hands it over. */
    private static final class Token
    {
        int hopsLeft;

        Token(final int hops)
        {
            this.hopsLeft = hops;
        }
    }

    private static final class Member implements Actor<Object>
    {
        private final int index;
        private final ActorRuntime.Address[] ring;
        private final CompletableFuture<Long> done;

        Member(final int index, final ActorRuntime.Address[] ring, final CompletableFuture<Long> done)
        {
            this.index = index;
            this.ring = ring;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            final Token token = (Token)message;
            if (token.hopsLeft == 0)
            {
                done.complete((long)index);
                return;
            }
            token.hopsLeft--;
            ring[index + 1 == ring.length ? 0 : index + 1].tell(token);
        }
    }
}
