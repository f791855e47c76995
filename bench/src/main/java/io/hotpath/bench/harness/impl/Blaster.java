package io.hotpath.bench.harness.impl;

import io.hotpath.bench.harness.Probe;

/**
 * A sender that sends as fast as its outlet takes messages, a batch per call. Every message is the same token, so
 * nothing is allocated or re-used while in flight. With a window it also stays that far ahead of the receiver at
 * most (for a thread sending into Pekko's unbounded mailboxes); bounded queues need none. NOT thread safe: owned by
 * the sending thread.
 */
final class Blaster
{
    /** What {@link #send} returns once the run has stopped. */
    static final int STOPPED = -1;

    private final Probe probe;
    private final Probe.Sender sender;
    private final Envelope token;
    private final int senders;
    private final int window;
    private long sent;

    /**
     * @param probe   the run's probe; the sender registers now, on the setting-up thread.
     * @param token   the message this sender sends, over and over.
     * @param senders how many senders share the receiver; each keeps its share of the window.
     * @param window  most messages in flight over all senders, or 0 for no window.
     */
    Blaster(final Probe probe, final Envelope token, final int senders, final int window)
    {
        this.probe = probe;
        this.sender = probe.newSender();
        this.token = token;
        this.senders = senders;
        this.window = window;
    }

    /**
     * Send up to {@code limit}, fewer when the outlet is full or the window is used up.
     *
     * @param outlet where messages go.
     * @param limit  most to send now.
     * @return how many were sent, or {@link #STOPPED} once the run has stopped (the stop is acknowledged).
     */
    int send(final Outlet outlet, final int limit)
    {
        if (!probe.sending())
        {
            sender.stop();
            return STOPPED;
        }
        if (window > 0 && sent - probe.received() / senders >= window / senders)
        {
            return 0;
        }
        int n = 0;
        while (n < limit && outlet.offer(token))
        {
            n++;
        }
        if (n > 0)
        {
            sent += n;
            sender.sent(n);
        }
        return n;
    }
}
