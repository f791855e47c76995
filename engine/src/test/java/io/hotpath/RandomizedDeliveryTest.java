package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Worker threads and outside threads send numbered messages among many actors placed at random, for seconds.
 * Every message is counted: none lost, none duplicated, and each sender-receiver pair sees its numbers in order,
 * whichever path (direct handoff, mailbox, inbound queue) each message took.
 */
class RandomizedDeliveryTest
{
    private static final int ACTORS = 24;
    private static final int OUTSIDE_THREADS = 2;
    private static final long RUN_NS = TimeUnit.SECONDS.toNanos(3);
    /** Outside senders keep at most this many messages in flight, as a well-behaved producer does. */
    private static final long IN_FLIGHT_LIMIT = 4_096;

    /** A numbered message: from a sender (actor id or outside thread), its number on that pair, hops left. */
    record Numbered(int from, long seq, int hops)
    {
    }

    /** Counts shared by the senders and the checking actors. */
    static final class Tally
    {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong received = new AtomicLong();
        final AtomicLong outOfOrder = new AtomicLong();
        final AtomicLong gaps = new AtomicLong();
        /** Forwards refused by a full queue: the sender knows, so they are neither sent nor lost. */
        final AtomicLong refused = new AtomicLong();
        /** A worker-to-worker tell refused because another worker's inbound queue was full: a trap, never allowed. */
        final AtomicLong trapped = new AtomicLong();
    }

    /** An actor that checks order per sender and forwards to a random actor while hops remain. */
    static final class Checker implements Actor<Numbered>
    {
        private final int self;
        private final List<ActorRef<Numbered>> peers;
        private final Tally tally;
        private final int throwEvery;
        private final boolean tell;
        private final long[] lastFrom = new long[ACTORS + OUTSIDE_THREADS];
        private final long[] nextTo = new long[ACTORS];
        private final SplittableRandom random;
        private long handled;

        Checker(final int self, final List<ActorRef<Numbered>> peers, final Tally tally, final int throwEvery,
            final boolean tell)
        {
            this.self = self;
            this.peers = peers;
            this.tally = tally;
            this.throwEvery = throwEvery;
            this.tell = tell;
            this.random = new SplittableRandom(self);
        }

        @Override
        public void onMessage(final Numbered m)
        {
            final long last = lastFrom[m.from()];
            if (m.seq() <= last)
            {
                tally.outOfOrder.incrementAndGet();
            }
            else if (m.seq() != last + 1)
            {
                tally.gaps.incrementAndGet();
            }
            lastFrom[m.from()] = Math.max(last, m.seq());
            tally.received.incrementAndGet();
            if (m.hops() > 0)
            {
                final int to = random.nextInt(ACTORS);
                final long seq = nextTo[to] + 1;
                if (tell)
                {
                    // counted first: the receiver may count it before tell() returns
                    tally.sent.incrementAndGet();
                    try
                    {
                        peers.get(to).tell(new Numbered(self, seq, m.hops() - 1));
                        nextTo[to] = seq;
                    }
                    catch (final QueueFullException ex)
                    {
                        tally.sent.decrementAndGet();
                        tally.refused.incrementAndGet();
                        if (ex.getMessage().startsWith("inbound queue"))
                        {
                            tally.trapped.incrementAndGet();
                        }
                    }
                }
                else if (peers.get(to).offer(new Numbered(self, seq, m.hops() - 1)))
                {
                    tally.sent.incrementAndGet();
                    nextTo[to] = seq;
                }
                else
                {
                    tally.refused.incrementAndGet();
                }
            }
            if (throwEvery > 0 && ++handled % throwEvery == 0)
            {
                throw new IllegalStateException("injected fault");
            }
        }
    }

    @Test
    void everyMessageArrivesOnceAndInOrderPerPair() throws Exception
    {
        final Tally tally = run(TestEngines.config(2).build(), 0);
        assertEquals(0, tally.gaps.get(), "no message lost");
    }

    @Test
    void handlersThatThrowLoseNothing() throws Exception
    {
        final Tally tally = run(TestEngines.config(2).build(), 97);
        assertEquals(0, tally.gaps.get(), "no message lost");
    }

    @Test
    void dropPolicyWithTinyQueuesCountsEveryDrop() throws Exception
    {
        run(TestEngines.config(2).inboundCapacity(64).mailboxCapacity(8).inboundDrainLimit(8).batchBudget(4)
            .fullQueuePolicy(FullQueuePolicy.DROP).build(), 0);
    }

    @Test
    void tinyQueuesWithTellsInEveryDirectionUnderEveryPolicyLoseNothingAndTrapNoWorker() throws Exception
    {
        for (final FullQueuePolicy policy : FullQueuePolicy.values())
        {
            final Tally tally = run(TestEngines.config(2).inboundCapacity(8).mailboxCapacity(8).inboundDrainLimit(8)
                .batchBudget(4).fullQueuePolicy(policy).build(), 0, true);
            assertEquals(0, tally.trapped.get(), policy + ": a worker-to-worker tell met a full inbound queue");
            if (policy == FullQueuePolicy.WAIT)
            {
                assertEquals(0, tally.refused.get(), "wait refuses nothing");
            }
        }
    }

    private static Tally run(final EngineConfig config, final int throwEvery) throws Exception
    {
        return run(config, throwEvery, false);
    }

    private static Tally run(final EngineConfig config, final int throwEvery, final boolean tell) throws Exception
    {
        final Tally tally = new Tally();
        try (Engine engine = Engine.start(config))
        {
            final List<ActorRef<Numbered>> refs = new ArrayList<>();
            final SplittableRandom placement = new SplittableRandom(42);
            for (int i = 0; i < ACTORS; i++)
            {
                final int self = i;
                refs.add(engine.actor((ActorContext<Numbered> ctx) -> new Checker(self, refs, tally, throwEvery, tell))
                    .onWorker(placement.nextInt(config.workers())).spawn());
            }
            final List<Thread> outside = new ArrayList<>();
            for (int t = 0; t < OUTSIDE_THREADS; t++)
            {
                final int from = ACTORS + t;
                final Thread thread = new Thread(() -> sendFromOutside(from, refs, tally), "outside-" + t);
                outside.add(thread);
                thread.start();
            }
            for (final Thread thread : outside)
            {
                thread.join();
            }
            TestEngines.await("every message received or counted", () ->
                tally.received.get() + engine.deadLetters().count() == tally.sent.get());
            assertEquals(0, tally.outOfOrder.get(), "per-pair order and no duplicates");
            assertTrue(tally.sent.get() > 10_000, "a real load: " + tally.sent.get());
            assertTrue(TestEngines.FAULTS.stream().noneMatch(f -> f instanceof QueueFullException),
                "a handler failed on a full queue: " + TestEngines.FAULTS);
            if (config.fullQueuePolicy() != FullQueuePolicy.DROP)
            {
                assertEquals(0, engine.deadLetters().count());
                assertEquals(tally.sent.get(), tally.received.get());
            }
            else
            {
                assertEquals(engine.deadLetters().count(), engine.deadLetters().count(DeadLetterReason.QUEUE_FULL));
            }
        }
        return tally;
    }

    private static void sendFromOutside(final int from, final List<ActorRef<Numbered>> refs, final Tally tally)
    {
        final SplittableRandom random = new SplittableRandom(from);
        final long[] nextTo = new long[ACTORS];
        final long endNs = System.nanoTime() + RUN_NS;
        int n = 0;
        while (System.nanoTime() - endNs < 0)
        {
            if (tally.sent.get() - tally.received.get() > IN_FLIGHT_LIMIT)
            {
                Thread.yield();
                continue;
            }
            final int to = random.nextInt(ACTORS);
            final long seq = nextTo[to] + 1;
            // counted first: the receiver may count it before tell() returns
            tally.sent.incrementAndGet();
            try
            {
                refs.get(to).tell(new Numbered(from, seq, random.nextInt(8)));
                nextTo[to] = seq;
            }
            catch (final QueueFullException ex)
            {
                tally.sent.decrementAndGet();
                tally.refused.incrementAndGet();
            }
            if (++n % 64 == 0)
            {
                Thread.yield();
            }
        }
    }
}
