package io.hotpath.bench.lab;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

import java.time.Duration;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class StoreCouplingBenchmarkTest
{
    private static final int[] EXTRA_STORES = {0, 3, 6, 9, 12};
    private static final int CALLS = 64;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void everyMessageArrivesWithItsTargetAndTheRingEndsEmpty() throws Exception
    {
        for (final int extraStores : EXTRA_STORES)
        {
            final StoreCouplingBenchmark benchmark = new StoreCouplingBenchmark();
            final StoreCouplingBenchmark.Ring ring = ring(extraStores);
            final Control ctl = new Control();
            final FutureTask<Long> producer = new FutureTask<>(() ->
            {
                long produced = 0;
                for (int i = 0; i < CALLS; i++)
                {
                    produced = benchmark.produce(ring, ctl);
                }
                return produced;
            });
            final Thread thread = new Thread(producer, "producer");
            thread.setDaemon(true);
            thread.start();
            // consume checks every frame's target and throws on a wrong one
            final long consumed = assertTimeoutPreemptively(TIMEOUT, () ->
            {
                long taken = 0;
                for (int i = 0; i < CALLS; i++)
                {
                    taken = benchmark.consume(ring, ctl);
                }
                return taken;
            }, "extraStores=" + extraStores);
            final long produced = producer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertEquals((long)CALLS * StoreCouplingBenchmark.BATCH, consumed, "extraStores=" + extraStores);
            assertEquals((long)CALLS * StoreCouplingBenchmark.BATCH, produced, "extraStores=" + extraStores);
            assertEmpty(ring);
        }
    }

    @Test
    void aStopEndsAProducerWaitingOnAFullRingAndAConsumerOnAnEmptyOne()
    {
        final int fullAfter = StoreCouplingBenchmark.FRAMES / StoreCouplingBenchmark.BATCH;
        for (final int extraStores : EXTRA_STORES)
        {
            final StoreCouplingBenchmark benchmark = new StoreCouplingBenchmark();
            final StoreCouplingBenchmark.Ring ring = ring(extraStores);
            final Control ctl = new Control();
            for (int i = 1; i <= fullAfter; i++)
            {
                assertEquals((long)i * StoreCouplingBenchmark.BATCH, benchmark.produce(ring, ctl));
            }
            // the ring is full and nobody consumes: the next call waits until the stop
            final Thread stopper = new Thread(() ->
            {
                try
                {
                    Thread.sleep(100);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
                ctl.stopMeasurement = true;
            }, "stopper");
            stopper.start();
            final long produced = assertTimeoutPreemptively(TIMEOUT, () -> benchmark.produce(ring, ctl));
            assertEquals(StoreCouplingBenchmark.FRAMES, produced, "extraStores=" + extraStores);
            // what an iteration's teardown does once both sides have left
            ring.reset();
            assertEmpty(ring);
            final long consumed = assertTimeoutPreemptively(TIMEOUT, () -> benchmark.consume(ring, ctl));
            assertEquals(0, consumed, "extraStores=" + extraStores);
        }
    }

    @Test
    void theConsumerRejectsAFrameWithTheWrongTarget()
    {
        final StoreCouplingBenchmark benchmark = new StoreCouplingBenchmark();
        final StoreCouplingBenchmark.Ring ring = ring(3);
        final Control ctl = new Control();
        benchmark.produce(ring, ctl);
        ring.slots[2 * 5] = new Object();
        assertThrows(IllegalStateException.class, () -> benchmark.consume(ring, ctl));
    }

    @Test
    void theProducerAloneOverwritesFramesWithoutWaiting()
    {
        final int laps = 2 * StoreCouplingBenchmark.FRAMES / StoreCouplingBenchmark.BATCH + 1;
        for (final int extraStores : EXTRA_STORES)
        {
            final StoreCouplingBenchmark benchmark = new StoreCouplingBenchmark();
            final StoreCouplingBenchmark.Ring ring = ring(extraStores);
            assertEquals(StoreCouplingBenchmark.BATCH, benchmark.producerAlone(ring), "extraStores=" + extraStores);
            final long produced = assertTimeoutPreemptively(TIMEOUT, () ->
            {
                long total = 0;
                for (int i = 1; i < laps; i++)
                {
                    total = benchmark.producerAlone(ring);
                }
                return total;
            }, "extraStores=" + extraStores);
            assertEquals((long)laps * StoreCouplingBenchmark.BATCH, produced, "extraStores=" + extraStores);
        }
    }

    private static StoreCouplingBenchmark.Ring ring(final int extraStores)
    {
        final StoreCouplingBenchmark.Ring ring = new StoreCouplingBenchmark.Ring();
        ring.extraStores = extraStores;
        ring.setUp();
        return ring;
    }

    private static void assertEmpty(final StoreCouplingBenchmark.Ring ring)
    {
        for (int i = 0; i < ring.slots.length; i++)
        {
            assertNull(ring.slots[i], "slot " + i);
        }
        assertEquals(ring.producer.index, ring.consumer.index);
    }
}
