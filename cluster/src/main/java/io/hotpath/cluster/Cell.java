package io.hotpath.cluster;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Reply;

import java.time.Duration;
import java.util.Objects;

/**
 * One registered actor of a running {@link ActorService}: its registration, its address in the service's engine,
 * the instance the factory made last, and the {@link ClusterContext} that instance got. NOT thread safe: the service's
 * thread only.
 *
 * @param <M> the type of message the actor handles.
 * @param <S> the type of its snapshot state.
 */
final class Cell<M, S> implements ClusterContext<M>
{
    final int index;
    final String name;
    final Class<S> stateType;
    final ClusteredActorFactory<M, S> factory;
    private final ActorService service;
    ActorRef<M> ref;
    ActorContext<M> engineContext;
    ClusteredActor<M, S> actor;

    Cell(final ActorService service, final int index, final String name, final Class<S> stateType,
        final ClusteredActorFactory<M, S> factory)
    {
        this.service = service;
        this.index = index;
        this.name = name;
        this.stateType = stateType;
        this.factory = factory;
    }

    /** The engine's factory: a fresh instance, remembered for snapshots. */
    ClusteredActor<M, S> create(final ActorContext<M> context)
    {
        engineContext = context;
        actor = Objects.requireNonNull(factory.create(this), () -> "the factory of clustered actor '" + name +
            "' returned null");
        return actor;
    }

    @Override
    public ActorRef<M> self()
    {
        return ref;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public <T> ActorRef<T> actor(final String other)
    {
        return service.actorRef(other);
    }

    @Override
    public long timeNs()
    {
        return service.timeNs();
    }

    @Override
    public boolean isAsked()
    {
        return engineContext.isAsked();
    }

    @Override
    public void reply(final Object value)
    {
        engineContext.reply(value);
    }

    @Override
    public <R> Reply<R> replyLater()
    {
        return engineContext.replyLater();
    }

    @Override
    public Cancellable schedule(final M message, final Duration delay)
    {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative())
        {
            throw new IllegalArgumentException("timer delay must not be negative: " + delay);
        }
        return service.timers().schedule(this, Objects.requireNonNull(message, "message"), delay.toNanos(), 0);
    }

    @Override
    public Cancellable scheduleAtFixedRate(final M message, final Duration initialDelay, final Duration period)
    {
        if (initialDelay.isNegative() || period.isNegative() || period.isZero())
        {
            throw new IllegalArgumentException("timer initial delay must not be negative and period must be " +
                "positive: " + initialDelay + ", " + period);
        }
        return service.timers().schedule(this, Objects.requireNonNull(message, "message"), initialDelay.toNanos(),
            period.toNanos());
    }

    @Override
    public <C, T> ActorRef<C> spawn(final String childName, final ClusteredActorFactory<C, T> childFactory)
    {
        throw new UnsupportedOperationException("clustered actor '" + name + "' tried to spawn '" + childName +
            "': a clustered service's actors are the ones registered with ActorService.builder().actor(...), made " +
            "alike on every member and written into its snapshots; register '" + childName + "' there instead");
    }

    @SuppressWarnings("unchecked")
    void deliver(final Object message)
    {
        ref.tell((M)message);
    }

    @Override
    public String toString()
    {
        return "Cell[" + index + ": " + name + "]";
    }
}
