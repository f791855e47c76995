package io.hotpath.remote.transport;

import io.hotpath.ActorRef;

import java.util.ArrayList;

/**
 * Back-pressure per actor across the wire, on the receiving side: a frame for an actor of this worker whose mailbox
 * is full joins it beyond its capacity (the engine marks the actor congested, as for a local frame), and the node
 * that sent it is told so once, for that actor only; when the actor has caught up (the mark is cleared, or it
 * stopped) every node told hears that too. The sending nodes apply their full-queue policy to that actor meanwhile,
 * so its backlog stops growing while frames for every other actor flow on. Owned by the link's worker.
 * <p>
 * A notice goes on the control stream (the control agent writes it; on the peer, its control agent sets the mark
 * every sender there reads), where no actor's handler can hold it up on either node. Notices about one actor come
 * from this worker alone, through the control agent's one queue and one publication per peer, so they arrive in
 * order.
 */
final class CongestionNotices
{
    private final NodeRuntime node;
    /** Actors of this worker that are congested, with the sessions told so. */
    private final ArrayList<Congested> congested = new ArrayList<>();

    private static final class Congested
    {
        final int exportId;
        final ActorRef<?> actor;
        final ArrayList<Session> told = new ArrayList<>();

        Congested(final int exportId, final ActorRef<?> actor)
        {
            this.exportId = exportId;
            this.actor = actor;
        }
    }

    /**
     * A notice for the control agent to send. Immutable.
     *
     * @param session   the session of the node told.
     * @param exportId  the export id it knows the actor by.
     * @param congested true when congested, false once caught up.
     */
    record Notice(Session session, int exportId, boolean congested)
    {
    }

    CongestionNotices(final WorkerLink link)
    {
        this.node = link.node;
    }

    /** @return true while an actor of this worker is congested. */
    boolean hasWork()
    {
        return !congested.isEmpty();
    }

    /**
     * A frame from a session was delivered to an actor that is congested now: tell that session, once.
     *
     * @param exportId the export id the frame named.
     * @param actor    the actor.
     * @param from     the sending session.
     */
    void onCongested(final int exportId, final ActorRef<?> actor, final Session from)
    {
        Congested entry = null;
        for (int i = 0; i < congested.size(); i++)
        {
            if (congested.get(i).exportId == exportId)
            {
                entry = congested.get(i);
                break;
            }
        }
        if (entry == null)
        {
            entry = new Congested(exportId, actor);
            congested.add(entry);
        }
        if (!entry.told.contains(from))
        {
            entry.told.add(from);
            node.controlAgent.command(new Notice(from, exportId, true));
        }
    }

    /** @return notices given. Once per duty cycle while {@link #hasWork()}: the actors that caught up are told. */
    int poll()
    {
        int told = 0;
        for (int i = congested.size() - 1; i >= 0; i--)
        {
            final Congested entry = congested.get(i);
            if (!node.hooks.isCongested(entry.actor) || entry.actor.isStopped())
            {
                for (final Session session : entry.told)
                {
                    node.controlAgent.command(new Notice(session, entry.exportId, false));
                    told++;
                }
                congested.remove(i);
            }
        }
        return told;
    }

    /** The node leaves: nothing more is told. */
    void clear()
    {
        congested.clear();
    }
}
