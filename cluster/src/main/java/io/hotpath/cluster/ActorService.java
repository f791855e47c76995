package io.hotpath.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineClock;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2LongHashMap;

import java.lang.System.Logger.Level;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An Aeron Cluster {@link ClusteredService} that hosts a set of Hotpath actors on an embedded worker stepped by the
 * service's own thread: every member runs the same actors on the same log, so every member computes the same state.
 * NOT thread safe: Aeron's service thread calls it, and it is the only thread that touches the actors.
 * <p>
 * Each log entry is applied whole before the next: the service sets the engine's clock to the entry's cluster time,
 * hands the entry's message to its actor, and steps the worker until it has nothing left to do, so the message and
 * everything it set off (messages between actors, asks and their callbacks, answers to clients) happen at the same
 * point of the log on every member and in every replay. Timers are the cluster's ({@link ClusterContext#schedule}).
 * A client's message carries its client id and a sequence number; the service applies each sequence once, so a
 * message a client sends again after a change of leader is not applied twice.
 * <p>
 * Snapshots: {@code onTakeSnapshot} writes each actor's {@link ClusteredActor#snapshot()} with the codec of its state
 * type, with the clients' applied sequences and the pending timers; {@code onStart} reads them back, and Aeron
 * replays the log after the snapshot.
 */
public final class ActorService implements ClusteredService
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.cluster");
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** The name of the service's own actor that makes the clients' asks. */
    static final String DOOR = "hotpath-cluster-door";

    private final Codecs codecs;
    private final Codec<?>[] codecInstances;
    private final Cell<?, ?>[] cells;
    private final Map<String, Cell<?, ?>> byName = new HashMap<>();
    private final Consumer<EngineConfig.Builder> engineSettings;
    private final ServiceListener listener;
    private final LogClock clock = new LogClock();
    private final Long2LongHashMap applied = new Long2LongHashMap(0);
    private final ServiceTimers timers = new ServiceTimers(this);
    private final Egress egress;
    private final ServiceAsks asks;
    private final Snapshots snapshots;
    private Cluster cluster;
    private Engine engine;
    private WorkerInvoker invoker;
    private ActorRef<ServiceAsks.Slot> door;
    private boolean inLog;

    private ActorService(final Builder builder)
    {
        codecs = builder.codecs;
        codecInstances = codecs.newInstances();
        engineSettings = builder.engineSettings;
        listener = builder.listener;
        cells = new Cell<?, ?>[builder.registrations.size()];
        for (int i = 0; i < cells.length; i++)
        {
            cells[i] = builder.registrations.get(i).cell(this, i);
            byName.put(cells[i].name, cells[i]);
        }
        egress = new Egress(codecs, codecInstances);
        asks = new ServiceAsks(egress);
        snapshots = new Snapshots(this, codecs, codecInstances);
    }

    /**
     * Start describing a service.
     *
     * @param codecs the codecs of the clients' messages, of the answers, of the actors' states and of their timers'
     *               messages; the clients must register the same type ids.
     * @return a builder.
     */
    public static Builder builder(final Codecs codecs)
    {
        return new Builder(Objects.requireNonNull(codecs, "codecs"));
    }

    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        ClusterFlags.check("a clustered actor service");
        if (this.cluster != null)
        {
            throw new IllegalStateException("an ActorService starts once: build a new one for each start of a " +
                "member (its actors and their state belong to one run)");
        }
        this.cluster = cluster;
        egress.cluster(cluster);
        clock.advance(toNs(cluster.time()));
        final EngineConfig.Builder config = EngineConfig.builder().workers(1).embedded(0, true).jmx(false)
            .engineName("hotpath-cluster");
        engineSettings.accept(config);
        engine = Engine.start(config.workers(1).embedded(0, true).clock(clock).build());
        invoker = engine.invoker(0);
        invoker.doWork();   // this thread becomes the worker's only thread
        door = engine.spawn(DOOR, ctx -> asks);
        for (final Cell<?, ?> cell : cells)
        {
            spawn(cell);
        }
        drain();
        if (snapshotImage != null)
        {
            snapshots.load(snapshotImage, cluster);
            drain();
        }
        LOG.log(Level.INFO, () -> "clustered actor service started with " + cells.length + " actors" +
            (snapshotImage == null ? "" : ", from a snapshot"));
    }

    private <M, S> void spawn(final Cell<M, S> cell)
    {
        cell.ref = engine.actor(cell::create).name(cell.name).spawn();
    }

    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
        clock.advance(toNs(timestamp));
    }

    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
        clock.advance(toNs(timestamp));
    }

    @Override
    public void onSessionMessage(final ClientSession session, final long timestamp, final DirectBuffer buffer,
        final int offset, final int length, final Header header)
    {
        clock.advance(toNs(timestamp));
        inLog = true;
        try
        {
            ingress(session.id(), buffer, offset, length);
        }
        finally
        {
            inLog = false;
        }
    }

    private void ingress(final long sessionId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < Protocol.INGRESS_HEADER)
        {
            LOG.log(Level.WARNING, () -> "cluster session " + sessionId + " sent " + length + " bytes, fewer than a " +
                "Hotpath cluster header: not a ClusterClient's message; ignored");
            return;
        }
        final byte kind = buffer.getByte(offset + Protocol.KIND_OFFSET);
        final long client = buffer.getLong(offset + Protocol.CLIENT_OFFSET, LE);
        final long sequence = buffer.getLong(offset + Protocol.SEQUENCE_OFFSET, LE);
        if (sequence <= applied.get(client))
        {
            duplicate(sessionId, kind, sequence, buffer, offset, length);
            return;
        }
        applied.put(client, sequence);
        if (kind == Protocol.RESOLVE)
        {
            resolve(sessionId, sequence, buffer, offset, length);
            return;
        }
        final int actorId = buffer.getInt(offset + Protocol.ACTOR_OFFSET, LE);
        if (actorId < 0 || actorId >= cells.length)
        {
            egress.reject(sessionId, sequence, Protocol.WHY_UNKNOWN_ACTOR, "the service has no actor with id " +
                actorId + "; its actors are " + names() + " (resolve them by name with ClusterClient.actor)");
            return;
        }
        final Cell<?, ?> cell = cells[actorId];
        final int typeId = buffer.getInt(offset + Protocol.TYPE_OFFSET, LE);
        final int index = codecs.indexOfTypeId(typeId);
        if (index < 0)
        {
            egress.reject(sessionId, sequence, Protocol.WHY_NO_CODEC, "the service has no codec for type id " +
                typeId + " (a message for clustered actor '" + cell.name + "'): register the same codecs in the " +
                "service and the client");
            return;
        }
        final Object message;
        try
        {
            message = codecInstances[index].decode(buffer, offset + Protocol.INGRESS_HEADER,
                length - Protocol.INGRESS_HEADER);
        }
        catch (final RuntimeException ex)
        {
            egress.reject(sessionId, sequence, Protocol.WHY_DECODE_FAILED, "the service's codec for type id " +
                typeId + " could not read a message for clustered actor '" + cell.name + "': " + ex);
            return;
        }
        if (kind == Protocol.ASK)
        {
            door.tell(asks.take(cell, message, sessionId, sequence));
        }
        else
        {
            cell.deliver(message);
        }
        drain();
        if (kind == Protocol.TELL_ACK)
        {
            egress.ack(sessionId, sequence);
        }
    }

    /** A message the client sent again after a change of leader, applied already: applied once, answered here. */
    private void duplicate(final long sessionId, final byte kind, final long sequence, final DirectBuffer buffer,
        final int offset, final int length)
    {
        if (kind == Protocol.ASK)
        {
            egress.duplicate(sessionId, sequence);
        }
        else if (kind == Protocol.TELL_ACK)
        {
            egress.ack(sessionId, sequence);
        }
        else if (kind == Protocol.RESOLVE)
        {
            resolve(sessionId, sequence, buffer, offset, length);
        }
    }

    private void resolve(final long sessionId, final long sequence, final DirectBuffer buffer, final int offset,
        final int length)
    {
        final String name = Protocol.utf8(buffer, offset + Protocol.INGRESS_HEADER, length - Protocol.INGRESS_HEADER);
        final Cell<?, ?> cell = byName.get(name);
        if (cell == null)
        {
            egress.reject(sessionId, sequence, Protocol.WHY_UNKNOWN_ACTOR, "the cluster hosts no actor named '" +
                name + "'; its actors are " + names());
            return;
        }
        egress.resolved(sessionId, sequence, cell.index);
    }

    @Override
    public void onTimerEvent(final long correlationId, final long timestamp)
    {
        clock.advance(toNs(timestamp));
        inLog = true;
        try
        {
            timers.onTimerEvent(correlationId, timestamp);
            drain();
        }
        finally
        {
            inLog = false;
        }
    }

    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        final long crc = snapshots.write(snapshotPublication, cluster);
        final long position = cluster.logPosition();
        LOG.log(Level.INFO, () -> "member " + cluster.memberId() + " took a snapshot at log position " + position +
            ", state crc32 " + Long.toHexString(crc));
        listener.onSnapshot(position, crc);
    }

    @Override
    public void onRoleChange(final Cluster.Role newRole)
    {
        listener.onRoleChange(newRole.name());
    }

    @Override
    public void onTerminate(final Cluster cluster)
    {
        close();
    }

    /** Close the engine, stepping its worker from this thread until it has finished. */
    private void close()
    {
        if (engine == null)
        {
            return;
        }
        engine.close();
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!invoker.isTerminated() && System.nanoTime() - deadlineNs < 0)
        {
            if (invoker.doWork() == 0)
            {
                Thread.onSpinWait();
            }
        }
        engine = null;
    }

    /** Step the worker until the current entry and everything it set off has been handled. */
    private void drain()
    {
        while (invoker.doWork() > 0)
        {
            // every member drains alike, so the next entry finds the same state everywhere
        }
    }

    // ---------------------------------------------------------------- for the cells, timers and snapshots

    void checkInLog(final String what)
    {
        if (!inLog)
        {
            throw new IllegalStateException(what + " outside the handling of a message from the cluster's log (in a " +
                "factory, in restore(), or on another thread): timers go through the log, so schedule and cancel " +
                "them while handling a message");
        }
    }

    @SuppressWarnings("unchecked")
    <T> ActorRef<T> actorRef(final String name)
    {
        final Cell<?, ?> cell = byName.get(name);
        if (cell == null)
        {
            throw new IllegalArgumentException("the service hosts no actor named '" + name + "'; its actors are " +
                names());
        }
        return (ActorRef<T>)cell.ref;
    }

    @SuppressWarnings("unchecked")
    void restore(final String name, final Object state)
    {
        final Cell<?, ?> cell = byName.get(name);
        if (cell == null)
        {
            throw new IllegalStateException("the snapshot holds the state of clustered actor '" + name + "', which " +
                "this service does not register (its actors are " + names() + "): register it, or start from a " +
                "snapshot without it");
        }
        ((ClusteredActor<?, Object>)cell.actor).restore(state);
    }

    /** Cluster time to ns: the unit is known once the log's first leadership term has been read. */
    private long toNs(final long clusterTime)
    {
        final TimeUnit unit = cluster.timeUnit();
        return unit == null ? 0 : unit.toNanos(clusterTime);
    }

    long timeNs()
    {
        return clock.nanoTime();
    }

    Cluster cluster()
    {
        return cluster;
    }

    Codecs codecs()
    {
        return codecs;
    }

    ServiceTimers timers()
    {
        return timers;
    }

    Long2LongHashMap appliedSequences()
    {
        return applied;
    }

    Cell<?, ?>[] cells()
    {
        return cells;
    }

    private String names()
    {
        return Arrays.toString(Arrays.stream(cells).map(c -> c.name).toArray());
    }

    /**
     * The engine's clock: the cluster time of the log entry being applied, in ns, never going back. Written by the
     * service's thread (volatile store), read by the engine on the same thread and by its stall watcher.
     */
    private static final class LogClock implements EngineClock
    {
        private volatile long nowNs;

        void advance(final long ns)
        {
            if (ns > nowNs)
            {
                nowNs = ns;
            }
        }

        @Override
        public long nanoTime()
        {
            return nowNs;
        }
    }

    /** An actor as registered, made into a {@link Cell} by the service. */
    private record Registration<M, S>(String name, Class<S> stateType, ClusteredActorFactory<M, S> factory)
    {
        Cell<M, S> cell(final ActorService service, final int index)
        {
            return new Cell<>(service, index, name, stateType, factory);
        }
    }

    /**
     * Collects the service's actors and settings; not thread safe.
     */
    public static final class Builder
    {
        private final Codecs codecs;
        private final List<Registration<?, ?>> registrations = new ArrayList<>();
        private Consumer<EngineConfig.Builder> engineSettings = config ->
        {
        };
        private ServiceListener listener = new ServiceListener()
        {
        };

        private Builder(final Codecs codecs)
        {
            this.codecs = codecs;
        }

        /**
         * Register a clustered actor. Actors are made in registration order on every member.
         *
         * @param name      unique; clients resolve the actor by it.
         * @param stateType the class of the state its {@link ClusteredActor#snapshot()} returns; the service's codecs
         *                  must hold a codec for it.
         * @param factory   makes the actor in its initial state.
         * @param <M>       the type of message it handles.
         * @param <S>       the type of its state.
         * @return this.
         * @throws IllegalArgumentException when the name is taken or reserved, or no codec serves the state type.
         */
        public <M, S> Builder actor(final String name, final Class<S> stateType,
            final ClusteredActorFactory<M, S> factory)
        {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(stateType, "stateType");
            Objects.requireNonNull(factory, "factory");
            if (name.equals(DOOR) || registrations.stream().anyMatch(r -> r.name.equals(name)))
            {
                throw new IllegalArgumentException("clustered actor name '" + name + "' is " +
                    (name.equals(DOOR) ? "reserved by the service" : "taken") + ": each actor once");
            }
            if (codecs.indexOf(stateType) < 0)
            {
                throw new IllegalArgumentException("clustered actor '" + name + "' has state type " +
                    stateType.getName() + ", for which the codecs hold no codec: its state is written into snapshots " +
                    "with it; register one with Codecs.builder().add(typeId, " + stateType.getSimpleName() +
                    ".class, ...)");
            }
            registrations.add(new Registration<>(name, stateType, factory));
            return this;
        }

        /**
         * Settings for the service's engine (mailbox capacity, batch budget, ...). It always has one worker, embedded
         * and stepped by the service's thread, and the log's time as its clock; those settings are overridden.
         *
         * @param settings changes the builder.
         * @return this.
         */
        public Builder engine(final Consumer<EngineConfig.Builder> settings)
        {
            engineSettings = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /**
         * Be told of snapshots taken and roles changed, e.g. to compare members' state or print the leader.
         *
         * @param value called on the service's thread.
         * @return this.
         */
        public Builder listener(final ServiceListener value)
        {
            listener = Objects.requireNonNull(value, "listener");
            return this;
        }

        /**
         * {@return the service, to pass to Aeron's {@code ClusteredServiceContainer} (or {@link ClusterMember})}
         *
         * @throws IllegalArgumentException when no actor was registered.
         * @throws IllegalStateException    naming the JVM flag Aeron needs, when it is missing.
         */
        public ActorService build()
        {
            ClusterFlags.check("a clustered actor service");
            if (registrations.isEmpty())
            {
                throw new IllegalArgumentException("a clustered actor service needs at least one actor: register it " +
                    "with actor(name, stateType, factory)");
            }
            return new ActorService(this);
        }
    }
}
