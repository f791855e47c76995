package io.hotpath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sends between workers under everything that moves them at once: a sending actor on every worker sends bursts of
 * random length to random receivers on the other workers, through inbound queues of 64 frames (so the senders'
 * backlogs fill and drain all the time), with tells that take the backlog and offers that are refused; a thread
 * outside the engine sends to the same receivers; the workers idle with backoff, so they park and are woken by the
 * senders; and the engine is closed while all of it runs (the senders never stop, so the close times out and the
 * workers finish while the others still send). It runs with lanes between the workers of 64 frames (the senders'
 * backlogs fill those; at close each lane is drained by whichever of its two workers finishes last) and without
 * lanes (the workers send through each other's inbound queues). Every message is accounted for
 * (handed to its handler exactly once, or counted as a dead letter), and each receiver gets each sender's messages in
 * the order they were sent.
 */
class RandomizedWorkerToWorkerTest
{
    private static final int WORKERS = 3;
    private static final int RECEIVERS_PER_WORKER = 3;
    private static final long RUN_NS = TimeUnit.SECONDS.toNanos(2);
    /** Sender ids: one per worker, then the outside thread. */
    private static final int SENDERS = WORKERS + 1;

    record Numbered(int sender, long sequence)
    {
    }

    /** What one receiver saw; touched by its own worker only, read after close. */
    static final class Seen
    {
        final long[] lastBySender = new long[SENDERS];
        long received;
        long outOfOrder;
    }

    @ParameterizedTest(name = "inbound.laneCapacity={0}")
    @ValueSource(ints = {64, 0})
    void everyMessageIsCountedOnceAndEachPairKeepsItsOrder(final int laneCapacity) throws Exception
    {
        final AtomicLong accepted = new AtomicLong();
        final AtomicLong dead = new AtomicLong();
        final List<Seen> seen = new ArrayList<>();
        final EngineConfig config = TestEngines.config(WORKERS).inboundCapacity(64).mailboxCapacity(16)
            .inboundLaneCapacity(laneCapacity).batchBudget(4).inboundDrainLimit(16)
            .closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(500)).build();
        final Engine engine = Engine.start(config);
        engine.deadLetters().addListener((target, message, reason) ->
        {
            if (message instanceof Numbered)
            {
                dead.incrementAndGet();
            }
        });
        final List<List<ActorRef<Numbered>>> receivers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++)
        {
            final List<ActorRef<Numbered>> onWorker = new ArrayList<>();
            for (int i = 0; i < RECEIVERS_PER_WORKER; i++)
            {
                final Seen s = new Seen();
                Arrays.fill(s.lastBySender, -1);
                seen.add(s);
                onWorker.add(engine.actor((ActorContext<Numbered> ctx) -> (Numbered m) ->
                {
                    s.received++;
                    if (m.sequence() <= s.lastBySender[m.sender()])
                    {
                        s.outOfOrder++;
                    }
                    s.lastBySender[m.sender()] = m.sequence();
                }).onWorker(w).name("receiver-" + w + "-" + i).spawn());
            }
            receivers.add(onWorker);
        }
        for (int w = 0; w < WORKERS; w++)
        {
            final int sender = w;
            final SplittableRandom random = new SplittableRandom(13 + w);
            final long[] sequence = new long[1];
            engine.actor((ActorContext<Numbered> ctx) ->
            {
                ctx.repeat(() ->
                {
                    final int burst = 1 + random.nextInt(random.nextInt(4) == 0 ? 200 : 12);
                    for (int i = 0; i < burst; i++)
                    {
                        final int to = (sender + 1 + random.nextInt(WORKERS - 1)) % WORKERS;
                        final ActorRef<Numbered> target = receivers.get(to).get(random.nextInt(RECEIVERS_PER_WORKER));
                        final Numbered m = new Numbered(sender, sequence[0]++);
                        if (random.nextInt(3) == 0)
                        {
                            if (!target.offer(m))
                            {
                                break;
                            }
                        }
                        else
                        {
                            target.tell(m);
                        }
                        accepted.incrementAndGet();
                    }
                    return burst;
                });
                return (Numbered m) ->
                {
                };
            }).onWorker(w).name("sender-" + w).spawn();
        }
        final Thread outside = new Thread(() ->
        {
            final SplittableRandom random = new SplittableRandom(7);
            long sequence = 0;
            while (true)
            {
                final List<ActorRef<Numbered>> onWorker = receivers.get(random.nextInt(WORKERS));
                try
                {
                    onWorker.get(random.nextInt(RECEIVERS_PER_WORKER)).tell(new Numbered(WORKERS, sequence++));
                }
                catch (final EngineClosedException closed)
                {
                    return;
                }
                catch (final QueueFullException full)
                {
                    // its receiver stayed congested for send.timeoutNs: not sent, not counted
                    continue;
                }
                accepted.incrementAndGet();
                if ((sequence & 63) == 0)
                {
                    Thread.yield();
                }
            }
        }, "outside-sender");
        outside.start();
        final long endNs = System.nanoTime() + RUN_NS;
        TestEngines.await("the run's time has passed", () -> System.nanoTime() - endNs >= 0);
        engine.close();
        outside.join();

        long received = 0;
        long outOfOrder = 0;
        for (final Seen s : seen)
        {
            received += s.received;
            outOfOrder += s.outOfOrder;
        }
        assertThat(received).as("messages handled").isPositive();
        assertThat(received + dead.get()).as("handled + dead letters").isEqualTo(accepted.get());
        assertThat(outOfOrder).as("messages out of their sender's order").isZero();
    }
}
