package io.hotpath.runtime;

import io.hotpath.ActorBuilder;
import io.hotpath.ActorContext;
import io.hotpath.ActorFactory;
import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Engine;
import io.hotpath.RepeatingStep;
import io.hotpath.Reply;
import io.hotpath.Terminated;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an actor may do from its own handler: the {@link ActorContext} its factory gets, made once at spawn. NOT
 * thread safe: every method checks that it runs on the actor's worker, and most that it runs in the actor's turn.
 * The actor's address ({@link CellAddress}) is another object, so handing {@code self()} to another actor hands
 * over none of this.
 * <p>
 * It also keeps what the actor set going (timers, repeating steps), cancelled on restart and stop, and the ask the
 * handler is answering now.
 *
 * @param <M> the type of message the actor handles.
 */
final class CellContext<M> implements ActorContext<M>
{
    final ActorCell<M> cell;
    /** The ask being handled now, until answered or kept for later. */
    Exchange<?> currentAsk;
    /** Timers and repeating steps this actor set going, cancelled when it restarts or stops. */
    private List<Cancellable> registrations;
    /** Questions taken and kept unanswered; made on first need. */
    private KeptAsks keptAsks;

    CellContext(final ActorCell<M> cell)
    {
        this.cell = cell;
    }

    @Override
    public ActorRef<M> self()
    {
        return cell.address;
    }

    @Override
    public Engine engine()
    {
        return cell.worker.runtime.engine;
    }

    @Override
    public int workerIndex()
    {
        return cell.worker.index;
    }

    @Override
    public void stop()
    {
        Sends.stop(cell);
    }

    @Override
    public <C> ActorBuilder<C> actor(final ActorFactory<C> childFactory)
    {
        checkOwnerThread("actor");
        return engine().actor(childFactory).childOf(this);
    }

    @Override
    public <C> ActorRef<C> spawn(final String childName, final ActorFactory<C> childFactory)
    {
        return actor(childFactory).name(childName).spawn();
    }

    @Override
    public Reply<Terminated> watch(final ActorRef<?> other)
    {
        checkOwnerThread("watch");
        return cell.worker.runtime.watch(other);
    }

    @Override
    public <R> Reply<R> newReply()
    {
        checkOwnerThread("newReply");
        final Reply<R> reply = new Reply<>();
        ApiAccess.exchange(reply).prepare(cell.worker.runtime, null, cell.address, cell, "external", 0, 0);
        return reply;
    }

    @Override
    public void reply(final Object value)
    {
        takeAsk("reply").tryComplete(value, null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> Reply<R> replyLater()
    {
        final Exchange<?> ask = takeAsk("replyLater");
        keep(ask);
        return (Reply<R>)ask.reply;
    }

    @Override
    public boolean endOfBatch()
    {
        checkOwnerThread("endOfBatch");
        return cell.mailbox.isEmpty() && !cell.worker.drain.nextFrameIsFor(cell);
    }

    /** A question taken and not answered yet: it fails at once if the actor stops before answering. */
    void keep(final Exchange<?> ask)
    {
        if (keptAsks == null)
        {
            keptAsks = new KeptAsks();
        }
        keptAsks.keep(ask);
    }

    /** The actor stopped, or the engine closed: fail the questions it kept and never answered. */
    void failKeptAsks(final io.hotpath.DeadLetterReason reason)
    {
        if (keptAsks != null)
        {
            keptAsks.failAll(cell.name, reason);
        }
    }

    @Override
    public boolean isAsked()
    {
        checkOwnerThread("isAsked");
        final Fiber fiber = cell.sequential ? Fiber.current() : null;
        return fiber != null && fiber.cell == cell ? fiber.askPending : currentAsk != null;
    }

    private Exchange<?> takeAsk(final String what)
    {
        checkOwnerThread(what);
        final Fiber fiber = cell.sequential ? Fiber.current() : null;
        if (fiber != null && fiber.cell == cell)
        {
            if (!fiber.askPending)
            {
                throw new IllegalStateException(what + "(): actor '" + cell.name + "' is not handling an ask in " +
                    "this method (or has answered it already)");
            }
            fiber.askPending = false;
            return fiber.ask;
        }
        final Exchange<?> ask = currentAsk;
        if (ask == null)
        {
            throw new IllegalStateException(what + "(): actor '" + cell.name + "' is not handling an ask now " +
                "(or has answered it already); only a message sent with ask() can be answered");
        }
        currentAsk = null;
        return ask;
    }

    @Override
    public Cancellable schedule(final M message, final Duration delay)
    {
        return addTimer(message, Deadlines.delayNs(delay, "delay"), 0);
    }

    @Override
    public Cancellable scheduleAtFixedRate(final M message, final Duration initialDelay, final Duration period)
    {
        final long periodNs = Deadlines.delayNs(period, "period");
        if (periodNs < 1_000)
        {
            throw new IllegalArgumentException("period must be at least 1 microsecond: " + period);
        }
        return addTimer(message, Deadlines.delayNs(initialDelay, "initial delay"), periodNs);
    }

    private Cancellable addTimer(final M message, final long delayNs, final long periodNs)
    {
        checkOwnerThread("schedule");
        Objects.requireNonNull(message, "message to schedule is null; pass a non-null message");
        final ActorTimer timer = new ActorTimer(cell, message, delayNs, periodNs);
        return Deadlines.ends(delayNs) ? register(timer) : timer;
    }

    @Override
    public Cancellable repeat(final RepeatingStep step)
    {
        checkOwnerThread("repeat");
        final StepEntry entry = new StepEntry(cell, Objects.requireNonNull(step, "step"));
        cell.worker.steps.add(entry);
        return register(entry);
    }

    private Cancellable register(final Cancellable registration)
    {
        if (registrations == null)
        {
            registrations = new ArrayList<>();
        }
        registrations.add(registration);
        return registration;
    }

    void forget(final Cancellable registration)
    {
        registrations.remove(registration);
    }

    /** Cancel every timer and repeating step (on restart and stop). */
    void cancelRegistrations()
    {
        if (registrations != null)
        {
            for (final Cancellable registration : new ArrayList<>(registrations))
            {
                registration.cancel();
            }
        }
    }

    void checkOwnerThread(final String what)
    {
        if (Thread.currentThread() != cell.worker.owner)
        {
            throw new IllegalStateException(what + "() belongs to actor '" + cell.name + "' and may only be " +
                "called from its own handler, on " + cell.worker.name);
        }
    }

    @Override
    public String toString()
    {
        return "ActorContext[" + cell.name + "#" + cell.id + " on " + cell.worker.name + "]";
    }
}
