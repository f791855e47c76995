package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;

/**
 * A sender on a thread of its own, outside any engine or pool (as a market-data reader would be). It parks between
 * sends, so it never takes a CPU from the two measured threads for long. Each thread owns its sender state.
 */
final class OutsideSender
{
    private static final int WAKEUP_POOL = 16;

    private OutsideSender()
    {
    }

    /**
     * Fan-in's outside thread: a burst, then a pause, until the run stops.
     *
     * @param blaster created on the calling thread, so its sender is registered before traffic starts.
     * @param outlet  where messages go.
     * @return the started thread.
     */
    static Thread start(final Blaster blaster, final Outlet outlet)
    {
        return startThread(() ->
        {
            while (blaster.send(outlet, Pacing.OUTSIDE_BURST) != Blaster.STOPPED)
            {
                Pacing.pause(Pacing.OUTSIDE_PAUSE_NS);
            }
        });
    }

    /**
     * Wake-up's sender: one message stamped with its send time every {@link Pacing#WAKEUP_GAP_NS}.
     *
     * @param probe  the run's probe; the sender registers now.
     * @param outlet where messages go.
     * @return the started thread.
     */
    static Thread startPaced(final Probe probe, final Outlet outlet)
    {
        final ProbeSender sender = probe.newSender();
        final Envelope[] pool = Envelope.pool(WAKEUP_POOL);
        return startThread(() ->
        {
            long sent = 0;
            while (probe.sending())
            {
                if (sent - probe.received() < WAKEUP_POOL)
                {
                    final Envelope m = pool[(int)(sent % WAKEUP_POOL)];
                    m.sequence = sent + 1;
                    m.stampNs = System.nanoTime();
                    if (outlet.offer(m))
                    {
                        sent++;
                        sender.sent();
                    }
                }
                Pacing.pause(Pacing.WAKEUP_GAP_NS);
            }
            sender.stop();
        });
    }

    private static Thread startThread(final Runnable loop)
    {
        final Thread thread = new Thread(loop, "hp-bench-outside");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
