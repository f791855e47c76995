package io.hotpath.examples.rebind;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Engine;
import io.hotpath.OutputPort;
import io.hotpath.Reply;

import java.time.Duration;

/**
 * A producer of numbered quotes on a timer, whose output is an {@link OutputPort} bound at run time (seed 004's late
 * binding): whoever holds the port may point it at another actor while quotes flow, from any thread, and the switch
 * happens on the feed's worker between two quotes, so no quote is lost, doubled or sent to both. Quotes sent while
 * the port is unbound are dead letters ({@code PORT_UNBOUND}). Thread safe: use it through its methods.
 */
public final class QuoteFeed
{
    /**
     * One quote. Immutable.
     *
     * @param seq   from 1, one more each time.
     * @param price in ticks.
     */
    public record Quote(long seq, long price)
    {
    }

    /** What the feed's actor handles. */
    sealed interface Command
    {
    }

    private record Output() implements Command
    {
    }

    private record Start(Duration period) implements Command
    {
    }

    private record Stop() implements Command
    {
    }

    private record Tick() implements Command
    {
    }

    private static final Tick TICK = new Tick();

    private final ActorRef<Command> actor;

    private QuoteFeed(final ActorRef<Command> actor)
    {
        this.actor = actor;
    }

    /**
     * @param engine where the feed's actor runs.
     * @param name   its actor name.
     * @param worker the worker it runs on.
     * @return the feed, not producing yet.
     */
    public static QuoteFeed spawn(final Engine engine, final String name, final int worker)
    {
        return new QuoteFeed(engine.actor((ActorContext<Command> ctx) -> new Producer(ctx)).name(name)
            .onWorker(worker).spawn());
    }

    /** @return the feed's output port, once its actor has made it: bind it, and re-bind it, from any thread. */
    public Reply<OutputPort<Quote>> output()
    {
        return actor.ask(new Output());
    }

    /** @param period one quote per period, from now. */
    public void start(final Duration period)
    {
        actor.tell(new Start(period));
    }

    /** Stop producing; what was produced has gone to the port's target of the moment. */
    public void stop()
    {
        actor.tell(new Stop());
    }

    /** The feed's actor: makes the port with its own context, sends one quote per timer tick. NOT thread safe. */
    private static final class Producer implements Actor<Command>
    {
        private final ActorContext<Command> ctx;
        private final OutputPort<Quote> out;
        private Cancellable timer;
        private long seq;

        Producer(final ActorContext<Command> ctx)
        {
            this.ctx = ctx;
            this.out = new OutputPort<>(ctx, "quotes");
        }

        @Override
        public void onMessage(final Command command)
        {
            switch (command)
            {
                case Output output -> ctx.reply(out);
                case Start start ->
                {
                    if (timer == null)
                    {
                        timer = ctx.scheduleAtFixedRate(TICK, start.period(), start.period());
                    }
                }
                case Stop stop ->
                {
                    if (timer != null)
                    {
                        timer.cancel();
                        timer = null;
                    }
                }
                case Tick tick ->
                {
                    seq++;
                    out.tell(new Quote(seq, 10_000 + (seq * 7919) % 200));
                }
            }
        }
    }
}
