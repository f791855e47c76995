package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Savina Fork-Join throughput: the starting thread sends N messages to each of A actors, in turn; each message
 * costs a small computation. The result is the messages handled, which must be N x A. Immutable.
 *
 * @param messagesPerActor N (Savina default 10,000).
 * @param actors           A (Savina default 60).
 */
public record ForkJoinThroughput(int messagesPerActor, int actors) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final ForkJoinThroughput DEFAULT = new ForkJoinThroughput(10_000, 60);

    private static final Object WORK = "work";

    @Override
    public String name()
    {
        return "ForkJoinThroughput";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + messagesPerActor + " A=" + actors;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final AtomicInteger running = new AtomicInteger(actors);
        final AtomicLong handled = new AtomicLong();
        final ActorRuntime.Address[] workers = new ActorRuntime.Address[actors];
        for (int i = 0; i < actors; i++)
        {
            workers[i] = runtime.spawn(self -> new Worker(messagesPerActor, running, handled, done));
        }
        for (int m = 0; m < messagesPerActor; m++)
        {
            for (final ActorRuntime.Address worker : workers)
            {
                worker.tell(WORK);
            }
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect((long)messagesPerActor * actors, result, "messages handled");
    }

    /** Savina's computation per message; a result of 0 or less cannot happen and would mean a broken run. */
    static void compute(final double theta)
    {
        final double sin = Math.sin(theta);
        if (sin * sin <= 0)
        {
            throw new IllegalStateException("unrealistic result " + sin * sin);
        }
    }

    private static final class Worker implements Actor<Object>
    {
        private final int expected;
        private final AtomicInteger running;
        private final AtomicLong handled;
        private final CompletableFuture<Long> done;
        private int count;

        Worker(final int expected, final AtomicInteger running, final AtomicLong handled,
            final CompletableFuture<Long> done)
        {
            this.expected = expected;
            this.running = running;
            this.handled = handled;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            compute(37.2);
            if (++count == expected)
            {
                handled.addAndGet(count);
                if (running.decrementAndGet() == 0)
                {
                    done.complete(handled.get());
                }
            }
        }
    }
}
