package io.hotpath.examples.queue;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;

/**
 * A bounded first-in first-out queue kept by an actor (seed 000's queue actor): every call returns a {@link Reply}
 * at once and never blocks the caller, the calls are applied one at a time in the order they arrive, and an
 * exception (a full queue) travels into the caller's reply while the queue goes on. A {@link #take()} on an empty
 * queue is answered when an item comes. Thread safe: any thread or actor may call it; an actor chains on the
 * replies' callbacks or awaits them, a thread outside the engine waits with {@code get}.
 *
 * @param <T> the items' type.
 */
public final class ActorQueue<T>
{
    /** What the queue's actor handles; each is asked, and answered with the type its method says. */
    sealed interface Op<T>
    {
    }

    private record Offer<T>(T item) implements Op<T>
    {
    }

    private record Poll<T>() implements Op<T>
    {
    }

    private record Take<T>() implements Op<T>
    {
    }

    private record Size<T>() implements Op<T>
    {
    }

    private final ActorRef<Op<T>> actor;

    private ActorQueue(final ActorRef<Op<T>> actor)
    {
        this.actor = actor;
    }

    /**
     * @param engine   where the queue's actor runs.
     * @param name     its actor name.
     * @param capacity most items held; an offer beyond it fails.
     * @param <T>      the items' type.
     * @return the queue.
     */
    public static <T> ActorQueue<T> start(final Engine engine, final String name, final int capacity)
    {
        return new ActorQueue<>(engine.actor((ActorContext<Op<T>> ctx) -> new QueueActor<T>(ctx, capacity))
            .name(name).spawn());
    }

    /**
     * @param item not null.
     * @return the number of items held after it went in (0 when a waiting taker got it at once); fails with an
     *     {@link IllegalStateException} when the queue is full.
     */
    public Reply<Integer> enqueue(final T item)
    {
        return actor.ask(new Offer<>(item));
    }

    /** @return the oldest item, removed; empty when there is none. */
    public Reply<Optional<T>> tryDequeue()
    {
        return actor.ask(new Poll<>());
    }

    /** @return the oldest item, removed, as soon as there is one: takers are served in the order they asked. */
    public Reply<T> take()
    {
        return actor.ask(new Take<>());
    }

    /**
     * @param timeout how long to wait for an item, on the engine's clock.
     * @return the oldest item once there is one; fails with an {@code AskTimeoutException} after the timeout, and
     *     the item that comes later goes to the next taker instead.
     */
    public Reply<T> take(final Duration timeout)
    {
        return actor.ask(new Take<>(), timeout);
    }

    /** @return how many items are held now. */
    public Reply<Integer> size()
    {
        return actor.ask(new Size<>());
    }

    /** The queue's state, touched only by its actor: the items, and the takers waiting for one. NOT thread safe. */
    private static final class QueueActor<T> implements Actor<Op<T>>
    {
        private final ActorContext<Op<T>> ctx;
        private final int capacity;
        private final ArrayDeque<T> items = new ArrayDeque<>();
        private final ArrayDeque<Reply<T>> takers = new ArrayDeque<>();

        QueueActor(final ActorContext<Op<T>> ctx, final int capacity)
        {
            this.ctx = ctx;
            this.capacity = capacity;
        }

        @Override
        public void onMessage(final Op<T> op)
        {
            switch (op)
            {
                case Offer<T> offer -> ctx.reply(offer(offer.item()));
                case Poll<T> poll -> ctx.reply(Optional.ofNullable(items.poll()));
                case Take<T> take ->
                {
                    final Reply<T> taker = ctx.replyLater();
                    final T item = items.poll();
                    if (item == null)
                    {
                        takers.add(taker);
                    }
                    else
                    {
                        taker.complete(item);
                    }
                }
                case Size<T> size -> ctx.reply(items.size());
            }
        }

        private int offer(final T item)
        {
            Reply<T> taker;
            while ((taker = takers.poll()) != null)
            {
                if (taker.complete(item))
                {
                    return 0;
                }
                // that taker's ask timed out: the item stays ours, for the next taker or the queue
            }
            if (items.size() == capacity)
            {
                throw new IllegalStateException("queue '" + ctx.self().name() + "' is full (" + capacity + " items)");
            }
            items.add(item);
            return items.size();
        }
    }
}
