package io.hotpath.examples.rebind;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.OutputPort;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A quote feed on one worker sends a quote every 100 us; a primary and a standby book on the other take them. The
 * main thread fails the feed over from one book to the other every 50 ms while it runs, then stops it and checks
 * that the two books together got every quote exactly once, each in order. Main thread only.
 */
public final class RebindDemo
{
    private static final Duration WAIT = Duration.ofSeconds(30);

    private RebindDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            final QuoteFeed feed = QuoteFeed.spawn(engine, "feed", 0);
            final ActorRef<QuoteFeed.Quote> primary = QuoteBook.spawn(engine, "primary", 1);
            final ActorRef<QuoteFeed.Quote> standby = QuoteBook.spawn(engine, "standby", 1);
            final OutputPort<QuoteFeed.Quote> output = feed.output().get(WAIT);
            output.bind(primary);
            feed.start(Duration.ofNanos(100_000));
            for (int i = 1; i <= 10; i++)
            {
                LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
                output.bind(i % 2 == 1 ? standby : primary);
                System.out.println("re-bound to " + (i % 2 == 1 ? "standby" : "primary"));
            }
            feed.stop();
            // a last ask through the feed: answered after every quote it sent before the stop
            feed.output().get(WAIT);
            final List<Long> a = primary.<List<Long>>ask(QuoteBook.RECEIVED).get(WAIT);
            final List<Long> b = standby.<List<Long>>ask(QuoteBook.RECEIVED).get(WAIT);
            System.out.printf("primary got %,d quotes, standby %,d; dead letters: %d%n", a.size(), b.size(),
                engine.deadLetters().count(DeadLetterReason.PORT_UNBOUND));
            System.out.println("every quote exactly once, each book in order: " + QuoteChecks.eachOnceInOrder(a, b));
        }
    }
}
