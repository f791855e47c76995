package io.hotpath.examples.pipeline;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.metrics.ActorStats;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Feeds 200,000 orders at 100,000 a second into gateway, risk, book and publisher, all on one worker so every hop
 * is a direct handoff, and prints what came out: outcomes, fills, the time from each order's scheduled send to its
 * publication, and how each stage was reached. Main thread only.
 */
public final class PipelineDemo
{
    private static final int ORDERS = 200_000;
    private static final long RATE_PER_SECOND = 100_000;

    private PipelineDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        final Outcomes outcomes = new Outcomes();
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").build()))
        {
            final OrderPool pool = new OrderPool(1024);
            final Pipeline pipeline = Pipeline.start(engine, "", 0, 0, pool, outcomes);
            new FixedRateFeed(pool, pipeline.gateway(), new OrderFlow(), RATE_PER_SECOND).run(0, ORDERS);
            while (pool.released() < ORDERS)
            {
                Thread.onSpinWait();
            }
            System.out.printf("%,d orders at %,d/s: %s, %,d fills%n", ORDERS, RATE_PER_SECOND, outcomes.statuses(),
                outcomes.fills);
            System.out.printf("scheduled send to publication: p50 %d us, p99 %d us, max %d us%n",
                outcomes.percentileUs(0.50), outcomes.percentileUs(0.99), outcomes.maxUs);
            for (final ActorStats stage : engine.stats().actors())
            {
                System.out.printf("%-9s handled %,8d, by direct handoff %,8d%n", stage.name(), stage.handled(),
                    stage.handoffs());
            }
        }
    }

    /** Counts outcomes and latencies in arrays made up front. Publisher's worker, then the main thread after it. */
    private static final class Outcomes implements Publisher.Listener
    {
        private static final int MAX_US = 100_000;
        private final long[] byStatus = new long[Order.Status.values().length];
        private final long[] latencyUs = new long[MAX_US + 1];
        private long fills;
        private long maxUs;

        @Override
        public void onOutcome(final Order order)
        {
            byStatus[order.status().ordinal()]++;
            fills += order.fillCount();
            final long us = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - order.intendedNs());
            latencyUs[(int)Math.min(us, MAX_US)]++;
            maxUs = Math.max(maxUs, us);
        }

        String statuses()
        {
            final StringBuilder sb = new StringBuilder();
            for (final Order.Status status : Order.Status.values())
            {
                if (byStatus[status.ordinal()] != 0)
                {
                    sb.append(sb.isEmpty() ? "" : ", ").append(String.format("%,d ", byStatus[status.ordinal()]))
                        .append(status.name().toLowerCase(java.util.Locale.ROOT));
                }
            }
            return sb.toString();
        }

        long percentileUs(final double fraction)
        {
            final long total = Arrays.stream(latencyUs).sum();
            long seen = 0;
            for (int us = 0; us < latencyUs.length; us++)
            {
                seen += latencyUs[us];
                if (seen >= fraction * total)
                {
                    return us;
                }
            }
            return MAX_US;
        }
    }
}
