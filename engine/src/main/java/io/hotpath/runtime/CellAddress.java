package io.hotpath.runtime;

import io.hotpath.Actor;
import io.hotpath.ActorRef;
import io.hotpath.Reply;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;

/**
 * The address of one actor of this engine: what {@link ActorRef} users hold. Thread safe; made once at spawn, beside
 * the owner-only {@link CellContext}, so a reference handed to another actor exposes nothing of the actor's own.
 * <p>
 * Senders on other threads read only this object, never the cell: its final fields, and the congestion mark, the
 * one field that changes. The actor's worker sets the mark (an opaque store) when the actor's mailbox rises above its
 * capacity and clears it when the actor has caught up; senders read it with an opaque load and apply the full-queue
 * policy at the source while it is set, so one actor's congestion never fills its worker's inbound queue.
 *
 * @param <M> the type of message the actor handles.
 */
final class CellAddress<M> implements ActorRef<M>
{
    private static final VarHandle CONGESTED;

    static
    {
        try
        {
            CONGESTED = MethodHandles.lookup().findVarHandle(CellAddress.class, "congested", boolean.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final ActorCell<M> cell;
    final Worker worker;
    /**
     * A copy of the cell's {@link ActorCell#actor}, written with it by the actor's worker only ({@link
     * ActorCell#instance}) and read by sends on that worker only: a send from an actor to another on its worker reaches
     * the handler by a load of the address and one of the instance, not of the cell first, one load fewer between two
     * handlers of a chain of direct handoffs (docs/lab/2026-11-29-address-keeps-instance.md).
     */
    Actor<M> instance;
    /** The actor's mailbox is above its capacity; written by its worker only. */
    private boolean congested;

    CellAddress(final ActorCell<M> cell)
    {
        this.cell = cell;
        this.worker = cell.worker;
    }

    @Override
    public void tell(final M message)
    {
        Sends.send(this, checked(message), true);
    }

    @Override
    public boolean offer(final M message)
    {
        return Sends.send(this, checked(message), false);
    }

    @Override
    public <R> Reply<R> ask(final M message)
    {
        return ask(message, new Reply<>());
    }

    @Override
    public <R> Reply<R> ask(final M message, final Duration timeout)
    {
        return ask(checked(message), Deadlines.askTimeoutNs(timeout), new Reply<>());
    }

    @Override
    public <R> Reply<R> ask(final M message, final Reply<R> reply)
    {
        return ask(checked(message), 0, Objects.requireNonNull(reply, "reply"));
    }

    private <R> Reply<R> ask(final Object message, final long timeoutNs, final Reply<R> reply)
    {
        final Exchange<R> exchange = ApiAccess.exchange(reply);
        Asks.prepare(worker.runtime, exchange, cell, this, message, timeoutNs);
        Sends.send(this, exchange, true);
        return reply;
    }

    /** @return true while the actor's mailbox is above its capacity; any thread. */
    boolean isCongested()
    {
        return (boolean)CONGESTED.getOpaque(this);
    }

    /** The actor's worker sets or clears the mark. */
    void markCongested(final boolean value)
    {
        CONGESTED.setOpaque(this, value);
    }

    @Override
    public String name()
    {
        return cell.name;
    }

    @Override
    public int id()
    {
        return cell.id;
    }

    @Override
    public int workerIndex()
    {
        return worker.index;
    }

    @Override
    public boolean isStopped()
    {
        return cell.isStoppedOpaque();
    }

    private M checked(final M message)
    {
        if (message == null)
        {
            throw new NullPointerException("message to actor '" + cell.name + "' is null; send a non-null message " +
                "(use a constant for signals)");
        }
        return message;
    }

    @Override
    public String toString()
    {
        return "ActorRef[" + cell.name + "#" + cell.id + " on " + worker.name + "]";
    }
}
