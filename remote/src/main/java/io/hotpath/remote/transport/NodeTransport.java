package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.RemoteConfig;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one entry to a node's transport: it launches the media driver, subscribes to the node's streams, spawns the
 * node's actors, and closes all of it again. Public only because {@link io.hotpath.remote.RemoteNode}, which checks
 * what users pass and documents the contract, lives in the API package and starts one; the module does not export
 * this package, so on the module path no application sees it, and on the class path it is not for applications.
 * Thread safe: {@link #start} and {@link #close} from a thread outside the engine (they wait), the rest from any
 * thread.
 */
public final class NodeTransport
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.remote");
    private static final int LOGGED_AERON_ERRORS = 20;
    private static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final Engine engine;
    private final RemoteConfig config;
    private final MediaHost media;
    private final NodeRuntime runtime;

    private NodeTransport(final Engine engine, final RemoteConfig config, final MediaHost media,
        final NodeRuntime runtime)
    {
        this.engine = engine;
        this.config = config;
        this.media = media;
        this.runtime = runtime;
    }

    /**
     * Launch (or connect to) the media driver, subscribe to the control stream and one data stream per worker, and
     * spawn the node's link and control actors. The caller has checked the settings against the engine.
     *
     * @param engine a running engine.
     * @param config the node's settings.
     * @return the running transport.
     * @throws IllegalStateException naming the address and Aeron's reason, when the driver or the address cannot be
     *                               used; whatever was launched is closed again.
     */
    public static NodeTransport start(final Engine engine, final RemoteConfig config)
    {
        final AtomicInteger logged = new AtomicInteger();
        final MediaHost media = MediaHost.launch(config, error ->
        {
            if (logged.getAndIncrement() < LOGGED_AERON_ERRORS)
            {
                LOG.log(System.Logger.Level.WARNING, "hotpath remote: Aeron reports an error at " + config.address(),
                    error);
            }
        });
        try
        {
            final Aeron aeron = media.aeron();
            final NodeAddress address = config.address();
            final Subscription control = aeron.addSubscription(address.subscriptionChannel(), address.streamBase());
            final Subscription[] data = new Subscription[engine.workerCount()];
            for (int i = 0; i < data.length; i++)
            {
                data[i] = aeron.addSubscription(address.subscriptionChannel(), address.streamBase() + 1 + i);
            }
            final NodeRuntime runtime = NodeRuntime.create(engine, config, media, control, data);
            runtime.spawn();
            return new NodeTransport(engine, config, media, runtime);
        }
        catch (final RuntimeException ex)
        {
            media.close();
            throw new IllegalStateException("node " + config.address() + " could not start: " + ex.getMessage(), ex);
        }
    }

    /**
     * {@return this run's incarnation}
     */
    public long incarnation()
    {
        return runtime.incarnation();
    }

    /**
     * {@return the media driver's directory}
     */
    public String directory()
    {
        return media.directory();
    }

    /**
     * Let frames for a name reach a local actor.
     *
     * @param name a checked name.
     * @param ref  an actor of this node's engine.
     * @throws IllegalArgumentException when the name is taken.
     */
    public void publish(final String name, final ActorRef<?> ref)
    {
        runtime.registry().publish(name, ref);
    }

    /**
     * Withdraw a name.
     *
     * @param name a published name.
     * @return true when an actor was published under it.
     */
    public boolean unpublish(final String name)
    {
        return runtime.registry().unpublish(name);
    }

    /**
     * Ask a node for the actor published under a name.
     *
     * @param target the node, of this node's transport.
     * @param name   a checked name.
     * @param <M>    the actor's message type.
     * @return a reply completed with a ref bound to the incarnation that answered.
     */
    public <M> Reply<ActorRef<M>> resolve(final NodeAddress target, final String name)
    {
        return runtime.resolve(target, name);
    }

    /**
     * Leave the network: refuse sends, say goodbye and fail what waits on peers (on the control worker, then the
     * linger), stop the node's actors, then close the streams, Aeron and an embedded driver. Call once, from a
     * thread outside the engine; the Aeron resources are closed even when the engine's part did not end cleanly.
     */
    public void close()
    {
        runtime.markClosed();
        try
        {
            if (!engine.isClosed())
            {
                final CompletableFuture<Void> done = new CompletableFuture<>();
                runtime.beginClose(done);
                done.get(config.closeLingerNs() + STOP_TIMEOUT_NS, TimeUnit.NANOSECONDS);
                for (final ActorRef<?> actor : runtime.actors())
                {
                    engine.stop(actor);
                }
                for (final ActorRef<?> actor : runtime.actors())
                {
                    engine.watch(actor).get(Duration.ofNanos(STOP_TIMEOUT_NS));
                }
            }
        }
        catch (final Exception ex)
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: node " + config.address() + " did not close " +
                "cleanly; closing its Aeron resources anyway", ex);
        }
        finally
        {
            runtime.closeStreams();
            media.close();
        }
    }

    @Override
    public String toString()
    {
        return "incarnation " + Long.toHexString(runtime.incarnation()) + ", " + media;
    }
}
