package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.scenario.Scenario;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SpawnProtocol;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Apache Pekko typed actors on the default dispatcher, spawned through a {@link SpawnProtocol} guardian. One actor
 * system serves every run; each run's actors stop at its end. Used by the driver thread.
 */
public final class PekkoTypedBench implements BenchImpl
{
    /** Stops a typed actor at the end of a run. */
    private static final Envelope STOP = new Envelope();

    private ActorSystem<SpawnProtocol.Command> system;

    @Override
    public String name()
    {
        return "pekko-typed";
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
            system = ActorSystem.create(SpawnProtocol.create(), "hotpath-bench-typed", PekkoConfig.pekkoDefaults());
        }
        final ActorSystem<SpawnProtocol.Command> sys = system;
        final List<ActorRef<Envelope>> spawned = new ArrayList<>();
        final PekkoScenarios.Spawner spawner = (factory) ->
        {
            final Behavior<Envelope> behaviour = Behaviors.setup((ctx) ->
            {
                final ActorRef<Envelope> self = ctx.getSelf();
                final Consumer<Envelope> handler = factory.apply((m) ->
                {
                    self.tell(m);
                    return true;
                });
                return Behaviors.receiveMessage((m) ->
                {
                    if (m == STOP)
                    {
                        return Behaviors.stopped();
                    }
                    handler.accept(m);
                    return Behaviors.same();
                });
            });
            final ActorRef<Envelope> ref = spawn(sys, behaviour);
            spawned.add(ref);
            return (m) ->
            {
                ref.tell(m);
                return true;
            };
        };
        PekkoScenarios.start(scenario, context, probe, spawner);
        return () ->
        {
            for (final ActorRef<Envelope> ref : spawned)
            {
                ref.tell(STOP);
            }
        };
    }

    private static ActorRef<Envelope> spawn(
        final ActorSystem<SpawnProtocol.Command> sys, final Behavior<Envelope> behaviour)
    {
        try
        {
            return AskPattern.<SpawnProtocol.Command, ActorRef<Envelope>>ask(sys,
                (replyTo) -> new SpawnProtocol.Spawn<>(behaviour, "", Props.empty(), replyTo),
                Duration.ofSeconds(10), sys.scheduler()).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("cannot spawn a typed actor: " + ex, ex);
        }
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
                System.err.println("hotpath-bench: pekko-typed actor system did not terminate: " + ex);
            }
            system = null;
        }
    }
}
