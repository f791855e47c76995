package io.hotpath.examples.embedded;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;

/**
 * The two actors of the market-data example: a normalizer beside the feed, on the worker the service's thread
 * drives, which passes on only prices that changed; and a strategy on a worker of its own, which counts what it
 * gets. Each answers a report when asked {@link #REPORT}. NOT thread safe as objects: actors.
 */
public final class Desk
{
    /** Ask this of either actor to get its {@link Report}. */
    public static final SimulatedFeed.RawTick REPORT = new SimulatedFeed.RawTick(-1, 0);

    /**
     * What an actor has seen. Immutable.
     *
     * @param handled  ticks (or quotes) it handled.
     * @param passedOn quotes it passed on (the normalizer), or the sum of their prices (the strategy).
     * @param thread   the thread it ran on.
     */
    public record Report(long handled, long passedOn, String thread)
    {
    }

    private Desk()
    {
    }

    /**
     * @param engine      where it runs.
     * @param worker      the worker the service's thread drives.
     * @param instruments how many instruments.
     * @param strategy    where changed prices go.
     * @return the normalizer.
     */
    public static ActorRef<SimulatedFeed.RawTick> normalizer(final Engine engine, final int worker,
        final int instruments, final ActorRef<SimulatedFeed.RawTick> strategy)
    {
        return engine.actor((ActorContext<SimulatedFeed.RawTick> ctx) ->
        {
            final long[] last = new long[instruments];
            final long[] counts = new long[2];
            return (SimulatedFeed.RawTick tick) ->
            {
                if (tick == REPORT)
                {
                    ctx.reply(new Report(counts[0], counts[1], Thread.currentThread().getName()));
                    return;
                }
                counts[0]++;
                if (last[tick.instrument()] != tick.price())
                {
                    last[tick.instrument()] = tick.price();
                    counts[1]++;
                    strategy.tell(tick);
                }
            };
        }).name("normalizer").onWorker(worker).spawn();
    }

    /**
     * @param engine where it runs.
     * @param worker its worker.
     * @return the strategy.
     */
    public static ActorRef<SimulatedFeed.RawTick> strategy(final Engine engine, final int worker)
    {
        return engine.actor((ActorContext<SimulatedFeed.RawTick> ctx) ->
        {
            final long[] counts = new long[2];
            final String[] thread = {""};
            return (SimulatedFeed.RawTick quote) ->
            {
                if (quote == REPORT)
                {
                    ctx.reply(new Report(counts[0], counts[1], thread[0]));
                    return;
                }
                counts[0]++;
                counts[1] += quote.price();
                thread[0] = Thread.currentThread().getName();
            };
        }).name("strategy").onWorker(worker).spawn();
    }
}
