package io.hotpath.bench.savina;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The Savina ports on a Hotpath engine: actors spread over the workers round robin, the engine's default placement.
 * Thread safe.
 */
final class HotpathRuntime implements ActorRuntime
{
    private final Engine engine;
    private final CompletableFuture<Void> failure = new CompletableFuture<>();

    /**
     * @param workers number of workers.
     * @param idle    idle strategy of every worker.
     */
    HotpathRuntime(final int workers, final String idle)
    {
        engine = Engine.start(EngineConfig.builder()
            .workers(workers)
            .idle(idle)
            .faultListener((ref, message, error, policy) -> failure.completeExceptionally(
                new IllegalStateException("actor " + ref.name() + " threw on " + message, error)))
            .build());
    }

    @Override
    public String name()
    {
        return Implementation.HOTPATH.label();
    }

    @Override
    public Address spawn(final Factory factory)
    {
        final ActorRef<Object> ref = engine.actor((ActorContext<Object> ctx) -> create(factory, ctx)).spawn();
        return new HotpathAddress(ref);
    }

    @Override
    public CompletableFuture<Void> failure()
    {
        return failure;
    }

    @Override
    public void close()
    {
        engine.close();
        engine.awaitTermination(Duration.ofSeconds(10));
    }

    private static Actor<Object> create(final Factory factory, final ActorContext<Object> ctx)
    {
        return factory.create(new HotpathAddress(ctx.self()));
    }

    /** An actor's reference as an address. */
    private record HotpathAddress(ActorRef<Object> ref) implements Address
    {
        @Override
        public void tell(final Object message)
        {
            ref.tell(message);
        }

        @Override
        public boolean offer(final Object message)
        {
            return ref.offer(message);
        }
    }
}
