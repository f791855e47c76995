package io.hotpath.bench.savina;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The Savina ports on a Hotpath engine: actors spread over the workers round robin, the engine's default placement;
 * an actor of its own on each worker answers the runner's catch-up question before it reads the dead letters. The
 * engine's configuration is the default but for the stall detector's threshold, {@link #STALL_THRESHOLD_NS}: a port's
 * handler may run long by design (a Trapezoidal worker's whole share is one turn), and a busy host stretches turns
 * past the default's 10 ms; the detector still watches every turn, at the same cost. Thread safe.
 */
public final class HotpathRuntime implements ActorRuntime
{
    /** The stall detector's threshold in the Savina runs, as in the harness's runs. */
    public static final long STALL_THRESHOLD_NS = 1_000_000_000L;

    private static final Object CATCH_UP = "catch-up";

    private final Engine engine;
    private final CompletableFuture<Void> failure = new CompletableFuture<>();
    private final List<ActorRef<Object>> catchUp = new ArrayList<>();

    /**
     * @param workers number of workers.
     * @param idle    idle strategy of every worker.
     */
    HotpathRuntime(final int workers, final String idle)
    {
        engine = Engine.start(EngineConfig.builder()
            .workers(workers)
            .idle(idle)
            .stallThresholdNs(STALL_THRESHOLD_NS)
            .faultListener((ref, message, error, policy) -> failure.completeExceptionally(
                new IllegalStateException("actor " + ref.name() + " threw on " + message, error)))
            .build());
        for (int i = 0; i < workers; i++)
        {
            catchUp.add(engine.actor((ActorContext<Object> ctx) -> message -> ctx.reply(message)).onWorker(i).spawn());
        }
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
        return address(ref);
    }

    @Override
    public Address spawnNextTo(final Address other, final Factory factory)
    {
        return address(engine.actor((ActorContext<Object> ctx) -> create(factory, ctx))
            .nextTo(((HotpathAddress)other).ref()).spawn());
    }

    /**
     * For a port written in the engine's own idiom, e.g. an actor that awaits answers.
     *
     * @return the engine the actors run on; a handler's exception reaches {@link #failure()} through its fault
     * listener.
     */
    public Engine engine()
    {
        return engine;
    }

    /**
     * @param ref an actor of {@link #engine()}.
     * @return its address for the ports' other actors.
     */
    public Address address(final ActorRef<Object> ref)
    {
        return new HotpathAddress(ref, engine);
    }

    @Override
    public CompletableFuture<Void> failure()
    {
        return failure;
    }

    @Override
    public long deadLetters()
    {
        // a worker counts a dead letter when it takes the message: one sent from outside before this call is counted
        // once each worker has answered a question queued behind it
        for (final ActorRef<Object> actor : catchUp)
        {
            actor.ask(CATCH_UP).get(Duration.ofSeconds(10));
        }
        return engine.deadLetters().count();
    }

    @Override
    public void close()
    {
        engine.close();
        engine.awaitTermination(Duration.ofSeconds(10));
    }

    private static Actor<Object> create(final Factory factory, final ActorContext<Object> ctx)
    {
        return factory.create(new HotpathAddress(ctx.self(), ctx.engine()));
    }

    /** An actor's reference as an address. */
    private record HotpathAddress(ActorRef<Object> ref, Engine engine) implements Address
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

        @Override
        public void stop()
        {
            engine.stopAfterQueued(ref);
        }
    }
}
