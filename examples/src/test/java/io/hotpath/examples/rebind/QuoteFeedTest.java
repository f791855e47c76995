package io.hotpath.examples.rebind;

import io.hotpath.DeadLetterReason;
import io.hotpath.OutputPort;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.TestProbe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quote feed on the test kit: its output goes where it is bound at each moment, a re-binding applies between
 * two quotes, and quotes sent while it is unbound are dead letters.
 */
class QuoteFeedTest
{
    private ActorTestKit kit;
    private QuoteFeed feed;
    private OutputPort<QuoteFeed.Quote> output;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start(2);
        feed = QuoteFeed.spawn(kit.engine(), "feed", 0);
        output = kit.result(feed.output());
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    private static List<Long> seqs(final List<QuoteFeed.Quote> quotes)
    {
        return quotes.stream().map(QuoteFeed.Quote::seq).toList();
    }

    @Test
    void reBindingWhileTheFeedRunsMovesTheRestOfTheStreamToTheNewTarget()
    {
        final TestProbe<QuoteFeed.Quote> primary = kit.probe("primary", 1);
        final TestProbe<QuoteFeed.Quote> standby = kit.probe("standby", 1);
        output.bind(primary.ref());
        feed.start(Duration.ofMillis(10));
        kit.advance(Duration.ofMillis(105));
        assertThat(seqs(primary.receiveAll())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        output.bind(standby.ref());
        kit.advance(Duration.ofMillis(30));
        assertThat(seqs(standby.receiveAll())).containsExactly(11L, 12L, 13L);
        assertThat(primary.receiveAll()).isEmpty();
        feed.stop();
        standby.expectNoMessage(Duration.ofSeconds(1));
        kit.deadLetters().expectNone();
    }

    @Test
    void quotesSentWhileThePortIsUnboundAreDeadLetters()
    {
        final TestProbe<QuoteFeed.Quote> book = kit.probe("book", 1);
        feed.start(Duration.ofMillis(10));
        kit.advance(Duration.ofMillis(25));
        assertThat(kit.deadLetters().takeAll()).hasSize(2)
            .allMatch(d -> d.reason() == DeadLetterReason.PORT_UNBOUND);
        output.bind(book.ref());
        assertThat(book.receiveMessage().seq()).isEqualTo(3);
        output.unbind();
        assertThat(kit.deadLetters().expect(DeadLetterReason.PORT_UNBOUND).message())
            .isEqualTo(new QuoteFeed.Quote(4, 10_000 + 4 * 7919 % 200));
    }

    @Test
    void reBindingOverAndOverAtAnyPointNeverLosesOrDoublesAQuote()
    {
        final TestProbe<QuoteFeed.Quote> a = kit.probe("a", 1);
        final TestProbe<QuoteFeed.Quote> b = kit.probe("b", 1);
        output.bind(a.ref());
        feed.start(Duration.ofMillis(1));
        final SplittableRandom random = new SplittableRandom(15);
        for (int i = 0; i < 1_000; i++)
        {
            // from the test's thread, outside the engine: each binding travels to the feed's worker
            output.bind(i % 2 == 0 ? b.ref() : a.ref());
            switch (random.nextInt(3))
            {
                case 0 -> kit.step(0);
                case 1 -> kit.step();
                default -> kit.advance(Duration.ofMillis(random.nextInt(4)));
            }
        }
        feed.stop();
        final List<Long> toA = seqs(a.receiveAll());
        final List<Long> toB = seqs(b.receiveAll());
        assertThat(toA).isNotEmpty();
        assertThat(toB).isNotEmpty();
        assertThat(QuoteChecks.eachOnceInOrder(toA, toB)).as("a got %s, b got %s", toA, toB).isTrue();
        kit.deadLetters().expectNone();
    }
}
