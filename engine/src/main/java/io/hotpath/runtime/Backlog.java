package io.hotpath.runtime;

import io.hotpath.mailbox.LocalRing;

import java.util.ArrayList;

/**
 * The messages one worker keeps for one destination worker whose inbound queue was full, in the order they were
 * sent, and the actors held until they are published. NOT thread safe: the sending worker's thread only. Grows on
 * first use and is reused after, so steady back-pressure allocates nothing.
 */
final class Backlog
{
    final Worker dest;
    /** Target and message, alternating. */
    private final LocalRing<Object> entries = new LocalRing<>(1 << 30);
    /** Actors whose sends wait here; each is held once per entry in this list. */
    private final ArrayList<ActorCell<?>> held = new ArrayList<>();

    Backlog(final Worker dest)
    {
        this.dest = dest;
    }

    boolean isEmpty()
    {
        return entries.isEmpty();
    }

    int size()
    {
        return entries.size() >> 1;
    }

    void add(final ActorCell<?> target, final Object message)
    {
        entries.offer(target);
        entries.offer(message);
    }

    ActorCell<?> peekTarget()
    {
        return (ActorCell<?>)entries.peek(0);
    }

    Object peekMessage()
    {
        return entries.peek(1);
    }

    void remove()
    {
        entries.poll();
        entries.poll();
    }

    /** Hold a sender until this backlog has drained (once per backlog, however many it sent). */
    void hold(final ActorCell<?> sender)
    {
        if (!held.contains(sender))
        {
            sender.holdForSends();
            held.add(sender);
        }
    }

    /** The backlog drained: its held senders may run again. */
    void releaseHeld(final Worker worker)
    {
        for (int i = 0; i < held.size(); i++)
        {
            final ActorCell<?> sender = held.get(i);
            sender.releaseSends();
            worker.ready.scheduleIfBacklogged(sender);
        }
        held.clear();
    }
}
