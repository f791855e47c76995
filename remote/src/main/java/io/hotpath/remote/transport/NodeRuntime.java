package io.hotpath.remote.transport;

import io.aeron.Subscription;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.FullQueuePolicy;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.spi.EngineHooks;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the parts of one node share: its settings, incarnation, registry, media host, and the links of its workers.
 * Internal. Set up once by the node's owner thread before any worker runs a part, then read by all (the final
 * fields, and the arrays filled before the actors are spawned); {@link #closed} is the one field written later.
 */
final class NodeRuntime
{
    private static final System.Logger LOG = System.getLogger("io.hotpath.remote");
    private static final int LOGGED_ERRORS = 20;

    final RemoteConfig config;
    final NodeAddress address;
    final long incarnation;
    final EngineHooks hooks;
    final Engine engine;
    final int workerCount;
    final int controlWorker;
    final FullQueuePolicy policy;
    final long sendTimeoutNs;
    final int maxMessageLength;
    final Registry registry = new Registry();
    final MediaHost media;
    final OutsideSender outside;
    final WorkerLink[] links;
    final ActorRef<Object>[] linkRefs;
    final RemoteRef<Object> selfRef;
    ControlAgent controlAgent;
    ActorRef<Object> control;
    volatile boolean closed;
    private final AtomicInteger loggedErrors = new AtomicInteger();

    @SuppressWarnings("unchecked")
    NodeRuntime(final Engine engine, final RemoteConfig config, final MediaHost media)
    {
        this.engine = engine;
        this.config = config;
        this.address = config.address();
        this.incarnation = newIncarnation();
        this.hooks = EngineHooks.of(engine);
        this.workerCount = engine.workerCount();
        this.controlWorker = config.controlWorker();
        this.policy = engine.config().fullQueuePolicy();
        this.sendTimeoutNs = engine.config().sendTimeoutNs();
        this.maxMessageLength = Math.min(config.termLength() / 8, 16 * 1024 * 1024);
        this.media = media;
        this.outside = new OutsideSender(this);
        this.links = new WorkerLink[workerCount];
        this.linkRefs = (ActorRef<Object>[])new ActorRef<?>[workerCount];
        this.selfRef = new RemoteRef<>(this, address, "(this node)");
    }

    private static long newIncarnation()
    {
        long value = 0;
        while (value == 0)
        {
            value = new SecureRandom().nextLong();
        }
        return value;
    }

    /**
     * Make the worker links and the control agent on the node's subscriptions.
     *
     * @param engine       the engine.
     * @param config       the settings.
     * @param media        the media host.
     * @param control      the control stream's subscription.
     * @param dataStreams  one subscription per worker.
     * @return the runtime, its actors not yet spawned.
     */
    static NodeRuntime create(final Engine engine, final RemoteConfig config, final MediaHost media,
        final Subscription control, final Subscription[] dataStreams)
    {
        final NodeRuntime node = new NodeRuntime(engine, config, media);
        for (int i = 0; i < node.workerCount; i++)
        {
            node.links[i] = new WorkerLink(node, i, dataStreams[i]);
        }
        node.controlAgent = new ControlAgent(node, control);
        return node;
    }

    /**
     * Spawn the link actor of every worker and the control actor; their steps run from now on.
     */
    void spawn()
    {
        for (int i = 0; i < workerCount; i++)
        {
            final WorkerLink link = links[i];
            linkRefs[i] = engine.actor((io.hotpath.ActorContext<Object> ctx) ->
            {
                ctx.repeat(link);
                return link;
            }).name("hotpath.remote." + Long.toHexString(incarnation) + ".link." + i).onWorker(i).spawn();
        }
        final ControlAgent agent = controlAgent;
        control = engine.actor((io.hotpath.ActorContext<Object> ctx) ->
        {
            agent.attach(ctx);
            return agent;
        }).name("hotpath.remote." + Long.toHexString(incarnation) + ".control").onWorker(controlWorker).spawn();
    }

    // ---------------------------------------------------------------- for the node's entry (NodeTransport)

    /** {@return this node's incarnation} */
    long incarnation()
    {
        return incarnation;
    }

    /** {@return the registry of published actors} */
    Registry registry()
    {
        return registry;
    }

    /** {@return every link actor and the control actor} */
    java.util.List<ActorRef<?>> actors()
    {
        final java.util.List<ActorRef<?>> all = new java.util.ArrayList<>(java.util.Arrays.asList(linkRefs));
        all.add(control);
        return all;
    }

    /** Refuse sends from now on; they become NODE_UNREACHABLE dead letters. */
    void markClosed()
    {
        closed = true;
    }

    /** Close the subscriptions; once no worker runs a part. */
    void closeStreams()
    {
        for (final WorkerLink link : links)
        {
            link.close();
        }
        controlAgent.close();
    }

    /**
     * A resolve: a ref to bind and a reply completed with it once the node answers. Any thread.
     *
     * @param target the node.
     * @param name   the actor's public name.
     * @param <M>    the message type.
     * @return the reply.
     */
    @SuppressWarnings("unchecked")
    <M> io.hotpath.Reply<ActorRef<M>> resolve(final NodeAddress target, final String name)
    {
        final RemoteRef<Object> ref = new RemoteRef<>(this, target, name);
        final io.hotpath.Reply<ActorRef<Object>> reply = hooks.newReply(ref, 0);
        control.tell(new ResolveRequest(ref, reply, System.nanoTime() + config.resolveTimeoutNs()));
        return (io.hotpath.Reply<ActorRef<M>>)(io.hotpath.Reply<?>)reply;
    }

    /**
     * Begin closing on the control worker: goodbyes, pending asks failed; the future completes after the linger.
     *
     * @param done completed by the control worker.
     */
    void beginClose(final java.util.concurrent.CompletableFuture<Void> done)
    {
        control.tell(done);
    }

    // ---------------------------------------------------------------- shared helpers

    void deadLetter(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        hooks.deadLetter(target, message, reason);
    }

    /** A ref naming an export id with no actor behind it on this node, for dead letters. */
    RemoteRef<Object> unpublished(final int exportId)
    {
        return new RemoteRef<>(this, address, "(export " + exportId + ")");
    }

    void logCodecError(final FrameSender sender, final DeadLetterReason reason, final Object message)
    {
        if (reason == DeadLetterReason.ENCODE_FAILED && sender.lastCodecError != null && shouldLog())
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: the codec of " +
                (message == null ? "null" : message.getClass().getName()) + " failed; the message is a dead letter",
                sender.lastCodecError);
        }
    }

    void logDecodeError(final int typeId, final RuntimeException ex)
    {
        if (shouldLog())
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: the codec of type id " + typeId + " failed to " +
                "decode a frame; it is a dead letter", ex);
        }
    }

    void logControlError(final RuntimeException ex)
    {
        if (shouldLog())
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: a control frame failed", ex);
        }
    }

    private boolean shouldLog()
    {
        return loggedErrors.getAndIncrement() < LOGGED_ERRORS;
    }
}
