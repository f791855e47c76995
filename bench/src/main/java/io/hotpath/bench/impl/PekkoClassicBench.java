package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Apache Pekko classic actors, on Pekko's own default dispatcher (pekko-classic), on a default dispatcher sized to the
 * run's worker count (pekko-classic-sized), or on an affinity-pool dispatcher of that size (pekko-affinity). One actor
 * system serves every run of this implementation; each run's actors are stopped at its end. Used by the driver thread.
 */
public final class PekkoClassicBench implements BenchImpl
{
    /** Where the actors run; the row's name says it. */
    public enum Dispatcher
    {
        /** Pekko's default dispatcher as Pekko configures it: a fork-join pool of at least 8 threads. */
        DEFAULT("pekko-classic"),
        /** The default dispatcher with as many threads as the run has workers. */
        SIZED("pekko-classic-sized"),
        /** An affinity-pool dispatcher with as many threads as the run has workers. */
        AFFINITY("pekko-affinity");

        private final String row;

        Dispatcher(final String row)
        {
            this.row = row;
        }
    }

    private final Dispatcher dispatcher;
    private ActorSystem system;

    /**
     * @param dispatcher where the actors run.
     */
    public PekkoClassicBench(final Dispatcher dispatcher)
    {
        this.dispatcher = dispatcher;
    }

    @Override
    public String name()
    {
        return dispatcher.row;
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return PekkoScenarios.supports(scenario);
    }

    @Override
    public boolean alternatesWithFloor(final Scenario scenario)
    {
        return PekkoScenarios.alternatesWithFloor(scenario);
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        if (system == null)
        {
            system = ActorSystem.create("hotpath-bench", dispatcher == Dispatcher.DEFAULT ? PekkoConfig.pekkoDefaults() :
                PekkoConfig.create(context.workers()));
        }
        final List<ActorRef> spawned = new ArrayList<>();
        final ActorSystem sys = system;
        final PekkoScenarios.Spawner spawner = (behaviour) ->
        {
            final Props props = Props.create(Handler.class, () -> new Handler(behaviour));
            final ActorRef ref = sys.actorOf(dispatcher == Dispatcher.AFFINITY ?
                props.withDispatcher(PekkoConfig.AFFINITY_DISPATCHER) : props);
            spawned.add(ref);
            return (m) ->
            {
                ref.tell(m, ActorRef.noSender());
                return true;
            };
        };
        PekkoScenarios.start(scenario, context, probe, spawner);
        return () ->
        {
            for (final ActorRef ref : spawned)
            {
                sys.stop(ref);
            }
        };
    }

    @Override
    public void close()
    {
        if (system != null)
        {
            system.terminate();
            try
            {
                system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
            }
            catch (final Exception ex)
            {
                System.err.println("hotpath-bench: " + name() + " actor system did not terminate: " + ex);
            }
            system = null;
        }
    }

    /** A classic actor running a behaviour shared with the typed variant. */
    static final class Handler extends AbstractActor
    {
        private final Consumer<Envelope> behaviour;

        Handler(final Function<Outlet, Consumer<Envelope>> factory)
        {
            final ActorRef self = getSelf();
            this.behaviour = factory.apply((m) ->
            {
                self.tell(m, self);
                return true;
            });
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder().match(Envelope.class, behaviour::accept).build();
        }
    }
}
