package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Savina Fork-Join creation: the starting thread creates N actors and sends each one message; each does
 * {@link ForkJoinThroughput}'s small computation and stops. The result is the messages handled, which must be N.
 * Immutable.
 *
 * @param actors N (Savina default 40,000).
 */
public record ForkJoinCreation(int actors) implements SavinaBenchmark
{
    /** Savina's default size. */
    public static final ForkJoinCreation DEFAULT = new ForkJoinCreation(40_000);

    private static final Object WORK = "work";

    /**
     * @param actors at least 1.
     */
    public ForkJoinCreation
    {
        if (actors < 1)
        {
            throw new IllegalArgumentException("ForkJoinCreation needs at least 1 actor, not " + actors);
        }
    }

    @Override
    public String name()
    {
        return "ForkJoinCreation";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + actors;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final AtomicInteger handled = new AtomicInteger();
        for (int i = 0; i < actors; i++)
        {
            runtime.spawn(self -> new Worker(self, actors, handled, done)).tell(WORK);
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(actors, result, "messages handled");
    }

    private static final class Worker implements Actor<Object>
    {
        private final ActorRuntime.Address self;
        private final int actors;
        private final AtomicInteger handled;
        private final CompletableFuture<Long> done;

        Worker(final ActorRuntime.Address self, final int actors, final AtomicInteger handled,
            final CompletableFuture<Long> done)
        {
            this.self = self;
            this.actors = actors;
            this.handled = handled;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            ForkJoinThroughput.compute(37.2);
            self.stop();
            if (handled.incrementAndGet() == actors)
            {
                done.complete((long)actors);
            }
        }
    }
}
