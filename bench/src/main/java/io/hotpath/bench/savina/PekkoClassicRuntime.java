package io.hotpath.bench.savina;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.hotpath.Actor;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The Savina ports on Pekko classic actors, on the default dispatcher (a fork-join pool) sized to a given
 * parallelism. Thread safe.
 */
final class PekkoClassicRuntime implements ActorRuntime
{
    private final ActorSystem system;
    private final CompletableFuture<Void> failure = new CompletableFuture<>();

    /**
     * @param parallelism threads of the default dispatcher.
     */
    PekkoClassicRuntime(final int parallelism)
    {
        final Config config = ConfigFactory.parseString(
            "pekko.actor.default-dispatcher.fork-join-executor {\n" +
            "  parallelism-min = " + parallelism + "\n" +
            "  parallelism-max = " + parallelism + "\n" +
            "  parallelism-factor = 1.0\n" +
            "}\n" +
            "pekko.loglevel = ERROR\n" +
            "pekko.stdout-loglevel = ERROR\n" +
            "pekko.log-dead-letters = off\n" +
            "pekko.log-dead-letters-during-shutdown = off\n")
            .withFallback(ConfigFactory.load());
        system = ActorSystem.create("savina", config);
    }

    @Override
    public String name()
    {
        return Implementation.PEKKO_CLASSIC.label();
    }

    @Override
    public Address spawn(final Factory factory)
    {
        final ActorRef ref = system.actorOf(Props.create(HandlerActor.class, () -> new HandlerActor(factory, failure)));
        return new PekkoAddress(ref);
    }

    @Override
    public CompletableFuture<Void> failure()
    {
        return failure;
    }

    @Override
    public void close()
    {
        system.terminate();
        try
        {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("Pekko actor system did not terminate in 10 s", ex);
        }
    }

    /** An actor reference as an address; sends carry no sender, as the ports pass addresses in messages. */
    private record PekkoAddress(ActorRef ref) implements Address
    {
        @Override
        public void tell(final Object message)
        {
            ref.tell(message, ActorRef.noSender());
        }
    }

    /** A classic actor that hands every message to a port's handler. */
    static final class HandlerActor extends AbstractActor
    {
        private final Actor<Object> handler;
        private final CompletableFuture<Void> failure;

        HandlerActor(final Factory factory, final CompletableFuture<Void> failure)
        {
            this.handler = factory.create(new PekkoAddress(getSelf()));
            this.failure = failure;
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder().matchAny(this::handle).build();
        }

        private void handle(final Object message) throws Exception
        {
            try
            {
                handler.onMessage(message);
            }
            catch (final Exception ex)
            {
                failure.completeExceptionally(new IllegalStateException(getSelf().path() + " threw on " + message, ex));
                throw ex;
            }
        }
    }
}
