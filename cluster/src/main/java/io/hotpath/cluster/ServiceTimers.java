package io.hotpath.cluster;

import io.aeron.cluster.service.Cluster;
import io.hotpath.Cancellable;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.TimeUnit;

/**
 * The clustered actors' timers, mapped onto the cluster's: each timer has a correlation id counted alike on every
 * member, its deadline is in cluster time, and its firing is an entry of the log ({@code onTimerEvent}). The message
 * to deliver stays here, keyed by the correlation id, and is written into snapshots with its codec (the consensus
 * module snapshots the deadlines). NOT thread safe: the service's thread only.
 */
final class ServiceTimers
{
    private final ActorService service;
    final Long2ObjectHashMap<Timer> byId = new Long2ObjectHashMap<>();
    long nextId = 1;

    ServiceTimers(final ActorService service)
    {
        this.service = service;
    }

    Cancellable schedule(final Cell<?, ?> cell, final Object message, final long delayNs, final long periodNs)
    {
        service.checkInLog("clustered actor '" + cell.name + "' scheduled a timer");
        if (service.codecs().indexOf(message.getClass()) < 0)
        {
            throw new IllegalStateException("clustered actor '" + cell.name + "' scheduled a timer with a " +
                message.getClass().getName() + ", for which the service has no codec: a pending timer's message is " +
                "written into snapshots; register one with Codecs.builder().add(typeId, " +
                message.getClass().getSimpleName() + ".class, ...)");
        }
        final Timer timer = new Timer(nextId++, cell, message, periodNs);
        byId.put(timer.id, timer);
        arm(timer.id, service.cluster().time() + toClusterTime(delayNs));
        return timer;
    }

    /** A timer of the cluster fired: deliver its message, and arm it again when periodic. */
    void onTimerEvent(final long id, final long timestamp)
    {
        final Timer timer = byId.get(id);
        if (timer == null)
        {
            return;   // cancelled in the same log position as it fired
        }
        if (timer.periodNs > 0)
        {
            arm(id, timestamp + Math.max(1, toClusterTime(timer.periodNs)));
        }
        else
        {
            byId.remove(id);
        }
        timer.cell.deliver(timer.message);
    }

    /** A timer read from a snapshot: the consensus module arms its deadline again itself. */
    void restore(final long id, final Cell<?, ?> cell, final Object message, final long periodNs)
    {
        byId.put(id, new Timer(id, cell, message, periodNs));
    }

    private long toClusterTime(final long ns)
    {
        return service.cluster().timeUnit().convert(ns, TimeUnit.NANOSECONDS);
    }

    private void arm(final long id, final long deadline)
    {
        final Cluster cluster = service.cluster();
        final IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        while (!cluster.scheduleTimer(id, deadline))
        {
            idle.idle();
        }
    }

    /** One pending timer; its handle for the actor that scheduled it. */
    final class Timer implements Cancellable
    {
        final long id;
        final Cell<?, ?> cell;
        final Object message;
        final long periodNs;

        Timer(final long id, final Cell<?, ?> cell, final Object message, final long periodNs)
        {
            this.id = id;
            this.cell = cell;
            this.message = message;
            this.periodNs = periodNs;
        }

        @Override
        public boolean cancel()
        {
            service.checkInLog("clustered actor '" + cell.name + "' cancelled a timer");
            if (byId.remove(id) == null)
            {
                return false;
            }
            final Cluster cluster = service.cluster();
            final IdleStrategy idle = cluster.idleStrategy();
            idle.reset();
            while (!cluster.cancelTimer(id))
            {
                idle.idle();
            }
            return true;
        }

        @Override
        public boolean isActive()
        {
            return byId.get(id) == this;
        }
    }
}
