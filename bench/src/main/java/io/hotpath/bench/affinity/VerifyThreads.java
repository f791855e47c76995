package io.hotpath.bench.affinity;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.PinReport;

import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for an engine start when verifying a profile: one platform thread per worker, named as the
 * engine names its workers, pins itself as the profile says and reports back. Never throws for a failed
 * pin, even when the profile is mandatory: the tool wants the whole table, not the first failure.
 * <p>
 * Thread-safe: each call starts and joins its own threads.
 */
public final class VerifyThreads
{
    /** Prefix of worker thread names; with the index they stay within Linux's 15 visible characters. */
    public static final String WORKER_NAME_PREFIX = "hp-worker-";

    private VerifyThreads()
    {
    }

    /**
     * @param profile the profile to apply.
     * @return one report per worker, in worker order.
     */
    public static List<PinReport> pinAll(final AffinityProfile profile)
    {
        final PinReport[] reports = new PinReport[profile.workers()];
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < profile.workers(); i++)
        {
            final int worker = i;
            threads.add(Thread.ofPlatform().name(WORKER_NAME_PREFIX + worker).start(
                () -> reports[worker] = PinReport.pinCurrentWorker(worker, profile.cpu(worker), false)));
        }
        for (final Thread thread : threads)
        {
            joinUninterruptibly(thread);
        }
        // Thread.join orders each worker's array write before this read
        return List.of(reports);
    }

    private static void joinUninterruptibly(final Thread thread)
    {
        boolean interrupted = false;
        while (true)
        {
            try
            {
                thread.join();
                break;
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }
}
