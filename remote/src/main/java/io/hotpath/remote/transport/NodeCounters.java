package io.hotpath.remote.transport;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The node-wide counters that are not any one worker's: frames possibly lost with peers, codec disagreements found,
 * and the refused sends of threads outside the engine. Thread safe; nothing here is touched per message, except an
 * outside thread's refusal. A worker counts its own refusals in its {@link WorkerSends}.
 */
final class NodeCounters
{
    private final AtomicLong possiblyLost = new AtomicLong();
    private final AtomicLong codecMismatches = new AtomicLong();
    private final AtomicLong outsideRefused = new AtomicLong();

    void possiblyLost(final long frames)
    {
        possiblyLost.addAndGet(frames);
    }

    long possiblyLost()
    {
        return possiblyLost.get();
    }

    void codecMismatches(final long typeIds)
    {
        codecMismatches.addAndGet(typeIds);
    }

    long codecMismatches()
    {
        return codecMismatches.get();
    }

    void refusedOutside()
    {
        outsideRefused.incrementAndGet();
    }

    long outsideRefused()
    {
        return outsideRefused.get();
    }
}
