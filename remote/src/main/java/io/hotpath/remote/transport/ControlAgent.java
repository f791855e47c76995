package io.hotpath.remote.transport;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.RepeatingStep;
import io.hotpath.Terminated;
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

import java.util.concurrent.CompletableFuture;

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
final class ControlAgent implements RepeatingStep, Actor<Object>
{
    /** The control worker's own timers. */
    enum Signal
    {
        TICK,
        FINISH_CLOSE
    }

    private final NodeRuntime node;
    private final Subscription subscription;
    private final FragmentHandler handler = new FragmentAssembler(this::onFragment);
    private final ControlFrames frames;
    private final Peers peers;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final HelloDecoder hello = new HelloDecoder();
    private final LookupDecoder lookup = new LookupDecoder();
    private final LookupResultDecoder lookupResult = new LookupResultDecoder();
    private final WatchDecoder watch = new WatchDecoder();
    private final TerminatedDecoder terminated = new TerminatedDecoder();
    private final GoodbyeDecoder goodbye = new GoodbyeDecoder();
    private ActorContext<Object> context;
    private long nextWatchId;
    private CompletableFuture<Void> closing;

    ControlAgent(final NodeRuntime node, final Subscription subscription)
    {
        this.node = node;
        this.subscription = subscription;
        this.frames = new ControlFrames(node.incarnation, node.address.toString(), node.workerCount);
        this.peers = new Peers(node, frames);
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
        if (peers.due)
        {
            work += peers.progress();
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

    // ---------------------------------------------------------------- heartbeats and failure detection

    private void tick()
    {
        peers.tick(System.nanoTime());
        node.outside.sweep();
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
        final Peer peer = peers.peer(address);
        peer.resolves.add(request);
        final Session session = peer.session;
        if (session != null && session.state == Session.UP)
        {
            peers.sendLookup(peer, session, request);
        }
        else
        {
            peer.helloDue = true;
            peers.due = true;
        }
    }

    private void watchRemote(final WatchRequest request)
    {
        final Session session = request.ref().session();
        if (session == null || session.state == Session.LOST)
        {
            request.ref().markStopped();
            request.reply().complete(new Terminated(request.ref(), Terminated.Reason.NODE_LOST,
                new NodeUnreachableException(String.valueOf(request.ref().address()), "actor '" +
                request.ref().actorName() + "' is on a node that is not reachable")));
            return;
        }
        final long watchId = ++nextWatchId;
        session.watches.put(watchId, request);
        frames.watch(peers.peer(session.address), session.remoteIncarnation, watchId, request.ref().exportId);
        peers.due = true;
    }

    private void beginClose(final CompletableFuture<?> future)
    {
        @SuppressWarnings("unchecked")
        final CompletableFuture<Void> done = (CompletableFuture<Void>)future;
        closing = done;
        for (int i = 0; i < peers.all().size(); i++)
        {
            final Peer peer = peers.all().get(i);
            if (peer.session != null)
            {
                peers.lose(peer.session, "node " + node.address + " closed", true);
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
        final NodeAddress address = peers.addressOf(frame.fromAddress());
        if (version != ControlFrames.PROTOCOL_VERSION || workers < 1 || workers > address.maxWorkers() ||
            from == node.incarnation)
        {
            return;
        }
        final Peer peer = peers.peer(address);
        if (peer.quarantined.contains(from))
        {
            frames.goodbye(peer, from);
            peers.due = true;
            return;
        }
        Session session = peer.session;
        if (session != null && session.remoteIncarnation != from)
        {
            peers.lose(session, "it restarted as a new incarnation", false);
            session = null;
        }
        final boolean fresh = session == null;
        if (fresh)
        {
            session = peers.newSession(peer, from, workers);
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
        peers.due |= peer.needsProgress();
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
        frames.lookupResult(peers.peer(session.address), session.remoteIncarnation, requestId, ref == null ? 0 : id,
            ref == null ? -1 : ref.workerIndex());
        peers.due = true;
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
        peers.peer(session.address).resolves.remove(request);
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
            frames.terminated(peers.peer(session.address), session.remoteIncarnation, watchId);
            peers.due = true;
            return;
        }
        context.watch(ref).onComplete((stopped, error) ->
        {
            if (session.state != Session.LOST)
            {
                frames.terminated(peers.peer(session.address), session.remoteIncarnation, watchId);
                peers.due = true;
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
            // the protocol's Terminated frame carries no reason yet: the remote actor stopped, for whatever cause
            request.reply().complete(new Terminated(request.ref(), Terminated.Reason.STOPPED, null));
        }
    }

    private void onGoodbye(final GoodbyeDecoder frame)
    {
        final long from = frame.fromIncarnation();
        final long to = frame.toIncarnation();
        final Session session = node.registry.session(from);
        if (session != null && (to == node.incarnation || to == 0))
        {
            peers.lose(session, "it said goodbye (it closed, or lost this node)", false);
        }
    }

    /** Close the control subscription; the node's owner, once this worker no longer runs the agent. */
    void close()
    {
        subscription.close();
    }
}
