package io.hotpath.cluster;

import io.hotpath.Actor;
import io.hotpath.Reply;

import java.util.ArrayDeque;
import java.util.function.BiConsumer;

/**
 * The clients' asks inside the service. A client's ask is made by an actor of the service's own (the door), so that
 * the answer's callback runs on the service's thread, under the door's exclusion, in the same drain of the engine as
 * every member's; a callback run by a pool thread would answer at a different point on each member. Each ask takes a
 * slot (a reused {@link Reply} and its callback) from a pool and gives it back once answered, so a steady flow of asks
 * allocates nothing. NOT thread safe: the service's thread only.
 */
final class ServiceAsks implements Actor<ServiceAsks.Slot>
{
    private final Egress egress;
    private final ArrayDeque<Slot> free = new ArrayDeque<>();

    ServiceAsks(final Egress egress)
    {
        this.egress = egress;
    }

    /** A slot filled for one ask, to tell the door. */
    Slot take(final Cell<?, ?> cell, final Object message, final long sessionId, final long sequence)
    {
        Slot slot = free.poll();
        if (slot == null)
        {
            slot = new Slot();
        }
        slot.cell = cell;
        slot.message = message;
        slot.sessionId = sessionId;
        slot.sequence = sequence;
        return slot;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void onMessage(final Slot slot)
    {
        final Object message = slot.message;
        slot.message = null;
        ((io.hotpath.ActorRef)slot.cell.ref).ask(message, slot.reply);
        slot.reply.onComplete(slot);
    }

    /** An ask in flight: its reply, reused, and the callback that answers the client. */
    final class Slot implements BiConsumer<Object, Throwable>
    {
        final Reply<Object> reply = new Reply<>();
        Cell<?, ?> cell;
        Object message;
        long sessionId;
        long sequence;

        @Override
        public void accept(final Object value, final Throwable error)
        {
            egress.answer(sessionId, sequence, cell.name, value, error);
            cell = null;
            free.push(this);
        }
    }
}
