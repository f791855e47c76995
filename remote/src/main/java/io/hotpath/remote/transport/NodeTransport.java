package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineClosedException;
import io.hotpath.Reply;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.NodeClosedException;
import io.hotpath.remote.NodeStats;
import io.hotpath.remote.RemoteConfig;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The one entry to a node's transport: it launches the media driver, claims the node's address on it, subscribes to
 * the node's streams, starts the node's parts, and closes all of it again. Public only because
 * {@link io.hotpath.remote.RemoteNode}, which checks what users pass and documents the contract, lives in the API
 * package and starts one; the module does not export this package, so on the module path no application sees it, and
 * on the class path it is not for applications. Thread safe: {@link #start} and {@link #close} from a thread outside
 * the engine (they wait), the rest from any thread.
 */
public final class NodeTransport
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.remote");
    private static final int LOGGED_AERON_ERRORS = 20;
    private static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final Engine engine;
    private final RemoteConfig config;
    private final MediaHost media;
    private final NodeClaim claim;
    private final NodeRuntime runtime;
    private final ControlHost host;
    private final NodeBean bean;

    private NodeTransport(final Engine engine, final RemoteConfig config, final MediaHost media, final NodeClaim claim,
        final NodeRuntime runtime, final ControlHost host)
    {
        this.engine = engine;
        this.config = config;
        this.media = media;
        this.claim = claim;
        this.runtime = runtime;
        this.host = host;
        this.bean = new NodeBean(runtime);
    }

    /**
     * Launch (or connect to) the media driver, claim the address there, subscribe to the control stream and one
     * data stream per worker, and start the node's parts. The caller has checked the settings against the engine.
     *
     * @param engine a running engine.
     * @param config the node's settings.
     * @return the running transport.
     * @throws IllegalStateException naming the address and the reason (the process that holds the driver's directory
     *                               or the address, or Aeron's error), when the driver or the address cannot be used;
     *                               whatever was launched is closed again.
     */
    public static NodeTransport start(final Engine engine, final RemoteConfig config)
    {
        final AtomicInteger logged = new AtomicInteger();
        final AtomicBoolean started = new AtomicBoolean();
        final MediaHost media = MediaHost.launch(config, error ->
        {
            // before the node has started, Aeron's error is the start's exception, which says it all
            if (started.get() && logged.getAndIncrement() < LOGGED_AERON_ERRORS)
            {
                LOG.log(System.Logger.Level.WARNING, "hotpath remote: Aeron reports an error at " + config.address(),
                    error);
            }
        });
        NodeClaim claim = null;
        NodeRuntime runtime = null;
        try
        {
            final Aeron aeron = media.aeron();
            final NodeAddress address = config.address();
            final long incarnation = NodeRuntime.newIncarnation();
            claim = NodeClaim.claim(aeron, address, incarnation);
            final Subscription control = subscribe(aeron, address, address.streamBase());
            final Subscription[] data = new Subscription[engine.workerCount()];
            for (int i = 0; i < data.length; i++)
            {
                data[i] = subscribe(aeron, address, address.streamBase() + 1 + i);
            }
            runtime = NodeRuntime.create(engine, config, media, incarnation, control, data);
            runtime.spawnLinks();
            final NodeTransport transport = new NodeTransport(engine, config, media, claim, runtime,
                ControlHost.start(runtime));
            started.set(true);
            if (engine.config().jmx())
            {
                transport.bean.register();
            }
            return transport;
        }
        catch (final RuntimeException ex)
        {
            if (runtime != null)
            {
                runtime.stopSpawnedLinks(Duration.ofNanos(STOP_TIMEOUT_NS));
            }
            if (claim != null)
            {
                claim.close();
            }
            media.close();
            throw ex instanceof IllegalStateException && ex.getMessage() != null &&
                ex.getMessage().startsWith("node ") ? ex :
                new IllegalStateException("node " + config.address() + " could not start: " + ex.getMessage(), ex);
        }
    }

    /** A subscription; a UDP port another socket holds is named with the process that holds it. */
    private static Subscription subscribe(final Aeron aeron, final NodeAddress address, final int stream)
    {
        try
        {
            return aeron.addSubscription(address.subscriptionChannel(), stream);
        }
        catch (final RuntimeException ex)
        {
            final String message = String.valueOf(ex.getMessage());
            if (address.isUdp() && message.toLowerCase(java.util.Locale.ROOT).contains("in use"))
            {
                throw new IllegalStateException("node " + address + " refuses to start: its UDP port " +
                    address.port() + " is in use (" + Owners.ofUdpPort(address.port()) + "); give this node " +
                    "another port, or close what holds it first (Aeron: " + message + ")", ex);
            }
            throw ex;
        }
    }

    /**
     * {@return this run's incarnation}
     */
    public long incarnation()
    {
        return runtime.incarnation;
    }

    /**
     * {@return the media driver's directory}
     */
    public String directory()
    {
        return media.directory();
    }

    /**
     * {@return a snapshot of the node's counters} Any thread, lock free.
     */
    public NodeStats stats()
    {
        return runtime.stats();
    }

    /**
     * Let frames for a name reach a local actor.
     *
     * @param name a checked name.
     * @param ref  an actor of this node's engine.
     * @throws IllegalArgumentException when the name is taken.
     * @throws IllegalStateException    when the node or its engine is closed.
     */
    public void publish(final String name, final ActorRef<?> ref)
    {
        refuseIfLeaving("publish '" + name + "'");
        runtime.registry.publish(name, ref);
    }

    /**
     * Withdraw a name.
     *
     * @param name a published name.
     * @return true when an actor was published under it.
     */
    public boolean unpublish(final String name)
    {
        return runtime.registry.unpublish(name);
    }

    /**
     * Ask a node for the actor published under a name.
     *
     * @param target the node, of this node's transport.
     * @param name   a checked name.
     * @param <M>    the actor's message type.
     * @return a reply completed with a ref bound to the session that answered.
     * @throws IllegalStateException when the node or its engine is closed.
     */
    @SuppressWarnings("unchecked")
    public <M> Reply<ActorRef<M>> resolve(final NodeAddress target, final String name)
    {
        refuseIfLeaving("resolve '" + name + "' on node " + target);
        final RemoteRef<Object> ref = new RemoteRef<>(runtime, target, name);
        final Reply<ActorRef<Object>> reply = runtime.hooks.newReply(ref, 0);
        runtime.controlAgent.command(new ResolveRequest(ref, reply, runtime.hooks.currentWorker(),
            System.nanoTime() + config.resolveTimeoutNs()));
        return (Reply<ActorRef<M>>)(Reply<?>)reply;
    }

    private void refuseIfLeaving(final String what)
    {
        if (runtime.checkLeaving())
        {
            if (runtime.leftWithEngine())
            {
                throw new EngineClosedException("cannot " + what + ": the engine is closed (node " +
                    config.address() + " left the network with it); start a new engine and node");
            }
            throw new NodeClosedException("cannot " + what + ": node " + config.address() + " is closed; start a " +
                "new node to reach the network again");
        }
    }

    /**
     * Leave the network and release everything: the node stops taking sends, says goodbye to its peers and fails
     * every ask and resolve it keeps (the control agent, then its linger; each link on its own worker), then its
     * links and control agent stop, and its streams, claim, Aeron client and an embedded driver close. Call once,
     * from a thread outside the engine; works whether the engine is running, closing or closed, and the Aeron
     * resources are closed even when the engine's part did not end cleanly.
     */
    public void close()
    {
        runtime.beginLeave(false);
        try
        {
            awaitLeft();
            runtime.stopSpawnedLinks(Duration.ofNanos(STOP_TIMEOUT_NS));
        }
        catch (final RuntimeException ex)
        {
            if (!engine.isClosed())
            {
                LOG.log(System.Logger.Level.WARNING, "hotpath remote: node " + config.address() + " did not close " +
                    "cleanly; closing its Aeron resources anyway", ex);
            }
        }
        finally
        {
            try
            {
                host.close(Duration.ofNanos(STOP_TIMEOUT_NS));
            }
            catch (final RuntimeException ex)
            {
                LOG.log(System.Logger.Level.WARNING, "hotpath remote: the control agent of node " + config.address() +
                    " did not stop cleanly", ex);
            }
            finally
            {
                bean.unregister();
                runtime.controlAgent.leaveIfNotLeft();
                runtime.outside.close();
                runtime.closeLinkStreams();
                claim.close();
                media.close();
            }
        }
    }

    /**
     * Wait until the control agent and every link have done their part of leaving, or the engine has terminated
     * (its workers run no link any more), or the time is up.
     */
    private void awaitLeft()
    {
        final long deadlineNs = System.nanoTime() + config.closeLingerNs() + STOP_TIMEOUT_NS;
        while (!(runtime.left && runtime.linksLeft()))
        {
            if (engine.isClosed() && engine.awaitTermination(Duration.ZERO) || System.nanoTime() - deadlineNs >= 0)
            {
                return;
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    @Override
    public String toString()
    {
        return "incarnation " + Long.toHexString(runtime.incarnation) + ", " + media;
    }
}
