package io.hotpath.examples.rebind;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;

import java.util.ArrayList;
import java.util.List;

/**
 * A consumer of quotes that keeps the sequence numbers it got, in order, and answers them when asked with
 * {@link #RECEIVED}. NOT thread safe as an object: an actor.
 */
public final class QuoteBook
{
    /** Ask this to get the list of sequence numbers received so far. */
    public static final QuoteFeed.Quote RECEIVED = new QuoteFeed.Quote(-1, 0);

    private QuoteBook()
    {
    }

    /**
     * @param engine where it runs.
     * @param name   its actor name.
     * @param worker the worker it runs on.
     * @return its address: tell it quotes, ask it {@link #RECEIVED}.
     */
    public static ActorRef<QuoteFeed.Quote> spawn(final Engine engine, final String name, final int worker)
    {
        return engine.actor((ActorContext<QuoteFeed.Quote> ctx) ->
        {
            final List<Long> received = new ArrayList<>();
            return (QuoteFeed.Quote quote) ->
            {
                if (quote == RECEIVED)
                {
                    ctx.reply(List.copyOf(received));
                }
                else
                {
                    received.add(quote.seq());
                }
            };
        }).name(name).onWorker(worker).spawn();
    }
}
