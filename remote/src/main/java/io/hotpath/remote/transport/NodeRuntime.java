package io.hotpath.remote.transport;

import io.aeron.Subscription;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.FullQueuePolicy;
import io.hotpath.Reply;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.NodeStats;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.spi.EngineHooks;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the parts of one node share: its settings, incarnation, registry, media host, the links of its workers and
 * its control agent, and how far the node has left the network. Internal. Set up once by the node's owner thread
 * before any part runs, then read by all (the final fields, and the arrays filled before the actors are spawned).
 * <p>
 * Leaving: {@link #beginLeave} is called once by whoever sees the end first (the node's close, or a part that finds
 * the engine closed); the control agent then says goodbye and fails what waits on peers, each link fails its own
 * pending asks, and the control agent marks the node {@link #left} after the linger. Both flags are volatile: a part
 * that reads one set sees the reason written before it.
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
    /** The worker whose stream takes the answers to asks of threads outside the engine. */
    final int outsideAnswerWorker;
    final FullQueuePolicy policy;
    final long sendTimeoutNs;
    final int maxMessageLength;
    final Registry registry = new Registry();
    final NodeCounters counters = new NodeCounters();
    /** This node's codec table, as the handshake sends it and compares the peer's with. */
    final CodecTable codecTable;
    final MediaHost media;
    final Failures failures;
    final OutsideSender outside;
    final WorkerLink[] links;
    final ActorRef<Object>[] linkRefs;
    final RemoteRef<Object> selfRef;
    ControlAgent controlAgent;
    /** The node leaves the network: sends are refused, and every part fails what waits. */
    volatile boolean leaving;
    /** The control agent has said its goodbyes and failed what it kept; written after {@link #leaving}. */
    volatile boolean left;
    /** True when the engine's close made the node leave, false for the node's own; written before {@link #leaving}. */
    private boolean byEngine;
    private final AtomicInteger loggedErrors = new AtomicInteger();

    @SuppressWarnings("unchecked")
    NodeRuntime(final Engine engine, final RemoteConfig config, final MediaHost media, final long incarnation)
    {
        this.engine = engine;
        this.config = config;
        this.address = config.address();
        this.incarnation = incarnation;
        this.hooks = EngineHooks.of(engine);
        this.workerCount = engine.workerCount();
        this.outsideAnswerWorker = Math.max(0, config.controlWorker());
        this.policy = engine.config().fullQueuePolicy();
        this.sendTimeoutNs = engine.config().sendTimeoutNs();
        this.maxMessageLength = Math.min(config.termLength() / 8, 16 * 1024 * 1024);
        this.codecTable = CodecTable.of(config.codecs());
        this.media = media;
        this.failures = new Failures(config.stackTraces(), config.backlog(), sendTimeoutNs);
        this.outside = new OutsideSender(this);
        this.links = new WorkerLink[workerCount];
        this.linkRefs = (ActorRef<Object>[])new ActorRef<?>[workerCount];
        this.selfRef = new RemoteRef<>(this, address, "(this node)");
    }

    /** @return a random incarnation, never 0. */
    static long newIncarnation()
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
     * @param engine      the engine.
     * @param config      the settings.
     * @param media       the media host.
     * @param incarnation this run's incarnation.
     * @param control     the control stream's subscription.
     * @param dataStreams one subscription per worker.
     * @return the runtime, its actors not yet spawned.
     */
    static NodeRuntime create(final Engine engine, final RemoteConfig config, final MediaHost media,
        final long incarnation, final Subscription control, final Subscription[] dataStreams)
    {
        final NodeRuntime node = new NodeRuntime(engine, config, media, incarnation);
        for (int i = 0; i < node.workerCount; i++)
        {
            node.links[i] = new WorkerLink(node, i, dataStreams[i]);
        }
        node.controlAgent = new ControlAgent(node, control);
        return node;
    }

    /**
     * Spawn the link actor of every worker; their steps run from now on.
     */
    void spawnLinks()
    {
        for (int i = 0; i < workerCount; i++)
        {
            final WorkerLink link = links[i];
            linkRefs[i] = engine.actor((ActorContext<Object> ctx) ->
            {
                ctx.repeat(link);
                return link;
            }).name("hotpath.remote." + Long.toHexString(incarnation) + ".link." + i).onWorker(i).spawn();
        }
    }

    /**
     * Stop the link actors spawned so far and wait for each to stop, unless the engine is closed (its close stops
     * them). The node's owner thread.
     *
     * @param timeout how long to wait for each.
     */
    void stopSpawnedLinks(final Duration timeout)
    {
        if (engine.isClosed())
        {
            return;
        }
        for (final ActorRef<Object> link : linkRefs)
        {
            if (link != null)
            {
                engine.stop(link);
            }
        }
        for (final ActorRef<Object> link : linkRefs)
        {
            if (link != null && !engine.isClosed())
            {
                engine.watch(link).get(timeout);
            }
        }
    }

    /** @return true once every link has done its part of leaving. */
    boolean linksLeft()
    {
        for (final WorkerLink link : links)
        {
            if (!link.hasLeft())
            {
                return false;
            }
        }
        return true;
    }

    /** Close the links' subscriptions; once no worker runs a link. */
    void closeLinkStreams()
    {
        for (final WorkerLink link : links)
        {
            link.close();
        }
    }

    // ---------------------------------------------------------------- leaving the network

    /**
     * The node leaves the network, once; later calls change nothing.
     *
     * @param engineClosed true when the engine's close is the reason.
     */
    synchronized void beginLeave(final boolean engineClosed)
    {
        if (!leaving)
        {
            byEngine = engineClosed;
            leaving = true;
        }
    }

    /** @return true once the node leaves, having noticed the engine's close if it is closing now. */
    boolean checkLeaving()
    {
        if (!leaving && engine.isClosed())
        {
            beginLeave(true);
        }
        return leaving;
    }

    /** @return why the node leaves, for messages: after {@link #leaving} was read true. */
    String leaveReason()
    {
        return byEngine ? "the engine under node " + address + " closed, which takes the node off the network" :
            "node " + address + " closed";
    }

    /** @return true when the engine's close made the node leave; after {@link #leaving} was read true. */
    boolean leftWithEngine()
    {
        return byEngine;
    }

    // ---------------------------------------------------------------- completing replies

    /**
     * Complete a reply on the worker that asked, so that no thread ever waits for room in another worker's queue:
     * directly when a thread outside the engine asked (a future completes), else through that worker's link.
     */
    void complete(final int worker, final Reply<?> reply, final Object value, final Throwable error)
    {
        if (worker < 0 || worker == hooks.currentWorker())
        {
            Completion.apply(reply, value, error);
        }
        else
        {
            links[worker].command(new Completion(reply, value, error));
        }
    }

    // ---------------------------------------------------------------- statistics

    /** @return a snapshot of the node's counters; any thread, lock free. */
    NodeStats stats()
    {
        long refused = counters.outsideRefused();
        for (final WorkerLink link : links)
        {
            refused += link.sends.refused();
        }
        int up = 0;
        long unacknowledged = 0;
        for (final Session session : registry.sessions())
        {
            if (session.state == Session.UP)
            {
                up++;
                unacknowledged += session.unacknowledged();
            }
        }
        return new NodeStats(address.toString(), up, unacknowledged, counters.possiblyLost(), refused,
            counters.codecMismatches());
    }

    // ---------------------------------------------------------------- shared helpers

    void deadLetter(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        hooks.deadLetter(target, message, reason);
    }

    /**
     * An ask that cannot go: its reply fails at once (without a stack trace unless asked for) and the question is
     * counted as a dead letter.
     */
    void failAsk(final RemoteRef<?> target, final Reply<?> reply, final DeadLetterReason reason)
    {
        failAsk(target, reply, reason, null);
    }

    /** {@link #failAsk(RemoteRef, Reply, DeadLetterReason)} with what this node knows of why (or null). */
    void failAsk(final RemoteRef<?> target, final Reply<?> reply, final DeadLetterReason reason, final String detail)
    {
        reply.fail(failures.undelivered(target, reason, detail));
        hooks.deadLetter(target, reply, reason);
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

    void logError(final String what, final Throwable ex)
    {
        if (shouldLog())
        {
            LOG.log(System.Logger.Level.WARNING, "hotpath remote: " + what, ex);
        }
    }

    /** A warning that is never rate limited: for what happens once per session at most. */
    void logWarning(final String what)
    {
        LOG.log(System.Logger.Level.WARNING, "hotpath remote: " + what);
    }

    void logInfo(final String what)
    {
        if (shouldLog())
        {
            LOG.log(System.Logger.Level.INFO, "hotpath remote: " + what);
        }
    }

    private boolean shouldLog()
    {
        return loggedErrors.getAndIncrement() < LOGGED_ERRORS;
    }
}
