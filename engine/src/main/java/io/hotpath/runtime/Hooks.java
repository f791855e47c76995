package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Reply;
import io.hotpath.spi.EngineHooks;

import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * One engine's {@link EngineHooks}. Thread safe.
 */
public final class Hooks implements EngineHooks
{
    private final EngineRuntime runtime;

    private Hooks(final EngineRuntime runtime)
    {
        this.runtime = runtime;
    }

    static Hooks create(final EngineRuntime runtime)
    {
        return new Hooks(runtime);
    }

    @Override
    public int currentWorker()
    {
        final Worker worker = runtime.workers.current();
        return worker == null ? -1 : worker.index;
    }

    @Override
    public <T> Reply<T> newReply(final ActorRef<?> target, final long timeoutNs)
    {
        return prepareReply(new Reply<>(), target, timeoutNs);
    }

    @Override
    public <T> Reply<T> prepareReply(final Reply<T> reply, final ActorRef<?> target, final long timeoutNs)
    {
        Objects.requireNonNull(target, "target");
        if (timeoutNs < 0)
        {
            throw new IllegalArgumentException("timeoutNs must be 0 (none) or positive: " + timeoutNs);
        }
        Asks.prepare(runtime, ApiAccess.exchange(reply), null, target, "ask", timeoutNs);
        return reply;
    }

    @Override
    public void deadLetter(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        runtime.deadLetters.record(target, message, reason);
        if (message instanceof Reply<?> reply)
        {
            ApiAccess.exchange(reply).tryCompleteQuietly(null, new io.hotpath.UndeliveredException("ask to actor '" +
                target.name() + "' was not delivered: " + reason, reason));
        }
    }

    @Override
    public boolean owns(final ActorRef<?> ref)
    {
        return ref instanceof CellAddress<?> address && address.cell.worker.runtime == runtime;
    }

    @Override
    public boolean deliverArrived(final ActorRef<?> target, final Object message)
    {
        Objects.requireNonNull(message, "message");
        return arrive(onOwnWorker(target, "deliverArrived"), message);
    }

    @Override
    public <T> boolean askArrived(final ActorRef<?> target, final Object question, final Reply<T> reply)
    {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(reply, "reply");
        final ActorCell<?> cell = onOwnWorker(target, "askArrived");
        final Exchange<T> exchange = ApiAccess.exchange(reply);
        Asks.prepare(runtime, exchange, cell, target, question, 0);
        return arrive(cell, exchange);
    }

    private static boolean arrive(final ActorCell<?> cell, final Object message)
    {
        return Delivery.deliverArrived(cell.worker, cell, message);
    }

    @Override
    public boolean isCongested(final ActorRef<?> target)
    {
        return target instanceof CellAddress<?> address && address.isCongested();
    }

    /** The target's cell, when the caller is the target's own worker: the only thread that may touch its mailbox. */
    private ActorCell<?> onOwnWorker(final ActorRef<?> target, final String what)
    {
        final ActorCell<?> cell = runtime.own(target, what);
        if (Thread.currentThread() != cell.worker.owner)
        {
            throw new IllegalStateException(what + " must be called on the worker of actor '" + cell.name + "' (" +
                cell.worker.name + "), not on thread '" + Thread.currentThread().getName() + "'");
        }
        return cell;
    }

    @Override
    public void wakeSleepingWorkers()
    {
        // the caller's writes come before each look at a sleep flag: the other half of the Dekker pair with
        // Worker.prepareToPark, as for a lane's offer
        VarHandle.fullFence();
        for (final Worker worker : runtime.workers.all())
        {
            if (worker.mayPark)
            {
                worker.wake();
            }
        }
    }
}
