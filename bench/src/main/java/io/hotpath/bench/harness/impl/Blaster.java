package io.hotpath.bench.harness.impl;

import io.hotpath.bench.harness.Probe;

/**
 * A sender that sends as fast as its outlet takes messages, a batch per call, never more than a window ahead of
 * the receiver (peers without back-pressure would otherwise fill the heap). Every message is the same immutable
 * token, so nothing is allocated or re-used while in flight. NOT thread safe: owned by the sending thread.
 */
final class Blaster
{
    /** The message of every blast: its fields are never read. */
    static final Envelope TOKEN = new Envelope();

    private final Probe probe;
    private final Probe.Sender sender;
    private final int senders;
    private long sent;

    /**
     * @param probe   the run's probe.
     * @param senders how many blasters share the receiver; each keeps its share of the window.
     */
    Blaster(final Probe probe, final int senders)
    {
        this.probe = probe;
        this.sender = probe.newSender();
        this.senders = senders;
    }

    /**
     * Send up to a batch.
     *
     * @param outlet where messages go.
     * @param limit  most to send now.
     * @return false once the run has stopped (the stop is acknowledged).
     */
    boolean send(final Outlet outlet, final int limit)
    {
        if (!probe.sending())
        {
            sender.stop();
            return false;
        }
        if (sent - probe.received() / senders >= Pacing.BLAST_WINDOW / senders)
        {
            return true;
        }
        int n = 0;
        while (n < limit && outlet.offer(TOKEN))
        {
            n++;
        }
        if (n > 0)
        {
            sent += n;
            sender.sent(n);
        }
        return true;
    }
}
