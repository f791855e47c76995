package io.hotpath.bench.jmh;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import io.hotpath.metrics.ActorStats;

import java.time.Duration;

/**
 * An engine whose worker 0 is driven by the benchmark thread, so a send from that thread is a send on the target's
 * own worker (direct handoff or mailbox), the paths an actor takes when it talks to a neighbour. NOT thread safe:
 * the thread that created it owns it, also for {@link #close()}.
 */
final class EmbeddedEngine implements AutoCloseable
{
    private final Engine engine;
    private final WorkerInvoker invoker;

    /**
     * @param config a builder with every setting but the embedded worker 0, which this adds.
     */
    EmbeddedEngine(final EngineConfig.Builder config)
    {
        engine = Engine.start(config.embedded(0, true).build());
        invoker = engine.invoker(0);
        claim();
    }

    Engine engine()
    {
        return engine;
    }

    WorkerInvoker invoker()
    {
        return invoker;
    }

    /**
     * Run one duty cycle; it throws when the calling thread is not the worker's owner, which is how a benchmark
     * makes sure each iteration runs on the thread that owns the worker.
     */
    void claim()
    {
        invoker.doWork();
    }

    /**
     * @param ref        an actor of this engine.
     * @param handoffs   true when every message must have run by direct handoff, false when every one must have
     *                   gone through the mailbox.
     * @return the messages it has handled.
     * @throws IllegalStateException naming the counters when the actor took another path.
     */
    long requirePath(final ActorRef<?> ref, final boolean handoffs)
    {
        final ActorStats stats = engine.stats().actors().stream()
            .filter(a -> a.id() == ref.id())
            .findFirst()
            .orElseThrow(() -> new IllegalStateException(ref + " is not live"));
        final long onPath = handoffs ? stats.handoffs() : stats.reschedules();
        if (onPath != stats.handled())
        {
            throw new IllegalStateException("actor " + ref.name() + " took another path than the benchmark names: " +
                stats + " (expected " + (handoffs ? "handoffs" : "reschedules") + " == handled)");
        }
        return stats.handled();
    }

    /**
     * @param handled messages handled by the actors a benchmark drove.
     * @throws IllegalStateException when none was handled, so the benchmark measured nothing.
     */
    static void requireSome(final long handled)
    {
        if (handled <= 0)
        {
            throw new IllegalStateException("no message reached an actor: the benchmark measured nothing");
        }
    }

    /** Close from the owner's thread: it must keep running duty cycles until the worker has finished. */
    @Override
    public void close()
    {
        engine.close();
        while (!invoker.isTerminated())
        {
            invoker.doWork();
        }
        engine.awaitTermination(Duration.ofSeconds(5));
    }
}
