package io.hotpath.remote.transport;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.hotpath.ActorRef;
import io.hotpath.Terminated;
import io.hotpath.remote.ActorNotPublishedException;
import io.hotpath.remote.NodeAddress;
import io.hotpath.remote.protocol.CodecTableDecoder;
import io.hotpath.remote.protocol.CongestionDecoder;
import io.hotpath.remote.protocol.GoodbyeDecoder;
import io.hotpath.remote.protocol.HelloDecoder;
import io.hotpath.remote.protocol.LookupDecoder;
import io.hotpath.remote.protocol.LookupResultDecoder;
import io.hotpath.remote.protocol.MessageHeaderDecoder;
import io.hotpath.remote.protocol.TerminatedDecoder;
import io.hotpath.remote.protocol.WatchDecoder;
import org.agrona.DirectBuffer;

/**
 * The frames of a node's control stream: hellos (the handshake and the heartbeats), lookups and their results,
 * watches, terminations, congestion notices and goodbyes. Part of the {@link ControlAgent}; control agent only.
 * <p>
 * The handshake: each node says hello to the other with its incarnation, the incarnation it knows the other as, and
 * the keys of their session as far as it knows them. A hello that names no session of this node (toSession 0) from
 * a peer this node has no live session with makes one (its publications made asynchronously, so the agent never
 * blocks) and is answered at once; the session is up when the peer has named its key and every publication to the
 * peer is connected, so no data frame reaches a node before it knows the sender. A session is lost when its peer
 * falls silent for {@code remote.failureTimeoutNs}, says goodbye, greets as a new incarnation, or greets without the
 * session (it dropped it, say after this node paused); a hello that still names a session this node has lost is
 * answered with a goodbye, so that the peer drops it too and the two meet again in a new session with new keys.
 * <p>
 * Once each knows the other's key, each sends its codec table; a session is up only once the peer's table has come
 * and been compared with this node's ({@link CodecTable#refusals}): the type ids they disagree on are refused both
 * ways for the session, and both nodes log them. Every hello, and a goodbye, also carries how many of this node's data
 * frames the peer has taken in the session: its acknowledgement, which bounds what may be lost with it.
 */
final class ControlInbound implements FragmentHandler
{
    private final NodeRuntime node;
    private final ControlFrames frames;
    private final Peers peers;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final HelloDecoder hello = new HelloDecoder();
    private final LookupDecoder lookup = new LookupDecoder();
    private final LookupResultDecoder lookupResult = new LookupResultDecoder();
    private final WatchDecoder watch = new WatchDecoder();
    private final TerminatedDecoder terminated = new TerminatedDecoder();
    private final GoodbyeDecoder goodbye = new GoodbyeDecoder();
    private final CongestionDecoder congestion = new CongestionDecoder();
    private final CodecTableDecoder codecTable = new CodecTableDecoder();

    ControlInbound(final NodeRuntime node, final ControlFrames frames, final Peers peers)
    {
        this.node = node;
        this.frames = frames;
        this.peers = peers;
    }

    @Override
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header frame)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() == HelloDecoder.SCHEMA_ID && header.version() != HelloDecoder.SCHEMA_VERSION)
        {
            // a node of another release: its frames are not read, and its resolves are never answered
            node.logError("a node speaking wire protocol version " + header.version() + " sent a control frame to " +
                "node " + node.address + ", which speaks version " + HelloDecoder.SCHEMA_VERSION + " and does not " +
                "read it; run the same hotpath-remote release on every node", null);
            return;
        }
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
                case CongestionDecoder.TEMPLATE_ID ->
                    onCongestion(congestion.wrap(buffer, block, blockLength, version));
                case CodecTableDecoder.TEMPLATE_ID ->
                    onCodecTable(codecTable.wrap(buffer, block, blockLength, version));
                default ->
                {
                }
            }
        }
        catch (final RuntimeException ex)
        {
            node.logError("a control frame failed", ex);
        }
    }

    private void onHello(final HelloDecoder frame)
    {
        final long from = frame.fromIncarnation();
        final long fromKey = frame.fromSession();
        final long toKey = frame.toSession();
        final int workers = frame.workers();
        final int version = frame.protocolVersion();
        final long received = frame.received();
        final NodeAddress address = peers.addressOf(frame.fromAddress());
        if (version != ControlFrames.PROTOCOL_VERSION || workers < 1 || workers > address.maxWorkers() ||
            from == node.incarnation || node.leaving)
        {
            return;
        }
        final Peer peer = peers.peer(address);
        Session session = peer.session;
        if (session != null)
        {
            final String dropped = droppedBy(session, from, fromKey);
            if (dropped != null)
            {
                peers.lose(session, dropped, false);
                session = null;
            }
        }
        if (session == null)
        {
            if (toKey != 0)
            {
                // the peer still speaks to a session this node has lost: it drops it, then greets anew
                frames.goodbye(peer, from, 0, fromKey, 0);
                peers.due = true;
                return;
            }
            session = peers.newSession(peer, from, workers, fromKey);
            peer.helloDue = true;
        }
        else if (session.remoteKey == 0 && fromKey != 0)
        {
            session.remoteKey = fromKey;
        }
        session.lastHeardNs = System.nanoTime();
        if (toKey == session.localKey)
        {
            session.acked = true;
            session.acknowledge(received);
        }
        else
        {
            peer.helloDue = true;
        }
        peers.due |= peer.needsProgress();
    }

    /** @return why a hello shows that the peer no longer has this session, or null when it still has it. */
    private static String droppedBy(final Session session, final long from, final long fromKey)
    {
        if (session.remoteIncarnation != from)
        {
            return "it restarted as a new incarnation";
        }
        if (session.remoteKey != 0 && fromKey != session.remoteKey)
        {
            return "it dropped the session (it had lost this node, after a pause or a cut)";
        }
        return null;
    }

    /** The live session a control frame names (by this node's key), when it comes from its peer. */
    private Session sessionOf(final long fromKey, final long toKey)
    {
        final Session session = node.registry.session(toKey);
        return session != null && session.state != Session.LOST && session.remoteKey == fromKey ? session : null;
    }

    private void onLookup(final LookupDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
        if (session == null)
        {
            return;
        }
        final long requestId = frame.requestId();
        final int id = node.registry.exportId(frame.name());
        final ActorRef<?> ref = node.registry.export(id);
        frames.lookupResult(peers.peer(session.address), session, requestId, ref == null ? 0 : id,
            ref == null ? -1 : ref.workerIndex());
        peers.due = true;
    }

    private void onLookupResult(final LookupResultDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
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
            node.complete(request.worker, request.reply, null,
                new ActorNotPublishedException(session.address.toString(), request.ref.actorName()));
            return;
        }
        request.ref.bind(session.target(frame.exportId(), frame.worker(), node.workerCount));
        node.complete(request.worker, request.reply, request.ref, null);
    }

    private void onWatch(final WatchDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
        if (session == null)
        {
            return;
        }
        final long watchId = frame.watchId();
        final ActorRef<?> ref = node.registry.export(frame.exportId());
        if (ref == null)
        {
            frames.terminated(peers.peer(session.address), session, watchId);
            peers.due = true;
            return;
        }
        // the engine watches it on its own worker, where asking never waits for room in a queue
        node.links[ref.workerIndex()].command(new WorkerLink.WatchExport(session, watchId, ref));
    }

    /** A watched actor of this node has stopped: tell the peer that watches it, if it is still connected. */
    void onExportStopped(final WorkerLink.WatchExport watchExport)
    {
        final Session session = watchExport.session();
        if (session.state != Session.LOST)
        {
            frames.terminated(peers.peer(session.address), session, watchExport.watchId());
            peers.due = true;
        }
    }

    private void onTerminated(final TerminatedDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
        if (session == null)
        {
            return;
        }
        final WatchRequest request = session.watches.remove(frame.watchId());
        if (request != null)
        {
            request.ref().markStopped();
            // the protocol's Terminated frame carries no reason yet: the remote actor stopped, for whatever cause
            node.complete(request.worker(), request.reply(), new Terminated(request.ref(), Terminated.Reason.STOPPED,
                null), null);
        }
    }

    /** A peer's actor is congested, or has caught up: every sender of this node applies its policy meanwhile. */
    private void onCongestion(final CongestionDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
        if (session == null)
        {
            return;
        }
        final RemoteTarget target = session.targets.get(frame.exportId());
        if (target != null)
        {
            target.congested = frame.congested() != 0;
        }
    }

    /**
     * A part of the peer's codec table. Once it is whole, the type ids the two nodes disagree on are refused with the
     * peer, both ways, for the session (the peer finds the same in this node's table), and logged, each with both
     * types and the fix; the session may then come up.
     */
    private void onCodecTable(final CodecTableDecoder frame)
    {
        final Session session = sessionOf(frame.fromSession(), frame.toSession());
        if (session == null || session.refusedTypes != null)
        {
            return;
        }
        final int total = frame.total();
        if (total < 0 || total > CodecTable.Received.MAX_ENTRIES ||
            session.peerTable != null && session.peerTable.total != total)
        {
            node.logError("node " + session.address + " sent a codec table of " + total + " entries, which is not " +
                "believed; the session stays in its handshake", null);
            return;
        }
        CodecTable.Received table = session.peerTable;
        if (table == null)
        {
            table = new CodecTable.Received(total);
            session.peerTable = table;
        }
        for (final CodecTableDecoder.EntriesDecoder entry : frame.entries())
        {
            if (!table.add(entry.typeId(), entry.schemaHash(), entry.typeName()))
            {
                node.logError("node " + session.address + " sent more codec table entries than the " + total +
                    " it announced; the session stays in its handshake", null);
                return;
            }
        }
        if (table.isWhole())
        {
            session.peerTable = null;
            final String[] refused = node.codecTable.refusals(table, node.address, session.address);
            int mismatches = 0;
            final StringBuilder text = new StringBuilder();
            for (final String why : refused)
            {
                if (why != null)
                {
                    mismatches++;
                    text.append("\n  ").append(why);
                }
            }
            if (mismatches > 0)
            {
                node.counters.codecMismatches(mismatches);
                node.logWarning("nodes " + node.address + " and " + session.address + " disagree on " + mismatches +
                    " codec type id(s); each is refused both ways:" + text);
            }
            session.refusedTypes = refused;
            peers.due = true;
        }
    }

    /** This node's notice that an actor of it is congested, or caught up: to the peer, unless it is lost. */
    void tell(final CongestionNotices.Notice notice)
    {
        final Session session = notice.session();
        if (session.state != Session.LOST)
        {
            frames.congestion(peers.peer(session.address), session, notice.exportId(), notice.congested());
            peers.due = true;
        }
    }

    private void onGoodbye(final GoodbyeDecoder frame)
    {
        final long from = frame.fromIncarnation();
        final long to = frame.toIncarnation();
        final long toKey = frame.toSession();
        final Session session = toKey != 0 ? node.registry.session(toKey) : sessionWith(from);
        if (session != null && session.remoteIncarnation == from && (to == node.incarnation || to == 0))
        {
            if (toKey == session.localKey && frame.fromSession() == session.remoteKey)
            {
                session.acknowledge(frame.received());
            }
            peers.lose(session, "it said goodbye (it closed, or lost this node)", false);
        }
    }

    /** @return the live session with that incarnation of a peer, or null. */
    private Session sessionWith(final long incarnation)
    {
        for (final Peer peer : peers.all())
        {
            if (peer.session != null && peer.session.remoteIncarnation == incarnation)
            {
                return peer.session;
            }
        }
        return null;
    }
}
