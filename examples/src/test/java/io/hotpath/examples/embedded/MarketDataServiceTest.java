package io.hotpath.examples.embedded;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.affinity.PinReport;
import io.hotpath.examples.ExampleEngines;
import io.hotpath.metrics.ActorStats;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.TestProbe;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The market-data service's own thread drives the embedded worker from its spinning loop, next to a worker on a
 * thread of the engine's (pinned where the machine allows); and the normalizer's logic on the test kit.
 */
class MarketDataServiceTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long TICKS = 200_000;
    private static final int INSTRUMENTS = 8;

    @Test
    void theServicesThreadRunsTheNormalizerAndEveryChangedPriceReachesTheStrategy() throws InterruptedException
    {
        final EmbeddedDemo.Running running = EmbeddedDemo.start(TICKS, INSTRUMENTS);
        final Engine engine = running.engine();
        final ActorRef<SimulatedFeed.RawTick> strategy = running.strategy();
        final ActorRef<SimulatedFeed.RawTick> normalizer = running.normalizer();
        final MarketDataService service = running.service();
        final Thread reader = running.reader();
        try
        {
            ExampleEngines.await("every tick read", () -> service.read() == TICKS);
            final Desk.Report normalized = normalizer.<Desk.Report>ask(Desk.REPORT).get(WAIT);
            final long[] expected = replay();
            assertThat(normalized).isEqualTo(new Desk.Report(TICKS, expected[0], "md-reader"));
            ExampleEngines.await("every changed price at the strategy", () ->
                strategy.<Desk.Report>ask(Desk.REPORT).get(WAIT).handled() == expected[0]);
            assertThat(strategy.<Desk.Report>ask(Desk.REPORT).get(WAIT))
                .isEqualTo(new Desk.Report(expected[0], expected[1], "hp-worker-1"));
            final ActorStats stats = engine.stats().actors().stream().filter(a -> a.name().equals("normalizer"))
                .findFirst().orElseThrow();
            assertThat(stats.handled()).as("ticks and the two report questions").isEqualTo(TICKS + 1);
            assertThat(stats.handoffs()).as("some ticks ran at once on the reader's stack").isPositive();
            // the pinned worker, and the service's thread observed where it runs once it has driven its worker
            if (Runtime.getRuntime().availableProcessors() > 1)
            {
                assertThat(engine.affinityReport()).extracting(PinReport::threadName)
                    .containsExactlyInAnyOrder("md-reader", "hp-worker-1");
            }
        }
        finally
        {
            engine.close();
            reader.join(WAIT);
        }
        assertThat(reader.isAlive()).as("the service's loop ends once its worker has finished").isFalse();
    }

    /** @return the changed prices the normalizer must pass on, and the sum of their prices. */
    private static long[] replay()
    {
        final long[] last = new long[INSTRUMENTS];
        final long[] expected = new long[2];
        for (long i = 0; i < TICKS; i++)
        {
            final SimulatedFeed.RawTick tick = SimulatedFeed.tick(i, INSTRUMENTS);
            if (last[tick.instrument()] != tick.price())
            {
                last[tick.instrument()] = tick.price();
                expected[0]++;
                expected[1] += tick.price();
            }
        }
        return expected;
    }

    @Test
    void theNormalizerPassesOnOnlyPricesThatChanged()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final TestProbe<SimulatedFeed.RawTick> strategy = kit.probe("strategy");
            final ActorRef<SimulatedFeed.RawTick> normalizer = Desk.normalizer(kit.engine(), 0, 2, strategy.ref());
            for (final SimulatedFeed.RawTick tick : List.of(new SimulatedFeed.RawTick(0, 10),
                new SimulatedFeed.RawTick(0, 10), new SimulatedFeed.RawTick(1, 10), new SimulatedFeed.RawTick(0, 11)))
            {
                normalizer.tell(tick);
            }
            assertThat(strategy.receiveAll()).containsExactly(new SimulatedFeed.RawTick(0, 10),
                new SimulatedFeed.RawTick(1, 10), new SimulatedFeed.RawTick(0, 11));
            assertThat(kit.result(normalizer.<Desk.Report>ask(Desk.REPORT)).passedOn()).isEqualTo(3);
        }
    }
}
