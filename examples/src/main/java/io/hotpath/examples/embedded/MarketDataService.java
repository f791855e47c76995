package io.hotpath.examples.embedded;

import io.hotpath.ActorRef;
import io.hotpath.WorkerInvoker;

import java.util.concurrent.locks.LockSupport;

/**
 * The service's own market-data thread: it spins reading its feed and, in the same loop, runs the engine's embedded
 * worker ({@link WorkerInvoker#doWork()}), so the actors on that worker run on this thread. A tick handed to the
 * normalizer from here runs it at once, on this thread's stack: no queue between the read and the actor. When the
 * normalizer cannot take a tick now ({@code offer} refused: its mailbox is full because the worker it sends to is
 * behind), the tick stays unread until the next turn of the loop, so back-pressure reaches the feed. The loop ends
 * once the engine has closed and the worker has finished. Runs on one thread.
 */
public final class MarketDataService implements Runnable
{
    private static final int READS_PER_TURN = 64;
    private static final int SPINS_BEFORE_YIELD = 100;
    private static final int YIELDS_BEFORE_PARK = 1_000;

    private final SimulatedFeed feed;
    private final WorkerInvoker worker;
    private final ActorRef<SimulatedFeed.RawTick> normalizer;
    private volatile long read;

    /**
     * @param feed       what the service reads.
     * @param worker     the engine's embedded worker, driven from here only.
     * @param normalizer an actor on that worker.
     */
    public MarketDataService(final SimulatedFeed feed, final WorkerInvoker worker,
        final ActorRef<SimulatedFeed.RawTick> normalizer)
    {
        this.feed = feed;
        this.worker = worker;
        this.normalizer = normalizer;
    }

    @Override
    public void run()
    {
        int idle = 0;
        while (!worker.isTerminated())
        {
            int work = readSome();
            work += worker.doWork();
            idle = work > 0 ? 0 : idle + 1;
            if (idle > SPINS_BEFORE_YIELD + YIELDS_BEFORE_PARK)
            {
                LockSupport.parkNanos(50_000);   // nothing for a while: a shared machine gets its CPU back
            }
            else if (idle > SPINS_BEFORE_YIELD)
            {
                Thread.yield();
            }
            else if (idle > 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    private int readSome()
    {
        int taken = 0;
        SimulatedFeed.RawTick tick;
        while (taken < READS_PER_TURN && (tick = feed.peek()) != null && normalizer.offer(tick))
        {
            feed.advance();
            taken++;
        }
        if (taken > 0)
        {
            read = feed.read();
        }
        return taken;
    }

    /** @return ticks read and handed to the normalizer so far; any thread. */
    public long read()
    {
        return read;
    }
}
