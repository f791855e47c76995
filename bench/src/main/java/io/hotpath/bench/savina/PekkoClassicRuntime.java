package io.hotpath.bench.savina;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.hotpath.Actor;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.AllDeadLetters;
import org.apache.pekko.actor.PoisonPill;
import org.apache.pekko.actor.Props;
import org.apache.pekko.event.Logging;
import org.apache.pekko.pattern.Patterns;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Savina ports on Pekko classic actors, on the default dispatcher (a fork-join pool) sized to a given
 * parallelism; an actor subscribed to the event stream counts the dead letters. Thread safe.
 */
public final class PekkoClassicRuntime implements ActorRuntime
{
    /** Asks the dead-letter counter to answer once it has counted what was published before. */
    private static final Object CATCH_UP = "catch-up";

    private final ActorSystem system;
    private final CompletableFuture<Void> failure = new CompletableFuture<>();
    private final AtomicLong deadLetters = new AtomicLong();
    private final ActorRef deadLetterCounter;

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
        deadLetterCounter = system.actorOf(Props.create(DeadLetterCounter.class,
            () -> new DeadLetterCounter(deadLetters)), "dead-letter-counter");
        // every kind: sent to a stopped actor, dropped, suppressed (PoisonPill to a dead actor), unhandled
        system.getEventStream().subscribe(deadLetterCounter, AllDeadLetters.class);
    }

    @Override
    public String name()
    {
        return Implementation.PEKKO_CLASSIC.label();
    }

    @Override
    public Address spawnNextTo(final Address other, final Factory factory)
    {
        return spawn(factory);
    }

    @Override
    public Address spawn(final Factory factory)
    {
        final ActorRef ref = system.actorOf(Props.create(HandlerActor.class, () -> new HandlerActor(factory, failure)));
        return new PekkoAddress(ref);
    }

    /**
     * For a port written in Pekko's own idiom, e.g. an actor that stashes while it waits for an answer.
     *
     * @return the actor system; such an actor reports a handler's exception to {@link #failure()} itself.
     */
    public ActorSystem system()
    {
        return system;
    }

    /**
     * @param ref an actor of {@link #system()}.
     * @return its address for the ports' other actors.
     */
    public Address address(final ActorRef ref)
    {
        return new PekkoAddress(ref);
    }

    @Override
    public CompletableFuture<Void> failure()
    {
        return failure;
    }

    @Override
    public long deadLetters()
    {
        // the event stream tells the counter; its answer comes after every dead letter published before the ask
        try
        {
            Patterns.ask(deadLetterCounter, CATCH_UP, Duration.ofSeconds(10)).toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("Pekko's dead-letter counter did not answer in 10 s", ex);
        }
        return deadLetters.get();
    }

    @Override
    public void close()
    {
        // a message that reaches the system while its dispatcher shuts down becomes a dead letter or, its execution
        // rejected, an error; published to a subscriber on that dispatcher (the counter, the error logger), its
        // delivery is rejected in turn and published as an error again, until a dispatcher thread overflows its
        // stack and Pekko exits the JVM: nothing is subscribed then
        system.getEventStream().unsubscribe(deadLetterCounter);
        system.getEventStream().setLogLevel(Logging.levelFor("off").get().asInt());
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

        @Override
        public void stop()
        {
            ref.tell(PoisonPill.getInstance(), ActorRef.noSender());
        }
    }

    /** Counts every dead letter the event stream publishes; answers a catch-up question when it has counted them. */
    static final class DeadLetterCounter extends AbstractActor
    {
        private final AtomicLong count;

        DeadLetterCounter(final AtomicLong count)
        {
            this.count = count;
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder()
                .match(AllDeadLetters.class, letter -> count.incrementAndGet())
                .matchEquals(CATCH_UP, question -> getSender().tell(CATCH_UP, getSelf()))
                .build();
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
