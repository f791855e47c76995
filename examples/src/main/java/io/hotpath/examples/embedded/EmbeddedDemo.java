package io.hotpath.examples.embedded;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.affinity.PinReport;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A market-data thread the service already has drives worker 0 of the engine from its own spinning loop, while
 * worker 1 runs on a thread of the engine's, pinned to the last CPU when the machine has more than one (unpinned,
 * and said so, where pinning is not possible). A million ticks go from the feed to the normalizer by direct handoff
 * on the service's thread, and the changed prices on to the strategy on the pinned worker. Main thread only.
 */
public final class EmbeddedDemo
{
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long TICKS = 1_000_000;
    private static final int INSTRUMENTS = 16;

    /**
     * The example running. Thread safe.
     *
     * @param engine     worker 0 embedded, worker 1 on a thread of the engine's, pinned where possible.
     * @param strategy   on worker 1.
     * @param normalizer on worker 0.
     * @param service    the market-data loop.
     * @param reader     its thread, {@code md-reader}.
     */
    public record Running(Engine engine, ActorRef<SimulatedFeed.RawTick> strategy,
        ActorRef<SimulatedFeed.RawTick> normalizer, MarketDataService service, Thread reader)
    {
    }

    private EmbeddedDemo()
    {
    }

    /**
     * Start the engine, the two actors and the service's thread, which begins reading at once.
     *
     * @param ticks       how many ticks the feed holds.
     * @param instruments over how many instruments.
     * @return what runs.
     */
    public static Running start(final long ticks, final int instruments)
    {
        final int cpus = Runtime.getRuntime().availableProcessors();
        final EngineConfig.Builder config = EngineConfig.builder().workers(2).embedded(0, true).idle(1, "backoff");
        if (cpus > 1)
        {
            config.cpu(1, cpus - 1);
        }
        final Engine engine = Engine.start(config.build());
        final ActorRef<SimulatedFeed.RawTick> strategy = Desk.strategy(engine, 1);
        final ActorRef<SimulatedFeed.RawTick> normalizer = Desk.normalizer(engine, 0, instruments, strategy);
        final MarketDataService service = new MarketDataService(new SimulatedFeed(ticks, instruments),
            engine.invoker(0), normalizer);
        return new Running(engine, strategy, normalizer, service,
            Thread.ofPlatform().name("md-reader").start(service));
    }

    /**
     * @param args none.
     * @throws InterruptedException when interrupted while the service's thread ends.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final Running running = start(TICKS, INSTRUMENTS);
        final Engine engine = running.engine();
        final ActorRef<SimulatedFeed.RawTick> strategy = running.strategy();
        final ActorRef<SimulatedFeed.RawTick> normalizer = running.normalizer();
        final MarketDataService service = running.service();
        final Thread reader = running.reader();
        while (service.read() < TICKS)
        {
            LockSupport.parkNanos(1_000_000);
        }
        final Desk.Report normalized = normalizer.<Desk.Report>ask(Desk.REPORT).get(WAIT);
        Desk.Report counted;
        do
        {
            // the last quotes may still be on their way to worker 1
            counted = strategy.<Desk.Report>ask(Desk.REPORT).get(WAIT);
        }
        while (counted.handled() < normalized.passedOn());
        final long handoffs = engine.stats().actors().stream().filter(a -> a.name().equals("normalizer"))
            .findFirst().orElseThrow().handoffs();
        System.out.printf("normalizer on thread %s: %,d ticks, %,d of them run at once on the reader's stack (direct " +
            "handoff), the rest from its mailbox in the reader's next doWork() while the strategy caught up; passed " +
            "on %,d changed prices%n", normalized.thread(), normalized.handled(), handoffs, normalized.passedOn());
        System.out.printf("strategy on thread %s: %,d quotes, checksum %,d%n", counted.thread(), counted.handled(),
            counted.passedOn());
        System.out.print(PinReport.table(engine.affinityReport()));
        engine.close();
        reader.join();
        System.out.println("closed: the reader's loop drove worker 0 to its end and returned");
    }
}
