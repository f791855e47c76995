package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import org.agrona.collections.Long2ObjectHashMap;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What every worker of a node reads per frame: the published actors by export id, and the sessions by their local
 * key (the key data frames name). Internal. Reads are lock free (a volatile load of an immutable snapshot); writes
 * (publish, unpublish, a session added or lost) copy the snapshot under this object's lock, off the per-message path.
 */
final class Registry
{
    private volatile ActorRef<?>[] exports = new ActorRef<?>[16];
    private volatile Long2ObjectHashMap<Session> sessions = new Long2ObjectHashMap<>();
    /** The same sessions as an array, for readers that go through them all (statistics). */
    private volatile Session[] sessionList = new Session[0];
    private final Map<String, Integer> idsByName = new HashMap<>();
    private int nextExportId = 1;

    /**
     * Make an empty registry, one per node.
     */
    Registry()
    {
    }

    /**
     * Publish a local actor under a public name, so that frames for the name's export id reach it.
     *
     * @param name the public name.
     * @param ref  a local actor.
     * @return its export id.
     * @throws IllegalArgumentException when the name is taken.
     */
    synchronized int publish(final String name, final ActorRef<?> ref)
    {
        if (idsByName.containsKey(name))
        {
            throw new IllegalArgumentException("an actor is already published as '" + name + "' on this node; " +
                "unpublish it first");
        }
        final int id = nextExportId++;
        ActorRef<?>[] copy = exports;
        copy = Arrays.copyOf(copy, Math.max(copy.length, Integer.highestOneBit(id) << 1));
        copy[id] = ref;
        exports = copy;
        idsByName.put(name, id);
        return id;
    }

    /**
     * Withdraw a name: frames for its export id are then NOT_PUBLISHED dead letters.
     *
     * @param name a public name.
     * @return true when an actor was published under it.
     */
    synchronized boolean unpublish(final String name)
    {
        final Integer id = idsByName.remove(name);
        if (id == null)
        {
            return false;
        }
        final ActorRef<?>[] copy = exports.clone();
        copy[id] = null;
        exports = copy;
        return true;
    }

    /**
     * {@return its export id, or 0 when none}
     *
     * @param name a public name.
     */
    synchronized int exportId(final String name)
    {
        final Integer id = idsByName.get(name);
        return id == null ? 0 : id;
    }

    /**
     * {@return the actor, or null}
     *
     * @param id an export id from a frame.
     */
    ActorRef<?> export(final int id)
    {
        final ActorRef<?>[] snapshot = exports;
        return id > 0 && id < snapshot.length ? snapshot[id] : null;
    }

    /**
     * {@return its session, or null when none is registered}
     *
     * @param localKey this node's key of a session, from a frame.
     */
    Session session(final long localKey)
    {
        return sessions.get(localKey);
    }

    /**
     * {@return every registered session: a snapshot, not to be written}
     */
    Session[] sessions()
    {
        return sessionList;
    }

    synchronized void addSession(final Session session)
    {
        final Long2ObjectHashMap<Session> copy = new Long2ObjectHashMap<>();
        copy.putAll(sessions);
        copy.put(session.localKey, session);
        sessions = copy;
        sessionList = copy.values().toArray(new Session[0]);
    }

    synchronized void removeSession(final Session session)
    {
        final Long2ObjectHashMap<Session> copy = new Long2ObjectHashMap<>();
        copy.putAll(sessions);
        copy.remove(session.localKey);
        sessions = copy;
        sessionList = copy.values().toArray(new Session[0]);
    }
}
