package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Idle;
import io.hotpath.Reply;
import io.hotpath.remote.transport.NodeTransport;
import io.hotpath.spi.EngineHooks;
import io.hotpath.spi.ForeignRef;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An engine joined to the network under an address: its published actors can be reached from other nodes, and
 * actors of other nodes are reached through ordinary {@link ActorRef}s. Thread safe.
 * <pre>{@code
 * try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("busy-spin").build());
 *      RemoteNode node = RemoteNode.start(engine, RemoteConfig.builder().address("udp://10.0.0.5:40100").build()))
 * {
 *     node.publish("book", engine.spawn("book", ctx -> order -> System.out.println("booked " + order)));
 *     ActorRef<String> risk = node.<String>resolve("udp://10.0.0.6:40100", "risk").get(Duration.ofSeconds(5));
 *     risk.tell("hello");
 * }
 * }</pre>
 * The node and its engine may close in either order: closing the engine takes the node off the network (its peers
 * hear a goodbye, every ask and resolve it kept ends with an exception), and the node's own close then releases its
 * Aeron resources; closing the node first leaves the engine running without it.
 */
public final class RemoteNode implements AutoCloseable
{
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");
    private static final System.Logger LOG = System.getLogger("io.hotpath.remote");

    private final Engine engine;
    private final RemoteConfig config;
    private final NodeTransport transport;
    private boolean closed;

    private RemoteNode(final Engine engine, final RemoteConfig config, final NodeTransport transport)
    {
        this.engine = engine;
        this.config = config;
        this.transport = transport;
    }

    /**
     * Join an engine to the network: launch (or connect to) the media driver, subscribe to this node's streams and
     * start its work on the engine's workers. From a thread outside the engine: it waits for the driver.
     *
     * @param engine a running engine.
     * @param config the node's settings.
     * @return the node.
     * @throws IllegalStateException    when the JVM lacks {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}
     *                                  ({@code =org.agrona} on the module path), when called from one of the
     *                                  engine's workers, or when the node would harm another: its address is held by
     *                                  a live node (on the same driver, or the UDP port by any process), or its
     *                                  embedded driver's directory is a live driver's; the message names the
     *                                  process and the fix.
     * @throws IllegalArgumentException when a setting does not fit this engine.
     * @throws RuntimeException         from Aeron, when the driver cannot be used.
     */
    public static RemoteNode start(final Engine engine, final RemoteConfig config)
    {
        RemoteFlags.check();
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(config, "config");
        if (EngineHooks.of(engine).currentWorker() >= 0)
        {
            throw new IllegalStateException("start a node from a thread outside the engine: it waits for the media " +
                "driver, and a worker must never block");
        }
        if (engine.isClosed())
        {
            throw new io.hotpath.EngineClosedException("cannot start node " + config.address() + ": the engine is " +
                "closed; start a node on a running engine");
        }
        if (config.controlWorker() >= engine.workerCount())
        {
            throw new IllegalArgumentException("bad " + RemoteConfig.CONTROL_WORKER + "=" + config.controlWorker() +
                ": the engine has " + engine.workerCount() + " workers");
        }
        if (engine.workerCount() > config.address().maxWorkers())
        {
            throw new IllegalArgumentException("node " + config.address() + " has room for " +
                config.address().maxWorkers() + " workers' streams; the engine has " + engine.workerCount());
        }
        warnIfNoCpuForTheNode(engine, config);
        return new RemoteNode(engine, config, NodeTransport.start(engine, config));
    }

    /**
     * A node's own thread ({@code remote.controlWorker=-1}) runs its control protocol, Aeron's client conductor and an
     * invoker driver; where the engine's busy-spinning workers take every CPU the JVM may use, the kernel runs that
     * thread only when it preempts a worker, and each hop over UDP waits milliseconds (lab entry
     * 2026-11-28-remote-rows-worker0). Said once, at start, as a warning: the node still works.
     */
    private static void warnIfNoCpuForTheNode(final Engine engine, final RemoteConfig config)
    {
        if (config.controlWorker() >= 0)
        {
            return;
        }
        final EngineConfig engineConfig = engine.config();
        int spinning = 0;
        for (int w = 0; w < engine.workerCount(); w++)
        {
            if (engineConfig.idle(w) == Idle.BUSY_SPIN && !engineConfig.embedded(w))
            {
                spinning++;
            }
        }
        final int cpus = Runtime.getRuntime().availableProcessors();
        if (spinning >= cpus)
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: node " + config.address() + " runs its control " +
                "protocol, Aeron's conductor and its driver on a thread of its own (" + RemoteConfig.CONTROL_WORKER +
                "=-1), but the engine's " + spinning + " busy-spin workers take all " + cpus + " CPUs this JVM may " +
                "use: that thread runs only when the kernel preempts a worker, and a message over UDP then waits " +
                "milliseconds. Set " + RemoteConfig.CONTROL_WORKER + " to a worker to run that work on, leave a CPU " +
                "free (fewer workers, or an idle strategy that parks), or give the JVM more CPUs");
        }
    }

    /**
     * {@return where this node listens}
     */
    public NodeAddress address()
    {
        return config.address();
    }

    /**
     * {@return this run's incarnation: a random number that tells this process from an earlier or later one at the
     * same address}
     */
    public long incarnation()
    {
        return transport.incarnation();
    }

    /**
     * {@return the media driver's directory (another node on this host may use the driver: {@code externalDriver})}
     */
    public String aeronDirectory()
    {
        return transport.directory();
    }

    /**
     * {@return a snapshot of the node's counters: what may have been lost with peers, what is in flight to them
     * unacknowledged, sends refused for back-pressure, codec disagreements} Any thread, lock free; after the node
     * closed, its last figures. Over JMX as {@link NodeMXBean}.
     */
    public NodeStats stats()
    {
        return transport.stats();
    }

    /**
     * {@return the engine}
     */
    public Engine engine()
    {
        return engine;
    }

    /**
     * Let other nodes reach an actor of this engine under a name.
     *
     * @param name 1 to 64 characters of A-Z a-z 0-9 _ . : -, unique on this node.
     * @param ref  an actor of this node's engine.
     * @throws IllegalArgumentException when the name is bad or taken, or the ref is remote or an actor of another
     *                                  engine.
     * @throws NodeClosedException      when the node is closed ({@link io.hotpath.EngineClosedException} when its
     *                                  engine is).
     */
    public void publish(final String name, final ActorRef<?> ref)
    {
        checkName(name);
        Objects.requireNonNull(ref, "ref");
        if (ref instanceof ForeignRef<?>)
        {
            throw new IllegalArgumentException("only actors of this node's engine can be published: " + ref +
                " is a remote actor; publish it on its own node");
        }
        if (!EngineHooks.of(engine).owns(ref))
        {
            throw new IllegalArgumentException("only actors of this node's engine can be published: actor '" +
                ref.name() + "' belongs to another engine (its frames would be answered by that engine's workers); " +
                "publish it on a node of its own engine, or spawn it on engine '" + engine.name() + "'");
        }
        transport.publish(name, ref);
    }

    /**
     * Withdraw a name: later frames for it are NOT_PUBLISHED dead letters.
     *
     * @param name a published name.
     * @return true when an actor was published under it.
     */
    public boolean unpublish(final String name)
    {
        return transport.unpublish(name);
    }

    /**
     * Find an actor published on another node (or on this one). Any thread; from an actor, the reply's callbacks
     * run on its worker. The returned ref is bound to the session with the node that answered: once that session is
     * lost (the process ended, or the two lost each other for longer than {@code remote.failureTimeoutNs}), sends
     * through it are dead letters for good, and a new resolve reaches the node again, or its successor.
     *
     * @param address the node's address, e.g. {@code udp://10.0.0.6:40100}.
     * @param name    the name the actor is published under.
     * @param <M>     the actor's message type.
     * @return a reply completed with the ref; failed with {@link NodeUnreachableException} when the node does not
     * answer within {@code remote.resolveTimeoutNs}, {@link ActorNotPublishedException}, or
     * {@link NodeClosedException} when this node closes first.
     * @throws IllegalArgumentException when the address does not parse, or is of the other transport.
     * @throws NodeClosedException      when the node is closed ({@link io.hotpath.EngineClosedException} when its
     *                                  engine is).
     */
    public <M> Reply<ActorRef<M>> resolve(final String address, final String name)
    {
        final NodeAddress target = NodeAddress.parse(address);
        checkName(name);
        if (target.isUdp() != config.address().isUdp())
        {
            throw new IllegalArgumentException("node " + config.address() + " cannot reach " + target + ": UDP " +
                "nodes talk to UDP nodes, IPC nodes to IPC nodes on the same driver");
        }
        return transport.resolve(target, name);
    }

    private static void checkName(final String name)
    {
        if (name == null || !NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("bad published name '" + name + "': use 1 to 64 characters of " +
                "A-Z a-z 0-9 _ . : -");
        }
    }

    /**
     * Leave the network: say goodbye to every peer (their watches of this node's actors fire, their asks to them
     * fail at once), fail every ask, resolve and watch still waiting here with a {@link NodeClosedException}, stop
     * this node's work, then give up its address and close Aeron and an embedded driver (deleting its fresh
     * directory). Later sends through its refs, resolves and publishes are refused. Idempotent; works whether the
     * engine runs or has closed. From a thread outside the engine: it waits for the workers.
     *
     * @throws IllegalStateException when called from one of the engine's workers.
     */
    @Override
    public void close()
    {
        if (EngineHooks.of(engine).currentWorker() >= 0)
        {
            throw new IllegalStateException("close a node from a thread outside the engine: it waits for the workers");
        }
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        transport.close();
    }

    @Override
    public String toString()
    {
        return "RemoteNode[" + config.address() + ", " + transport + "]";
    }
}
