package io.hotpath.remote.transport;

import io.hotpath.Reply;

import java.util.Arrays;

/**
 * The asks one worker has made to remote actors and not yet seen answered: a slot per ask, found again by the
 * correlation id that travels with the question and its answer. Owned by that worker's thread; allocates only to
 * grow.
 * <p>
 * A correlation id is the slot in its low 32 bits and the slot's generation above, so an answer to an earlier use
 * of a slot is told from the current one. Bit 62 marks the asks of threads outside the engine, kept elsewhere
 * ({@link OutsideSender}). A slot whose reply timed out is taken back when the table runs out of room.
 */
final class PendingAsks
{
    static final long OUTSIDE_BIT = 1L << 62;

    private Reply<?>[] replies = new Reply<?>[16];
    private Session[] sessions = new Session[16];
    private RemoteRef<?>[] targets = new RemoteRef<?>[16];
    private int[] generations = new int[16];
    private int[] free = new int[16];
    private int freeCount;
    private int used;
    private int live;

    /**
     * @return the correlation id of the new ask.
     */
    long add(final Reply<?> reply, final Session session, final RemoteRef<?> target)
    {
        if (freeCount == 0 && used == replies.length)
        {
            reclaimTimedOut();
            if (freeCount == 0)
            {
                grow();
            }
        }
        final int slot = freeCount > 0 ? free[--freeCount] : used++;
        final int generation = (generations[slot] + 1) & 0x3FFF_FFFF;
        generations[slot] = generation == 0 ? 1 : generation;
        replies[slot] = reply;
        sessions[slot] = session;
        targets[slot] = target;
        live++;
        return ((long)generations[slot] << 32) | slot;
    }

    /**
     * @param correlation from an answer.
     * @return the reply, its slot freed; null when the id is stale.
     */
    Reply<?> take(final long correlation)
    {
        if (correlation == 0)
        {
            return null;
        }
        final int slot = (int)correlation;
        if (slot < 0 || slot >= used || generations[slot] != (int)(correlation >>> 32) || replies[slot] == null)
        {
            return null;
        }
        final Reply<?> reply = replies[slot];
        release(slot);
        return reply;
    }

    /**
     * @return the target of a live ask, for messages; null when stale.
     */
    RemoteRef<?> target(final long correlation)
    {
        final int slot = (int)correlation;
        return slot >= 0 && slot < used && generations[slot] == (int)(correlation >>> 32) ? targets[slot] : null;
    }

    /**
     * Fail every ask made to a session's node at once; with a {@link io.hotpath.remote.NodeClosedException} when
     * this node's own leaving lost the session.
     */
    void failSession(final Session session, final NodeRuntime node)
    {
        for (int slot = 0; slot < used; slot++)
        {
            if (replies[slot] != null && sessions[slot] == session)
            {
                final Reply<?> reply = replies[slot];
                final RemoteRef<?> target = targets[slot];
                release(slot);
                reply.fail(node.leaving ?
                    node.failures.closed("ask to actor '" + target.name() + "' ended unanswered: " +
                        node.leaveReason()) :
                    node.failures.unreachable(session.address.toString(), "ask to actor '" + target.name() +
                        "' failed: " + session.lostMessage()));
            }
        }
    }

    /**
     * Fail every ask: the node leaves the network.
     */
    void failAll(final String why, final Failures failures)
    {
        for (int slot = 0; slot < used; slot++)
        {
            if (replies[slot] != null)
            {
                final Reply<?> reply = replies[slot];
                final RemoteRef<?> target = targets[slot];
                release(slot);
                reply.fail(failures.closed("ask to actor '" + target.name() + "' ended unanswered: " + why));
            }
        }
    }

    int live()
    {
        return live;
    }

    private void release(final int slot)
    {
        replies[slot] = null;
        sessions[slot] = null;
        targets[slot] = null;
        free[freeCount++] = slot;
        live--;
    }

    private void reclaimTimedOut()
    {
        for (int slot = 0; slot < used; slot++)
        {
            if (replies[slot] != null && replies[slot].isDone())
            {
                release(slot);
            }
        }
    }

    private void grow()
    {
        final int length = replies.length << 1;
        replies = Arrays.copyOf(replies, length);
        sessions = Arrays.copyOf(sessions, length);
        targets = Arrays.copyOf(targets, length);
        generations = Arrays.copyOf(generations, length);
        free = Arrays.copyOf(free, length);
    }
}
