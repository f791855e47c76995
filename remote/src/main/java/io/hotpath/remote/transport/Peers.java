package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.hotpath.Terminated;
import io.hotpath.remote.NodeAddress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The peers a node knows and the life of their sessions: made on a hello, up once acked and connected, lost for
 * good (a later session with the same incarnation is a new one). Part of the {@link ControlAgent}; control agent
 * only.
 */
final class Peers
{
    private static final int MAX_PARSED = 1024;

    private final NodeRuntime node;
    private final ControlFrames frames;
    private final HashMap<NodeAddress, Peer> peers = new HashMap<>();
    private final ArrayList<Peer> peerList = new ArrayList<>();
    private final HashMap<String, NodeAddress> parsedAddresses = new HashMap<>();
    /** Some peer needs work every duty cycle (a handshake, an outbox, a hello due). */
    boolean due;
    private long nextRequestId;

    Peers(final NodeRuntime node, final ControlFrames frames)
    {
        this.node = node;
        this.frames = frames;
    }

    /** @return every peer, in the order met. */
    List<Peer> all()
    {
        return peerList;
    }

    int progress()
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
                if (peer.helloDue && (node.leaving || frames.hello(peer)))
                {
                    // a node that leaves greets no one: a hello would make its peer a new session
                    peer.helloDue = false;
                    if (peer.session != null && !node.leaving)
                    {
                        peer.session.greeted = true;
                    }
                    work++;
                }
                work += frames.flush(peer);
            }
            final Session session = peer.session;
            if (session != null && session.greeted && !session.tableSent && session.remoteKey != 0)
            {
                // after a hello naming this session's key, on the same stream: the peer knows the key it names
                session.tableSent = true;
                frames.codecTable(peer, session, node.codecTable);
                work++;
            }
            if (session != null && session.state == Session.HANDSHAKE && isReady(aeron, session))
            {
                session.state = Session.UP;
                work++;
                onUp(peer, session);
            }
            more |= peer.needsProgress();
        }
        due = more;
        return work;
    }

    /**
     * Fetch the session's publications as the driver makes them; true once all are connected, it is acked, and the
     * peer's codec table has been compared with this node's.
     */
    private static boolean isReady(final Aeron aeron, final Session session)
    {
        boolean ready = session.acked && session.refusedTypes != null;
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

    void sendLookup(final Peer peer, final Session session, final ResolveRequest request)
    {
        request.requestId = ++nextRequestId;
        request.sentOn = session;
        session.lookups.put(request.requestId, request);
        frames.lookup(peer, session, request.requestId, request.ref.actorName());
        due = true;
    }

    Peer peer(final NodeAddress address)
    {
        Peer peer = peers.get(address);
        if (peer == null)
        {
            peer = new Peer(address, node.media.aeron().asyncAddExclusivePublication(
                address.publicationChannel(node.config.termLength(), node.config.mtu()), address.streamBase()));
            peers.put(address, peer);
            peerList.add(peer);
            due = true;
        }
        return peer;
    }

    /** The session is lost for good: everything waiting on it hears so at once. */
    void lose(final Session session, final String reason, final boolean sayGoodbye)
    {
        if (session.state == Session.LOST)
        {
            return;
        }
        session.lostReason = reason;
        session.state = Session.LOST;
        session.settleControl();
        node.registry.removeSession(session);
        final Peer peer = peers.get(session.address);
        if (peer.session == session)
        {
            peer.session = null;
        }
        for (final ResolveRequest request : session.lookups.values())
        {
            // a resolve names a node, not a session: it waits for the next one (a pause ended, a successor
            // started), or fails at its deadline
            request.sentOn = null;
        }
        session.lookups.clear();
        if (!peer.resolves.isEmpty())
        {
            peer.helloDue = true;
            due = true;
        }
        for (final WatchRequest request : session.watches.values())
        {
            request.ref().markStopped();
            node.complete(request.worker(), request.reply(), new Terminated(request.ref(), Terminated.Reason.NODE_LOST,
                node.failures.unreachable(session.address.toString(), session.lostMessage())), null);
        }
        session.watches.clear();
        node.outside.failSession(session);
        for (final WorkerLink link : node.links)
        {
            link.command(session);
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
            frames.goodbye(peer, session.remoteIncarnation, session.localKey, session.remoteKey,
                session.takenTotal());
            due = true;
        }
    }

    /** The address a hello names, parsed once per text (hellos come every heartbeat). */
    NodeAddress addressOf(final String text)
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

    Session newSession(final Peer peer, final long incarnation, final int workers, final long remoteKey)
    {
        final Session session = new Session(node, peer.address, incarnation, workers, node.workerCount);
        session.remoteKey = remoteKey;
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

    /**
     * Heartbeats: hellos due to every live peer, sessions not heard from lost, resolves past their deadline failed.
     * Its own pauses the node has credited already ({@link #creditPause}), so only a peer's silence counts here.
     */
    void tick(final long nowNs)
    {
        for (int i = 0; i < peerList.size(); i++)
        {
            final Peer peer = peerList.get(i);
            final Session session = peer.session;
            if (session != null && nowNs - session.lastHeardNs > node.config.failureTimeoutNs())
            {
                lose(session, "no hello from it for " +
                    TimeUnit.NANOSECONDS.toMillis(nowNs - session.lastHeardNs) + " ms (remote.failureTimeoutNs=" +
                    node.config.failureTimeoutNs() + ")", true);
            }
            if (peer.session != null || !peer.resolves.isEmpty())
            {
                peer.helloDue = true;
                due = true;
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
                    node.complete(request.worker, request.reply, null, node.failures.unreachable(
                        peer.address.toString(), "node " + peer.address + (request.sentOn == null ? " did not answer" :
                        " did not answer the lookup of '" + request.ref.actorName() + "'") + " within " +
                        TimeUnit.NANOSECONDS.toMillis(node.config.resolveTimeoutNs()) +
                        " ms (remote.resolveTimeoutNs)"));
                }
            }
        }
    }

    /**
     * This node did not run for {@code pauseNs} (a GC pause, a stopped process, a busy control worker): the silence
     * of its peers meanwhile is its own, not theirs. Each session gets a full failure timeout from now to be heard,
     * and each resolve's deadline moves by the pause.
     */
    void creditPause(final long pauseNs, final long nowNs)
    {
        for (int i = 0; i < peerList.size(); i++)
        {
            final Peer peer = peerList.get(i);
            if (peer.session != null && nowNs - peer.session.lastHeardNs > 0)
            {
                peer.session.lastHeardNs = nowNs;
            }
            for (final ResolveRequest request : peer.resolves)
            {
                request.deadlineNs += pauseNs;
            }
        }
    }
}
