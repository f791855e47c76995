package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A worker that parks is woken by every burst another worker sends it through their lane, however the burst falls
 * against its sleep: a sender's turn sends a burst of random length (its first frame looks at the receiver's sleep
 * flag at once, the others once at the end of the sender's duty cycle), with pauses of random length between bursts
 * so that the receiver parks, wakes, drains and parks again at every point of a burst. Both workers park for up to
 * 1 s (the longest park allowed) and pause at most 300 us between bursts: a wake-up missed would keep a burst's last
 * frames waiting nearly a second, and each burst must be counted whole within 500 ms. Every message is counted
 * exactly once.
 */
class LaneWakeUpTest
{
    private static final int BURSTS = 400;
    private static final long BURST_DEADLINE_NS = TimeUnit.MILLISECONDS.toNanos(500);

    @Test
    void everyBurstThroughALaneReachesAParkedWorkerAtOnce()
    {
        final AtomicLong received = new AtomicLong();
        long sent = 0;
        try (Engine engine = Engine.start(TestEngines.config(2).idle("park")
            .idleMaxParkNs(TimeUnit.SECONDS.toNanos(1)).build()))
        {
            final ActorRef<Long> receiver = engine.actor((ActorContext<Long> ctx) -> (Long m) ->
                received.incrementAndGet()).onWorker(1).name("receiver").spawn();
            final ActorRef<Integer> sender = engine.actor((ActorContext<Integer> ctx) -> (Integer burst) ->
            {
                for (long i = 0; i < burst; i++)
                {
                    receiver.tell(i);
                }
            }).onWorker(0).name("sender").spawn();
            final SplittableRandom random = new SplittableRandom(29);
            for (int b = 0; b < BURSTS; b++)
            {
                final int burst = 1 + random.nextInt(random.nextInt(4) == 0 ? 300 : 4);
                sender.tell(burst);
                sent += burst;
                final long deadlineNs = System.nanoTime() + BURST_DEADLINE_NS;
                while (received.get() < sent && System.nanoTime() - deadlineNs < 0)
                {
                    Thread.onSpinWait();
                }
                assertEquals(sent, received.get(), "burst " + b + " of " + burst + " frames counted within 500 ms " +
                    "(a receiver woken late waits for its 1 s park)");
                // a pause of 0 to 300 us: the receiver may be spinning, about to park or parked when the next comes
                LockSupport.parkNanos(random.nextInt(300_000));
            }
        }
        assertEquals(sent, received.get(), "after close: each message counted once");
    }
}
