package io.hotpath.cluster;

import io.hotpath.Reply;

/**
 * A send handed to a client's link: a tell, an ask with its reply, or a resolve of a name. Immutable; made by the
 * sending thread, read by the link's worker.
 *
 * @param target  the clustered actor; null for a resolve.
 * @param kind    {@link Protocol#TELL}, {@link Protocol#ASK} or {@link Protocol#RESOLVE}.
 * @param message the message, or the name to resolve.
 * @param reply   the ask's or the resolve's reply; null for a tell.
 */
record Outgoing(ClusterRef<?> target, byte kind, Object message, Reply<?> reply)
{
    /** {@return the actor's name, for messages} */
    String actorName()
    {
        return target == null ? String.valueOf(message) : target.name();
    }
}
