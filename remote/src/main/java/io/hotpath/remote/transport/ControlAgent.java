package io.hotpath.remote.transport;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.hotpath.ActorRef;
import io.hotpath.Terminated;
import io.hotpath.remote.ActorNotPublishedException;
import io.hotpath.remote.NodeAddress;
import org.agrona.concurrent.Agent;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The control protocol of a node (handshakes, heartbeats and failure detection, resolves, watches, congestion
 * notices, goodbyes), Aeron's client conductor and an invoker driver, in one duty cycle. It runs where no user handler
 * can hold it up: on a thread of the node's own by default, or, when {@code remote.controlWorker} names one, as a step
 * of a worker ({@link ControlHost}). Owned by the thread that runs it; other threads reach it by {@link #command},
 * never by calls.
 * <p>
 * A pause is not a partition: the agent measures the gaps between its own duty cycles, and a gap longer than a
 * heartbeat interval and an idle park (a GC pause, a stopped process, a busy control worker) is this node's pause,
 * credited to every peer before their silence is judged ({@link Peers#creditPause}). A peer that declared this node
 * lost meanwhile says goodbye, and the two meet again in a new session on the next resolve either way.
 * <p>
 * Leaving: once the node closes, or its engine does, the agent says goodbye to every peer (their watches of this
 * node's actors fire, their asks to them fail at once), fails every resolve, watch and outside ask it keeps, then
 * keeps running for {@code remote.closeLingerNs} so that the goodbyes go out, and marks the node left.
 */
final class ControlAgent implements Agent
{
    private final NodeRuntime node;
    private final Subscription subscription;
    private final FragmentAssembler handler;
    private final ControlFrames frames;
    private final Peers peers;
    private final ControlInbound inbound;
    private final ConcurrentLinkedQueue<Object> commands = new ConcurrentLinkedQueue<>();
    private final long heartbeatNs;
    /** A gap between two duty cycles longer than this is this node's pause: a heartbeat and the longest idle park. */
    private final long pauseNs;
    private final boolean sparseMedia;
    private long nextTickNs;
    private long lastCycleNs;
    private long nextWatchId;
    private boolean leaving;
    private long leftAtNs;

    ControlAgent(final NodeRuntime node, final Subscription subscription)
    {
        this.node = node;
        this.subscription = subscription;
        this.frames = new ControlFrames(node.incarnation, node.address.toString(), node.workerCount);
        this.peers = new Peers(node, frames);
        this.inbound = new ControlInbound(node, frames, peers);
        this.handler = new FragmentAssembler(inbound);
        this.heartbeatNs = node.config.heartbeatIntervalNs();
        this.sparseMedia = node.config.controlWorker() >= 0;
        this.pauseNs = heartbeatNs + (sparseMedia ? node.engine.config().idleMaxParkNs() : node.config.idleMaxParkNs());
    }

    @Override
    public String roleName()
    {
        return "hotpath-node-" + node.address;
    }

    /**
     * Leave work for the agent. Any thread.
     *
     * @param command a {@link ResolveRequest}, a {@link WatchRequest}, a {@link WorkerLink.WatchExport} whose actor
     *                has stopped, or a {@link CongestionNotices.Notice}.
     */
    void command(final Object command)
    {
        commands.add(command);
    }

    @Override
    public int doWork()
    {
        final long nowNs = System.nanoTime();
        if (lastCycleNs != 0 && nowNs - lastCycleNs > pauseNs)
        {
            onOwnPause(nowNs - lastCycleNs, nowNs);
        }
        lastCycleNs = nowNs;
        int work = node.media.doWork(sparseMedia);
        if (node.media.driverWorked())
        {
            // a worker that parked (backoff, the engine's default) polls its stream only when it wakes: the frames
            // the receiver just took would wait out its park (lab entry 2026-11-29-wake-workers-after-datagrams)
            node.hooks.wakeSleepingWorkers();
        }
        if (!leaving && node.checkLeaving())
        {
            leave(nowNs);
            work++;
        }
        if (!commands.isEmpty())
        {
            work += runCommands();
        }
        work += subscription.poll(handler, 16);
        if (peers.due)
        {
            work += peers.progress();
        }
        if (nowNs - nextTickNs >= 0)
        {
            nextTickNs = nowNs + heartbeatNs;
            if (!leaving)
            {
                peers.tick(nowNs);
            }
        }
        if (leaving && !node.left)
        {
            if (nowNs - leftAtNs >= 0)
            {
                node.left = true;
            }
            work++;
        }
        return work;
    }

    private void onOwnPause(final long gapNs, final long nowNs)
    {
        peers.creditPause(gapNs, nowNs);
        node.logInfo("node " + node.address + " did not run for " + TimeUnit.NANOSECONDS.toMillis(gapNs) + " ms " +
            "(a GC pause, a stopped process, or a busy control worker): its peers get a full " +
            "remote.failureTimeoutNs from now before they are judged lost");
    }

    private int runCommands()
    {
        int work = 0;
        Object command;
        while ((command = commands.poll()) != null)
        {
            work++;
            if (command instanceof ResolveRequest request)
            {
                resolve(request);
            }
            else if (command instanceof WatchRequest request)
            {
                watchRemote(request);
            }
            else if (command instanceof WorkerLink.WatchExport stopped)
            {
                inbound.onExportStopped(stopped);
            }
            else if (command instanceof CongestionNotices.Notice notice && !leaving)
            {
                inbound.tell(notice);
            }
        }
        return work;
    }

    // ---------------------------------------------------------------- requests from this node's threads

    private void resolve(final ResolveRequest request)
    {
        final NodeAddress address = request.ref.address();
        if (leaving)
        {
            node.complete(request.worker, request.reply, null, node.failures.closed("resolve of '" +
                request.ref.actorName() + "' on node " + address + " ended: " + node.leaveReason()));
            return;
        }
        if (address.equals(node.address))
        {
            final int id = node.registry.exportId(request.ref.actorName());
            final ActorRef<?> local = id == 0 ? null : node.registry.export(id);
            if (local == null)
            {
                node.complete(request.worker, request.reply, null,
                    new ActorNotPublishedException(address.toString(), request.ref.actorName()));
            }
            else
            {
                node.complete(request.worker, request.reply, local, null);
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
        if (leaving || session == null || session.state == Session.LOST)
        {
            request.ref().markStopped();
            node.complete(request.worker(), request.reply(), new Terminated(request.ref(), Terminated.Reason.NODE_LOST,
                leaving ? node.failures.closed(node.leaveReason()) : node.failures.unreachable(
                String.valueOf(request.ref().address()), "actor '" + request.ref().actorName() + "' is on a node " +
                "that is not reachable")), null);
            return;
        }
        final long watchId = ++nextWatchId;
        session.watches.put(watchId, request);
        frames.watch(peers.peer(session.address), session, watchId, request.ref().id());
        peers.due = true;
    }

    // ---------------------------------------------------------------- leaving the network

    private void leave(final long nowNs)
    {
        leaving = true;
        final String why = node.leaveReason();
        for (int i = 0; i < peers.all().size(); i++)
        {
            final Peer peer = peers.all().get(i);
            if (peer.session != null)
            {
                peers.lose(peer.session, why, true);
            }
            for (final ResolveRequest request : peer.resolves)
            {
                node.complete(request.worker, request.reply, null, node.failures.closed("resolve of '" +
                    request.ref.actorName() + "' on node " + peer.address + " ended unanswered: " + why));
            }
            peer.resolves.clear();
        }
        Object command;
        while ((command = commands.poll()) != null)
        {
            if (command instanceof ResolveRequest request)
            {
                resolve(request);
            }
            else if (command instanceof WatchRequest request)
            {
                watchRemote(request);
            }
        }
        node.outside.failAll(why);
        leftAtNs = nowNs + node.config.closeLingerNs();
    }

    /**
     * Leave now, on the node's owner thread, if the agent never did (it ran on a worker whose engine finished
     * first): every resolve, watch and outside ask still kept ends. Only once nothing runs the agent any more.
     */
    void leaveIfNotLeft()
    {
        if (!leaving)
        {
            node.beginLeave(node.engine.isClosed());
            leave(System.nanoTime());
        }
        node.left = true;
    }

    /** Close the control subscription; the node's owner, once nothing runs the agent. */
    @Override
    public void onClose()
    {
        subscription.close();
    }
}
