package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.RepeatingStep;
import io.hotpath.remote.ActorNotPublishedException;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.NodeUnreachableException;
import io.hotpath.remote.protocol.GoodbyeDecoder;
import io.hotpath.remote.protocol.HelloDecoder;
import io.hotpath.remote.protocol.LookupDecoder;
import io.hotpath.remote.protocol.LookupResultDecoder;
import io.hotpath.remote.protocol.MessageHeaderDecoder;
import io.hotpath.remote.protocol.TerminatedDecoder;
import io.hotpath.remote.protocol.WatchDecoder;
import org.agrona.DirectBuffer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The control protocol of a node, on its control worker: handshakes, heartbeats and failure detection, resolves,
 * watches, goodbyes; and, in its repeating step, the Aeron client conductor and an invoker driver. Owned by the
 * control worker; other threads reach it by messages (a resolve, a watch, close), never by calls.
 * <p>
 * Handshake: each node says hello to the other with its incarnation and the incarnation it knows the other as.
 * A hello from an unknown incarnation makes a session (and its publications, asynchronously, so the worker never
 * blocks) and is answered at once; the session is up when the peer has named this incarnation in a hello and every
 * publication to the peer is connected, so no data frame reaches a node before it knows the sender. Hellos are
 * also the heartbeats: a session not heard from within {@code remote.failureTimeoutNs} is lost, and so is one
 * whose node says goodbye or greets as a new incarnation. A lost incarnation is never talked to again.
 */
public final class ControlAgent implements RepeatingStep, Actor<Object>
{
    /** The control worker's own timers. */
    enum Signal
    {
        TICK,
        FINISH_CLOSE
    }

    private static final int MAX_PARSED = 1024;

    private final NodeRuntime node;
    private final Subscription subscription;
    private final FragmentHandler handler = new FragmentAssembler(this::onFragment);
    private final ControlFrames frames;
    private final HashMap<NodeAddress, Peer> peers = new HashMap<>();
    private final ArrayList<Peer> peerList = new ArrayList<>();
    private final HashMap<String, NodeAddress> parsedAddresses = new HashMap<>();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final HelloDecoder hello = new HelloDecoder();
    private final LookupDecoder lookup = new LookupDecoder();
    private final LookupResultDecoder lookupResult = new LookupResultDecoder();
    private final WatchDecoder watch = new WatchDecoder();
    private final TerminatedDecoder terminated = new TerminatedDecoder();
    private final GoodbyeDecoder goodbye = new GoodbyeDecoder();
    private ActorContext<Object> context;
    private boolean progressDue;
    private long nextRequestId;
    private long nextWatchId;
    private CompletableFuture<Void> closing;

    ControlAgent(final NodeRuntime node, final Subscription subscription)
    {
        this.node = node;
        this.subscription = subscription;
        this.frames = new ControlFrames(node.incarnation, node.address.toString(), node.workerCount);
    }

    void attach(final ActorContext<Object> ctx)
    {
        context = ctx;
        ctx.repeat(this);
        ctx.scheduleAtFixedRate(Signal.TICK, java.time.Duration.ofNanos(node.config.heartbeatIntervalNs()),
            java.time.Duration.ofNanos(node.config.heartbeatIntervalNs()));
    }

    @Override
    public int doWork()
    {
        int work = node.media.doWork();
        work += subscription.poll(handler, 16);
        if (progressDue)
        {
            work += progress();
        }
        return work;
    }

    @Override
    public void onMessage(final Object message)
    {
        if (message == Signal.TICK)
        {
            tick();
        }
        else if (message instanceof ResolveRequest request)
        {
            resolve(request);
        }
        else if (message instanceof WatchRequest request)
        {
            watchRemote(request);
        }
        else if (message instanceof CompletableFuture<?> future)
        {
            beginClose(future);
        }
        else if (message == Signal.FINISH_CLOSE)
        {
            closing.complete(null);
        }
    }

    // ---------------------------------------------------------------- progress of handshakes and outboxes

    private int progress()
    {
        int work = 0;
        boolean more = false;
        final Aeron aeron = node.media.aeron();
        for (int i = 0; i < peerList.size(); i++)
        {
            final Peer peer = peerList.get(i);
            if (peer.control == null)
            {
                peer.control = aeron.getExclusivePublication(peer.controlRegistration);
            }
            if (peer.control != null && peer.control.isConnected())
            {
                if (peer.helloDue && frames.hello(peer))
                {
                    peer.helloDue = false;
                    work++;
                }
                work += frames.flush(peer);
            }
            final Session session = peer.session;
            if (session != null && session.state == Session.HANDSHAKE && isReady(aeron, session))
            {
                session.state = Session.UP;
                work++;
                onUp(peer, session);
            }
            more |= peer.needsProgress();
        }
        progressDue = more;
        return work;
    }

    /** Fetch the session's publications as the driver makes them; true once all are connected and it is acked. */
    private static boolean isReady(final Aeron aeron, final Session session)
    {
        boolean ready = session.acked;
        for (int i = 0; i < session.publications.length; i++)
        {
            for (int j = 0; j < session.remoteWorkers; j++)
            {
                if (session.publications[i][j] == null)
                {
                    session.publications[i][j] = aeron.getExclusivePublication(session.publicationIds[i][j]);
                }
                ready &= session.publications[i][j] != null && session.publications[i][j].isConnected();
            }
        }
        for (int j = 0; j < session.remoteWorkers; j++)
        {
            if (session.shared[j] == null)
            {
                session.shared[j] = aeron.getPublication(session.sharedIds[j]);
            }
            ready &= session.shared[j] != null && session.shared[j].isConnected();
        }
        return ready;
    }

    private void onUp(final Peer peer, final Session session)
    {
        for (final ResolveRequest request : peer.resolves)
        {
            if (request.sentOn == null)
            {
                sendLookup(peer, session, request);
            }
        }
    }

    private void sendLookup(final Peer peer, final Session session, final ResolveRequest request)
    {
        request.requestId = ++nextRequestId;
        request.sentOn = session;
        session.lookups.put(request.requestId, request);
        frames.lookup(peer, session.remoteIncarnation, request.requestId, request.ref.actorName());
        progressDue = true;
    }

    private Peer peer(final NodeAddress address)
    {
        Peer peer = peers.get(address);
        if (peer == null)
        {
            peer = new Peer(address, node.media.aeron().asyncAddExclusivePublication(
                address.publicationChannel(node.config.termLength(), node.config.mtu()), address.streamBase()));
            peers.put(address, peer);
            peerList.add(peer);
            progressDue = true;
        }
        return peer;
    }

    // ---------------------------------------------------------------- heartbeats and failure detection

    private void tick()
    {
        final long nowNs = System.nanoTime();
        for (int i = 0; i < peerList.size(); i++)
        {
            final Peer peer = peerList.get(i);
            final Session session = peer.session;
            if (session != null && nowNs - session.lastHeardNs > node.config.failureTimeoutNs())
            {
                lose(session, "no hello from it for " + TimeUnit.NANOSECONDS.toMillis(nowNs - session.lastHeardNs) +
                    " ms (remote.failureTimeoutNs=" + node.config.failureTimeoutNs() + ")", true);
            }
            if (peer.session != null || !peer.resolves.isEmpty())
            {
                peer.helloDue = true;
                progressDue = true;
            }
            for (int r = peer.resolves.size() - 1; r >= 0; r--)
            {
                final ResolveRequest request = peer.resolves.get(r);
                if (nowNs - request.deadlineNs >= 0)
                {
                    peer.resolves.remove(r);
                    if (request.sentOn != null)
                    {
                        request.sentOn.lookups.remove(request.requestId);
                    }
                    request.reply.fail(new NodeUnreachableException(peer.address.toString(), "node " + peer.address +
                        (request.sentOn == null ? " did not answer" : " did not answer the lookup of '" +
                        request.ref.actorName() + "'") + " within " + TimeUnit.NANOSECONDS.toMillis(
                        node.config.resolveTimeoutNs()) + " ms (remote.resolveTimeoutNs)"));
                }
            }
        }
        node.outside.sweep();
    }

    /** The session is lost for good: everything waiting on it hears so at once. */
    private void lose(final Session session, final String reason, final boolean sayGoodbye)
    {
        if (session.state == Session.LOST)
        {
            return;
        }
        session.lostReason = reason;
        session.state = Session.LOST;
        node.registry.removeSession(session);
        final Peer peer = peers.get(session.address);
        if (peer.session == session)
        {
            peer.session = null;
        }
        peer.quarantined.add(session.remoteIncarnation);
        for (final ResolveRequest request : session.lookups.values())
        {
            peer.resolves.remove(request);
            request.reply.fail(new NodeUnreachableException(session.address.toString(), "resolve of '" +
                request.ref.actorName() + "' failed: " + session.lostMessage()));
        }
        session.lookups.clear();
        for (final WatchRequest request : session.watches.values())
        {
            request.ref().markStopped();
            request.reply().complete(request.ref());
        }
        session.watches.clear();
        node.outside.failSession(session);
        for (final ActorRef<Object> link : node.linkRefs)
        {
            link.tell(session);
        }
        final Aeron aeron = node.media.aeron();
        for (int j = 0; j < session.remoteWorkers; j++)
        {
            if (session.shared[j] != null)
            {
                session.shared[j].close();
            }
            else if (session.sharedIds[j] != 0)
            {
                aeron.asyncRemovePublication(session.sharedIds[j]);
            }
            for (int i = 0; i < session.publications.length; i++)
            {
                if (session.publications[i][j] == null && session.publicationIds[i][j] != 0)
                {
                    aeron.asyncRemovePublication(session.publicationIds[i][j]);
                }
            }
        }
        if (sayGoodbye)
        {
            frames.goodbye(peer, session.remoteIncarnation);
            progressDue = true;
        }
    }

    // ---------------------------------------------------------------- requests from this node's threads

    private void resolve(final ResolveRequest request)
    {
        final NodeAddress address = request.ref.address();
        if (node.closed)
        {
            request.reply.fail(new IllegalStateException("node " + node.address + " is closed"));
            return;
        }
        if (address.equals(node.address))
        {
            final int id = node.registry.exportId(request.ref.actorName());
            if (id == 0)
            {
                request.reply.fail(new ActorNotPublishedException(address.toString(), request.ref.actorName()));
            }
            else
            {
                @SuppressWarnings("unchecked")
                final ActorRef<Object> local = (ActorRef<Object>)node.registry.export(id);
                request.reply.complete(local);
            }
            return;
        }
        final Peer peer = peer(address);
        peer.resolves.add(request);
        final Session session = peer.session;
        if (session != null && session.state == Session.UP)
        {
            sendLookup(peer, session, request);
        }
        else
        {
            peer.helloDue = true;
            progressDue = true;
        }
    }

    private void watchRemote(final WatchRequest request)
    {
        final Session session = request.ref().session();
        if (session == null || session.state == Session.LOST)
        {
            request.ref().markStopped();
            request.reply().complete(request.ref());
            return;
        }
        final long watchId = ++nextWatchId;
        session.watches.put(watchId, request);
        frames.watch(peer(session.address), session.remoteIncarnation, watchId, request.ref().exportId);
        progressDue = true;
    }

    private void beginClose(final CompletableFuture<?> future)
    {
        @SuppressWarnings("unchecked")
        final CompletableFuture<Void> done = (CompletableFuture<Void>)future;
        closing = done;
        for (int i = 0; i < peerList.size(); i++)
        {
            final Peer peer = peerList.get(i);
            if (peer.session != null)
            {
                lose(peer.session, "node " + node.address + " closed", true);
            }
            for (final ResolveRequest request : peer.resolves)
            {
                request.reply.fail(new IllegalStateException("node " + node.address + " closed before the resolve " +
                    "of '" + request.ref.actorName() + "' was answered"));
            }
            peer.resolves.clear();
        }
        node.outside.failAll("node " + node.address + " closed");
        context.schedule(Signal.FINISH_CLOSE, java.time.Duration.ofNanos(node.config.closeLingerNs()));
    }

    // ---------------------------------------------------------------- frames from peers

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header frame)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != HelloDecoder.SCHEMA_ID ||
            length < MessageHeaderDecoder.ENCODED_LENGTH + header.blockLength())
        {
            return;
        }
        final int block = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        try
        {
            switch (header.templateId())
            {
                case HelloDecoder.TEMPLATE_ID -> onHello(hello.wrap(buffer, block, blockLength, version));
                case LookupDecoder.TEMPLATE_ID -> onLookup(lookup.wrap(buffer, block, blockLength, version));
                case LookupResultDecoder.TEMPLATE_ID ->
                    onLookupResult(lookupResult.wrap(buffer, block, blockLength, version));
                case WatchDecoder.TEMPLATE_ID -> onWatch(watch.wrap(buffer, block, blockLength, version));
                case TerminatedDecoder.TEMPLATE_ID ->
                    onTerminated(terminated.wrap(buffer, block, blockLength, version));
                case GoodbyeDecoder.TEMPLATE_ID -> onGoodbye(goodbye.wrap(buffer, block, blockLength, version));
                default ->
                {
                }
            }
        }
        catch (final RuntimeException ex)
        {
            node.logControlError(ex);
        }
    }

    private void onHello(final HelloDecoder frame)
    {
        final long from = frame.fromIncarnation();
        final long to = frame.toIncarnation();
        final int workers = frame.workers();
        final int version = frame.protocolVersion();
        final NodeAddress address = addressOf(frame.fromAddress());
        if (version != ControlFrames.PROTOCOL_VERSION || workers < 1 || workers > address.maxWorkers() ||
            from == node.incarnation)
        {
            return;
        }
        final Peer peer = peer(address);
        if (peer.quarantined.contains(from))
        {
            frames.goodbye(peer, from);
            progressDue = true;
            return;
        }
        Session session = peer.session;
        if (session != null && session.remoteIncarnation != from)
        {
            lose(session, "it restarted as a new incarnation", false);
            session = null;
        }
        final boolean fresh = session == null;
        if (fresh)
        {
            session = newSession(peer, from, workers);
        }
        session.lastHeardNs = System.nanoTime();
        if (to == node.incarnation)
        {
            session.acked = true;
        }
        if (to != node.incarnation || fresh)
        {
            peer.helloDue = true;
        }
        progressDue |= peer.needsProgress();
    }

    /** The address a hello names, parsed once per text (hellos come every heartbeat). */
    private NodeAddress addressOf(final String text)
    {
        NodeAddress address = parsedAddresses.get(text);
        if (address == null)
        {
            if (parsedAddresses.size() >= MAX_PARSED)
            {
                parsedAddresses.clear();
            }
            address = NodeAddress.parse(text);
            parsedAddresses.put(text, address);
        }
        return address;
    }

    private Session newSession(final Peer peer, final long incarnation, final int workers)
    {
        final Session session = new Session(node, peer.address, incarnation, workers, node.workerCount);
        final Aeron aeron = node.media.aeron();
        final String channel = peer.address.publicationChannel(node.config.termLength(), node.config.mtu());
        for (int j = 0; j < workers; j++)
        {
            final int stream = peer.address.streamBase() + 1 + j;
            for (int i = 0; i < node.workerCount; i++)
            {
                session.publicationIds[i][j] = aeron.asyncAddExclusivePublication(channel, stream);
            }
            session.sharedIds[j] = aeron.asyncAddPublication(channel, stream);
        }
        node.registry.addSession(session);
        peer.session = session;
        return session;
    }

    /** The session of a control frame's sender, when it is this incarnation it speaks to. */
    private Session sessionOf(final long from, final long to)
    {
        final Session session = node.registry.session(from);
        return to == node.incarnation && session != null && session.state != Session.LOST ? session : null;
    }

    private void onLookup(final LookupDecoder frame)
    {
        final Session session = sessionOf(frame.fromIncarnation(), frame.toIncarnation());
        if (session == null)
        {
            return;
        }
        final long requestId = frame.requestId();
        final int id = node.registry.exportId(frame.name());
        final ActorRef<?> ref = node.registry.export(id);
        frames.lookupResult(peer(session.address), session.remoteIncarnation, requestId, ref == null ? 0 : id,
            ref == null ? -1 : ref.workerIndex());
        progressDue = true;
    }

    private void onLookupResult(final LookupResultDecoder frame)
    {
        final Session session = sessionOf(frame.fromIncarnation(), frame.toIncarnation());
        if (session == null)
        {
            return;
        }
        final ResolveRequest request = session.lookups.remove(frame.requestId());
        if (request == null)
        {
            return;
        }
        peer(session.address).resolves.remove(request);
        if (frame.worker() < 0)
        {
            request.reply.fail(new ActorNotPublishedException(session.address.toString(), request.ref.actorName()));
            return;
        }
        request.ref.bind(session, frame.exportId(), frame.worker());
        request.reply.complete(request.ref);
    }

    private void onWatch(final WatchDecoder frame)
    {
        final Session session = sessionOf(frame.fromIncarnation(), frame.toIncarnation());
        if (session == null)
        {
            return;
        }
        final long watchId = frame.watchId();
        final ActorRef<?> ref = node.registry.export(frame.exportId());
        if (ref == null)
        {
            frames.terminated(peer(session.address), session.remoteIncarnation, watchId);
            progressDue = true;
            return;
        }
        context.watch(ref).onComplete((stopped, error) ->
        {
            if (session.state != Session.LOST)
            {
                frames.terminated(peer(session.address), session.remoteIncarnation, watchId);
                progressDue = true;
            }
        });
    }

    private void onTerminated(final TerminatedDecoder frame)
    {
        final Session session = sessionOf(frame.fromIncarnation(), frame.toIncarnation());
        if (session == null)
        {
            return;
        }
        final WatchRequest request = session.watches.remove(frame.watchId());
        if (request != null)
        {
            request.ref().markStopped();
            request.reply().complete(request.ref());
        }
    }

    private void onGoodbye(final GoodbyeDecoder frame)
    {
        final long from = frame.fromIncarnation();
        final long to = frame.toIncarnation();
        final Session session = node.registry.session(from);
        if (session != null && (to == node.incarnation || to == 0))
        {
            lose(session, "it said goodbye (it closed, or lost this node)", false);
        }
    }

    /** Close the control subscription; the node's owner, once this worker no longer runs the agent. */
    void close()
    {
        subscription.close();
    }
}
