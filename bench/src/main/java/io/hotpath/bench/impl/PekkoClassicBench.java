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
 * Apache Pekko classic actors, on the default dispatcher or (pekko-affinity) on an affinity-pool dispatcher. One
 * actor system serves every run of this implementation; each run's actors are stopped at its end. Used by the
 * driver thread.
 */
public final class PekkoClassicBench implements BenchImpl
{
    private final boolean affinity;
    private ActorSystem system;

    /**
     * @param affinity true to run the actors on the affinity-pool dispatcher.
     */
    public PekkoClassicBench(final boolean affinity)
    {
        this.affinity = affinity;
    }

    @Override
    public String name()
    {
        return affinity ? "pekko-affinity" : "pekko-classic";
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
            system = ActorSystem.create("hotpath-bench", PekkoConfig.create(context.workers()));
        }
        final List<ActorRef> spawned = new ArrayList<>();
        final ActorSystem sys = system;
        final PekkoScenarios.Spawner spawner = (behaviour) ->
        {
            final Props props = Props.create(Handler.class, () -> new Handler(behaviour));
            final ActorRef ref = sys.actorOf(affinity ? props.withDispatcher(PekkoConfig.AFFINITY_DISPATCHER) : props);
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
