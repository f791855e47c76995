package io.hotpath.examples.pipeline;

import io.hotpath.Engine;
import io.hotpath.examples.ExampleEngines;
import io.hotpath.metrics.ActorStats;
import io.hotpath.metrics.EngineStats;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The order pipeline fed at a fixed rate from an outside thread: every order reaches the publisher once, in order,
 * with exactly the fills an independent reference book gives; on one worker every hop is a direct handoff; after
 * warm-up the pipeline's threads allocate nothing per order.
 */
class PipelineTest
{
    private static final int ORDERS = 40_000;
    private static final long RATE_PER_SECOND = 100_000;
    private static final int POOL = 1024;

    @Test
    void onOneWorkerEveryHopIsADirectHandoffAndEveryOrderComesOutInOrderWithItsFills()
    {
        final Journal journal = new Journal(reference().length);
        final EngineStats stats = runPipeline(0, 0, journal);
        assertEquals(List.of(Journal.SAMPLED, Journal.SAMPLED, Journal.SAMPLED),
            List.of(journal.gatewayOnStack, journal.riskOnStack, journal.bookOnStack),
            "each order was published on the stack of the book, risk and gateway that handed it on");
        for (final String stage : new String[] {"risk", "book", "publisher"})
        {
            final ActorStats s = actor(stats, stage);
            assertEquals(ORDERS, s.handled(), stage);
            assertEquals(ORDERS, s.handoffs(), stage + " ran on its sender's stack every time");
            assertEquals(0, s.reschedules(), stage);
        }
        assertEquals(0, stats.workers().get(1).handled(), "nothing ran on worker 1");
    }

    @Test
    void overTwoWorkersOnlyTheHopBetweenThemIsQueuedAndTheOutcomeIsTheSame()
    {
        final Journal journal = new Journal(reference().length);
        final EngineStats stats = runPipeline(0, 1, journal);
        assertEquals(List.of(0, 0, Journal.SAMPLED),
            List.of(journal.gatewayOnStack, journal.riskOnStack, journal.bookOnStack),
            "the publisher runs on the book's stack, the queue hop cuts the stack between risk and book");
        assertEquals(ORDERS, actor(stats, "risk").handoffs(), "gateway and risk share worker 0");
        assertEquals(ORDERS, actor(stats, "publisher").handoffs(), "book and publisher share worker 1");
        assertEquals(ORDERS, actor(stats, "book").handled());
        assertEquals(2L * ORDERS, stats.workers().get(1).handled(), "book and publisher ran on worker 1");
    }

    private EngineStats runPipeline(final int firstWorker, final int lastWorker, final Journal journal)
    {
        final long[] expected = reference();
        try (Engine engine = Engine.start(ExampleEngines.config(2).build()))
        {
            final OrderPool pool = new OrderPool(POOL);
            final Pipeline pipeline = Pipeline.start(engine, "", firstWorker, lastWorker, pool, journal);
            final FixedRateFeed feed = new FixedRateFeed(pool, pipeline.gateway(), new OrderFlow(), RATE_PER_SECOND);
            feed.run(0, ORDERS / 2);
            ExampleEngines.await("warm-up orders published", () -> pool.released() == ORDERS / 2);
            final long[] workers = workerThreads();
            final long workersBefore = allocatedBytes(workers);
            final long feedBefore = allocatedBytes(Thread.currentThread().threadId());
            feed.run(ORDERS / 2, ORDERS / 2);
            final long feedAllocated = allocatedBytes(Thread.currentThread().threadId()) - feedBefore;
            ExampleEngines.await("all orders published", () -> pool.released() == ORDERS);
            final long allocated = feedAllocated + allocatedBytes(workers) - workersBefore;

            assertFalse(journal.overflowed, "the publisher saw more than the reference book produced");
            assertEquals(expected.length, journal.size, "the publisher saw less than the reference book produced");
            assertSameOutcomes(expected, journal.entries);
            System.out.printf("pipeline on workers %d..%d: %d orders, %d bytes allocated by the feed and workers " +
                "over the last %d, worst feed lag %d us%n", firstWorker, lastWorker, ORDERS, allocated, ORDERS / 2,
                feed.worstLagNs() / 1_000);
            // Less than a byte per order: nothing is allocated per order (an Order alone is over 1.5 KB).
            assertThat(allocated).as("bytes allocated by the feed and worker threads for " + ORDERS / 2 + " orders")
                .isLessThan(ORDERS / 2);
            assertEquals(Journal.SAMPLED, journal.sampled);
            return engine.stats();
        }
    }

    @Test
    void theFlowExercisesEveryOutcome()
    {
        final long[] expected = reference();
        final long[] statuses = new long[Order.Status.values().length];
        final long[] reasons = new long[Order.RejectReason.values().length];
        long fills = 0;
        for (int at = 0; at < expected.length; at += Journal.HEADER + 3 * (int)expected[at + 5])
        {
            statuses[(int)expected[at + 2]]++;
            reasons[(int)expected[at + 3]]++;
            fills += expected[at + 5];
        }
        assertEquals(0, statuses[Order.Status.NEW.ordinal()]);
        assertThat(statuses[Order.Status.REJECTED.ordinal()]).isPositive();
        assertThat(statuses[Order.Status.RESTING.ordinal()]).isPositive();
        assertThat(statuses[Order.Status.PARTIALLY_FILLED.ordinal()]).isPositive();
        assertThat(statuses[Order.Status.FILLED.ordinal()]).isPositive();
        assertThat(reasons[Order.RejectReason.BAD_QUANTITY.ordinal()]).isPositive();
        assertThat(reasons[Order.RejectReason.NOTIONAL_LIMIT.ordinal()]).isPositive();
        assertThat(fills).isGreaterThan(ORDERS / 4);
        System.out.printf("order flow: statuses %s, reject reasons %s, %d fills%n", Arrays.toString(statuses),
            Arrays.toString(reasons), fills);
    }

    private static void assertSameOutcomes(final long[] expected, final long[] actual)
    {
        int at = 0;
        while (at < expected.length)
        {
            final int length = Journal.HEADER + 3 * (int)expected[at + 5];
            if (!Arrays.equals(expected, at, at + length, actual, at, at + length))
            {
                assertEquals(Arrays.toString(Arrays.copyOfRange(expected, at, at + length)),
                    Arrays.toString(Arrays.copyOfRange(actual, at, Math.min(actual.length, at + length))),
                    "order " + expected[at] + ": id, sequence, status, reject, leaves, fill count, then (price, " +
                        "quantity, maker) per fill");
            }
            at += length;
        }
    }

    /** The flow through a plain, obviously-correct book built on sorted maps: the outcomes the pipeline must give. */
    private static long[] reference()
    {
        final TreeMap<Long, ArrayDeque<long[]>> bids = new TreeMap<>(Comparator.reverseOrder());
        final TreeMap<Long, ArrayDeque<long[]>> asks = new TreeMap<>();
        final Journal out = new Journal(ORDERS * 64);
        final Order order = new Order();
        final OrderFlow flow = new OrderFlow();
        for (long i = 0; i < ORDERS; i++)
        {
            flow.describe(i, order, 0);
            order.sequence = i + 1;
            final long qty = order.quantity();
            if (qty < 1 || qty > Order.MAX_QUANTITY)
            {
                order.reject(Order.RejectReason.BAD_QUANTITY);
            }
            else if (order.price() < 1 || order.price() >= OrderBook.PRICE_LEVELS)
            {
                order.reject(Order.RejectReason.BAD_PRICE);
            }
            else if (order.price() * qty > Pipeline.MAX_NOTIONAL)
            {
                order.reject(Order.RejectReason.NOTIONAL_LIMIT);
            }
            else
            {
                final boolean buy = order.side() == Order.BUY;
                final TreeMap<Long, ArrayDeque<long[]>> opposite = buy ? asks : bids;
                long left = qty;
                while (left > 0 && !opposite.isEmpty() &&
                    (buy ? opposite.firstKey() <= order.price() : opposite.firstKey() >= order.price()))
                {
                    final Map.Entry<Long, ArrayDeque<long[]>> level = opposite.firstEntry();
                    final long[] maker = level.getValue().peek();
                    final long lots = Math.min(left, maker[1]);
                    order.addFill(level.getKey(), lots, maker[0]);
                    left -= lots;
                    maker[1] -= lots;
                    if (maker[1] == 0)
                    {
                        level.getValue().poll();
                        if (level.getValue().isEmpty())
                        {
                            opposite.remove(level.getKey());
                        }
                    }
                }
                if (left > 0)
                {
                    (buy ? bids : asks).computeIfAbsent(order.price(), p -> new ArrayDeque<>())
                        .add(new long[] {order.id(), left});
                }
                order.leavesQuantity = left;
                order.status = left == 0 ? Order.Status.FILLED :
                    order.fillCount() > 0 ? Order.Status.PARTIALLY_FILLED : Order.Status.RESTING;
            }
            out.onOutcome(order);
        }
        return Arrays.copyOf(out.entries, out.size);
    }

    private static ActorStats actor(final EngineStats stats, final String name)
    {
        return stats.actors().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    private static long[] workerThreads()
    {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.isAlive() && t.getName().startsWith("hp-worker-"))
            .mapToLong(Thread::threadId).toArray();
    }

    private static long allocatedBytes(final long... threads)
    {
        final com.sun.management.ThreadMXBean bean =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        return Arrays.stream(bean.getThreadAllocatedBytes(threads)).sum();
    }

    /**
     * The publisher's listener of the test: copies each outcome into a pre-sized array, so the listener itself
     * allocates nothing. Publisher's thread only until the test has seen every order released.
     */
    static final class Journal implements Publisher.Listener
    {
        static final int HEADER = 6;
        /** The first orders, whose publisher's stack is looked at (only then: walking the stack allocates). */
        static final int SAMPLED = 256;

        final long[] entries;
        int size;
        boolean overflowed;
        int sampled;
        int gatewayOnStack;
        int riskOnStack;
        int bookOnStack;

        Journal(final int capacity)
        {
            entries = new long[capacity];
        }

        @Override
        public void onOutcome(final Order order)
        {
            if (order.id() <= SAMPLED)
            {
                final java.util.Set<String> stages = StackWalker.getInstance().walk(frames ->
                    frames.map(StackWalker.StackFrame::getClassName).collect(java.util.stream.Collectors.toSet()));
                sampled++;
                gatewayOnStack += stages.contains(Gateway.class.getName()) ? 1 : 0;
                riskOnStack += stages.contains(Risk.class.getName()) ? 1 : 0;
                bookOnStack += stages.contains(OrderBook.class.getName()) ? 1 : 0;
            }
            final int length = HEADER + 3 * order.fillCount();
            if (size + length > entries.length)
            {
                overflowed = true;
                return;
            }
            entries[size++] = order.id();
            entries[size++] = order.sequence();
            entries[size++] = order.status().ordinal();
            entries[size++] = order.rejectReason().ordinal();
            entries[size++] = order.leavesQuantity();
            entries[size++] = order.fillCount();
            for (int i = 0; i < order.fillCount(); i++)
            {
                entries[size++] = order.fillPrice(i);
                entries[size++] = order.fillQuantity(i);
                entries[size++] = order.fillMakerId(i);
            }
        }
    }
}
