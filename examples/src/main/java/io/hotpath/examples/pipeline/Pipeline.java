package io.hotpath.examples.pipeline;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;

/**
 * Wires gateway, risk, order book and publisher, either all on one worker, where every send between stages is a
 * direct handoff (the next stage runs on the sender's stack, no queue), or split over two workers, gateway and risk
 * on the first and book and publisher on the second, with one queue hop in the middle. Thread safe once built.
 *
 * @param gateway   where orders go in.
 * @param risk      the second stage.
 * @param book      the third.
 * @param publisher the last.
 */
public record Pipeline(ActorRef<Order> gateway, ActorRef<Order> risk, ActorRef<Order> book,
    ActorRef<Order> publisher)
{
    /** The notional limit the risk stage applies. */
    public static final long MAX_NOTIONAL = 5_000;
    /** Most orders resting on the book. */
    public static final int BOOK_CAPACITY = 1 << 16;

    /**
     * @param engine      where the stages run.
     * @param prefix      of the stages' actor names.
     * @param firstWorker gateway and risk go here.
     * @param lastWorker  book and publisher go here; the same as firstWorker for an all-handoff pipeline.
     * @param pool        the orders' pool, given back to by the publisher.
     * @param listener    gets each outcome.
     * @return the pipeline.
     */
    public static Pipeline start(final Engine engine, final String prefix, final int firstWorker, final int lastWorker,
        final OrderPool pool, final Publisher.Listener listener)
    {
        final ActorRef<Order> publisher = engine.actor((ActorContext<Order> ctx) -> new Publisher(listener, pool))
            .name(prefix + "publisher").onWorker(lastWorker).spawn();
        final ActorRef<Order> book = engine.actor((ActorContext<Order> ctx) -> new OrderBook(publisher, BOOK_CAPACITY))
            .name(prefix + "book").onWorker(lastWorker).spawn();
        final ActorRef<Order> risk = engine.actor((ActorContext<Order> ctx) -> new Risk(book, MAX_NOTIONAL))
            .name(prefix + "risk").onWorker(firstWorker).spawn();
        final ActorRef<Order> gateway = engine.actor((ActorContext<Order> ctx) -> new Gateway(risk))
            .name(prefix + "gateway").onWorker(firstWorker).spawn();
        return new Pipeline(gateway, risk, book, publisher);
    }
}
