package io.hotpath.examples.hello;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;

/**
 * The README's ten lines, as they are written there: two workers, a book and a risk check next to it, one order
 * from outside. Main thread only.
 */
public final class Hello
{
    private Hello()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        record Order(long id, long qty) { }

        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("busy-spin").build()))
        {
            ActorRef<Order> book = engine.spawn("book", ctx -> order -> System.out.println("booked " + order));
            ActorRef<Order> risk = engine.actor((ActorContext<Order> ctx) -> (Order order) ->
            {
                if (order.qty() <= 1_000) book.tell(order);         // same worker: runs at once (direct handoff)
            }).name("risk").nextTo(book).spawn();
            risk.tell(new Order(1, 100));                          // from outside: through the worker's inbound queue
        }
    }
}
