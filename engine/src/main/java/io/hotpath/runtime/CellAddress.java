package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.Reply;

import java.time.Duration;
import java.util.Objects;

/**
 * The address of one actor of this engine: what {@link ActorRef} users hold. Immutable and thread safe; made once
 * at spawn, beside the owner-only {@link CellContext}, so a reference handed to another actor exposes nothing of
 * the actor's own.
 *
 * @param <M> the type of message the actor handles.
 */
final class CellAddress<M> implements ActorRef<M>
{
    final ActorCell<M> cell;
    private final Worker worker;

    CellAddress(final ActorCell<M> cell)
    {
        this.cell = cell;
        this.worker = cell.worker;
    }

    @Override
    public void tell(final M message)
    {
        worker.send(cell, checked(message), true);
    }

    @Override
    public boolean offer(final M message)
    {
        return worker.send(cell, checked(message), false);
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
        worker.send(cell, exchange, true);
        return reply;
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
