package io.hotpath.runtime;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counters of stopped actors, kept per worker so a worker's totals survive its actors. Thread safe; written once
 * per stopped actor, never per message.
 */
final class RetiredCounters
{
    private static final int FIELDS = 5;
    private final AtomicLongArray values;

    RetiredCounters(final int workers)
    {
        values = new AtomicLongArray(workers * FIELDS);
    }

    void add(final ActorCell<?> cell)
    {
        final int base = cell.worker.index * FIELDS;
        values.addAndGet(base, cell.handledOpaque());
        values.addAndGet(base + 1, cell.handoffsOpaque());
        values.addAndGet(base + 2, cell.reschedulesOpaque());
        values.addAndGet(base + 3, cell.exceptionsOpaque());
        values.addAndGet(base + 4, cell.deadLettersOpaque());
    }

    long[] snapshot(final int worker)
    {
        final long[] out = new long[FIELDS];
        for (int i = 0; i < FIELDS; i++)
        {
            out[i] = values.get(worker * FIELDS + i);
        }
        return out;
    }
}
