package io.hotpath.bench.impl;

import java.util.Arrays;

/**
 * A short run of the floor on two threads of its own, to read the speed level the host's vCPUs are at just before
 * and after a row that is not paired (blast, burst, fixed rate...): the row's figures can then be read against the
 * level it ran at. Called by the driver thread, between runs, never while a row's threads spin.
 */
public final class FloorProbe
{
    private static final int MAX_SAMPLES = 1 << 20;

    private FloorProbe()
    {
    }

    /**
     * @param durationNs how long to run the floor.
     * @return the median round trip of the floor over the last two thirds of the time, ns, or -1 when its threads
     * could not run.
     */
    public static long p50Ns(final long durationNs)
    {
        final FloorExchange x = new FloorExchange();
        final long[] samples = new long[MAX_SAMPLES];
        final int[] count = new int[1];
        final Thread responder = new Thread(() -> FloorSlices.answer(x, 0, Faults.NONE), "floor-probe-resp");
        final Thread initiator = new Thread(() ->
        {
            final long endNs = System.nanoTime() + durationNs;
            long seq = 0;
            long nowNs;
            do
            {
                seq++;
                final long startNs = System.nanoTime();
                x.ping = seq;
                while (x.pong != seq)
                {
                    Thread.onSpinWait();
                }
                nowNs = System.nanoTime();
                if (count[0] < samples.length)
                {
                    samples[count[0]++] = nowNs - startNs;
                }
            }
            while (nowNs - endNs < 0);
            x.ping = -1;
        }, "floor-probe-init");
        responder.setDaemon(true);
        initiator.setDaemon(true);
        responder.start();
        initiator.start();
        try
        {
            initiator.join();
            responder.join();
        }
        catch (final InterruptedException ex)
        {
            x.ping = -1;
            Thread.currentThread().interrupt();
            return -1;
        }
        // the first third is left out: the loop is still being compiled and the threads placed
        final int from = count[0] / 3;
        if (count[0] - from == 0)
        {
            return -1;
        }
        final long[] taken = Arrays.copyOfRange(samples, from, count[0]);
        Arrays.sort(taken);
        return taken[taken.length / 2];
    }
}
