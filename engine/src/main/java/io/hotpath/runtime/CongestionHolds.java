package io.hotpath.runtime;

import java.util.ArrayList;

/**
 * The actors of one worker held back because they sent to a congested actor under the wait policy, grouped by that
 * target: a sender is held once per target however often it sends there, and released when the target catches up
 * (or stops), or when it becomes congested itself (two actors holding each other back, each congested, each sending
 * to the other, would wait for ever; a congested sender runs again, and back-pressure goes on through the others).
 * <p>
 * The cost does not grow with the senders held: a sender knows the target it was last held on (a send there again
 * adds nothing, without a search), the duty cycle looks at each target once, not at each pair, and at the senders
 * themselves only after an actor of this worker became congested. Many senders held on one target (thousands of
 * short-lived actors sending to a busy one) thus cost a look per target and cycle, where a list of pairs cost a scan
 * of them all per send and per cycle (docs/lab/2026-11-28-congestion-holds-by-target.md).
 * <p>
 * NOT thread safe: the worker's own thread only.
 */
final class CongestionHolds
{
    /** The senders held on one congested target. */
    private static final class Group
    {
        CellAddress<?> target;
        final ArrayList<ActorCell<?>> senders = new ArrayList<>();
    }

    private final Worker worker;
    /** The targets with senders held on them, in the order first held. */
    private final ArrayList<Group> groups = new ArrayList<>();
    /** Groups released, kept for the next congestion so that holding allocates nothing once warm. */
    private final ArrayList<Group> spare = new ArrayList<>();
    /** Sender-target pairs held, for the worker's counters. */
    private int pairs;
    /** An actor of this worker became congested since the last look: a held sender may be among them. */
    private boolean senderMayBeCongested;

    CongestionHolds(final Worker worker)
    {
        this.worker = worker;
    }

    /** @return true when no sender is held. */
    boolean isEmpty()
    {
        return groups.isEmpty();
    }

    /**
     * Hold {@code sender} until {@code target} catches up; nothing when it is held on that target already.
     *
     * @param sender the actor whose turn sent, or null outside a turn (nothing to hold).
     */
    void hold(final ActorCell<?> sender, final CellAddress<?> target)
    {
        if (sender == null || sender == target.cell || sender.heldOn() == target)
        {
            return;
        }
        final Group group = groupOf(target);
        // a sender held on another target too may be in this group already: rare, and then the group is searched
        if (sender.heldOn() != null && group.senders.contains(sender))
        {
            sender.heldOn(target);
            return;
        }
        group.senders.add(sender);
        if (sender.isCongested())
        {
            // congested before it was held: the next look releases it
            senderMayBeCongested = true;
        }
        sender.holdForSends();
        sender.heldOn(target);
        pairs++;
        worker.counters.noteCongestedHolds(pairs);
    }

    /** An actor of this worker became congested: the next look also looks at the held senders themselves. */
    void noteCongested()
    {
        senderMayBeCongested = true;
    }

    /** Release the senders whose target caught up or stopped, and those congested themselves. Once per duty cycle. */
    void releaseCaughtUp()
    {
        final boolean lookAtSenders = senderMayBeCongested;
        senderMayBeCongested = false;
        int kept = 0;
        final int n = groups.size();
        for (int i = 0; i < n; i++)
        {
            final Group group = groups.get(i);
            if (!group.target.isCongested() || group.target.isStopped())
            {
                releaseAll(group);
            }
            else
            {
                if (lookAtSenders)
                {
                    releaseCongested(group);
                }
                if (group.senders.isEmpty())
                {
                    recycle(group);
                }
                else
                {
                    groups.set(kept++, group);
                }
            }
        }
        for (int last = n - 1; last >= kept; last--)
        {
            groups.remove(last);
        }
        worker.counters.noteCongestedHolds(pairs);
    }

    /** Close: every held sender is let go (nothing is scheduled: the worker is finishing). */
    void releaseAll()
    {
        for (final Group group : groups)
        {
            for (final ActorCell<?> sender : group.senders)
            {
                sender.heldOn(null);
                sender.releaseSends();
            }
            recycle(group);
        }
        groups.clear();
        pairs = 0;
        worker.counters.noteCongestedHolds(0);
    }

    private Group groupOf(final CellAddress<?> target)
    {
        for (final Group group : groups)
        {
            if (group.target == target)
            {
                return group;
            }
        }
        final Group group = spare.isEmpty() ? new Group() : spare.removeLast();
        group.target = target;
        groups.add(group);
        return group;
    }

    /** Release every sender of a group whose target caught up; the group goes back to the spares. */
    private void releaseAll(final Group group)
    {
        final ArrayList<ActorCell<?>> senders = group.senders;
        for (int i = 0; i < senders.size(); i++)
        {
            release(senders.get(i), group.target);
        }
        pairs -= senders.size();
        recycle(group);
    }

    /** Release the senders of a group that are congested themselves, keeping the others in order. */
    private void releaseCongested(final Group group)
    {
        final ArrayList<ActorCell<?>> senders = group.senders;
        final int n = senders.size();
        int kept = 0;
        for (int i = 0; i < n; i++)
        {
            final ActorCell<?> sender = senders.get(i);
            if (sender.isCongested())
            {
                release(sender, group.target);
                pairs--;
            }
            else
            {
                senders.set(kept++, sender);
            }
        }
        for (int last = n - 1; last >= kept; last--)
        {
            senders.remove(last);
        }
    }

    private void release(final ActorCell<?> sender, final CellAddress<?> target)
    {
        if (sender.heldOn() == target)
        {
            sender.heldOn(null);
        }
        sender.releaseSends();
        worker.ready.scheduleIfBacklogged(sender);
    }

    private void recycle(final Group group)
    {
        group.senders.clear();
        group.target = null;
        spare.add(group);
    }
}
