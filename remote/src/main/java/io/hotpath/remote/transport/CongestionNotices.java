package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.hotpath.ActorRef;

import java.util.ArrayList;

/**
 * Back-pressure per actor across the wire, on the receiving side: a frame for an actor of this worker whose mailbox
 * is full joins it beyond its capacity (the engine marks the actor congested, as for a local frame), and the node
 * that sent it is told so once, for that actor only; when the actor has caught up (the mark is cleared, or it
 * stopped) every node told hears that too. The sending nodes apply their full-queue policy to that actor meanwhile,
 * so its backlog stops growing while frames for every other actor flow on. Owned by the link's worker.
 * <p>
 * A notice goes on this worker's exclusive publication to the peer's first worker, whose link sets the mark that
 * every sender of the peer reads; notices about one actor come from this worker alone, on one publication, so they
 * arrive in order. A notice that cannot go now waits here and goes in a later cycle.
 */
final class CongestionNotices
{
    private final WorkerLink link;
    private final NodeRuntime node;
    /** Actors of this worker that are congested, with the sessions told so. */
    private final ArrayList<Congested> congested = new ArrayList<>();
    /** Notices not sent yet, in order. */
    private final ArrayList<Notice> unsent = new ArrayList<>();

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

    private record Notice(Session session, int exportId, boolean congested)
    {
    }

    CongestionNotices(final WorkerLink link)
    {
        this.link = link;
        this.node = link.node;
    }

    /** @return true while an actor is congested or a notice waits. */
    boolean hasWork()
    {
        return !congested.isEmpty() || !unsent.isEmpty();
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
            unsent.add(new Notice(from, exportId, true));
        }
    }

    /** @return notices sent. Once per duty cycle while {@link #hasWork()}. */
    int poll()
    {
        for (int i = congested.size() - 1; i >= 0; i--)
        {
            final Congested entry = congested.get(i);
            if (!node.hooks.isCongested(entry.actor) || entry.actor.isStopped())
            {
                for (final Session session : entry.told)
                {
                    unsent.add(new Notice(session, entry.exportId, false));
                }
                congested.remove(i);
            }
        }
        return flush();
    }

    private int flush()
    {
        int sent = 0;
        while (!unsent.isEmpty())
        {
            final Notice notice = unsent.get(0);
            final Session session = notice.session();
            if (session.state == Session.UP)
            {
                final ExclusivePublication pub = session.publications[link.index][0];
                final long result = link.sender.congestion(pub, session, notice.exportId(), notice.congested());
                if (FrameSender.isTransient(result))
                {
                    break;
                }
            }
            else if (session.state == Session.HANDSHAKE)
            {
                break;
            }
            unsent.remove(0);
            sent++;
        }
        return sent;
    }

    /** The node leaves: nothing more is told. */
    void clear()
    {
        congested.clear();
        unsent.clear();
    }
}
