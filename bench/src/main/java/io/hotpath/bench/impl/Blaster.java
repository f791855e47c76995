package io.hotpath.bench.impl;

import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;

/**
 * A sender that sends as fast as its outlet takes messages, a batch per call. Every message is the same token, so
 * nothing is allocated or re-used while in flight. With a window it also stays that far ahead of the receiver at
 * most (for a thread sending into Pekko's unbounded mailboxes); bounded queues need none. In a paired blast it joins
 * the floor, before a batch, when its receiver asks. Padded: it is allocated on the setting-up thread next to the
 * receiver's objects. NOT thread safe: owned by the sending thread.
 */
final class Blaster extends BlasterFields
{
    /** What {@link #send} returns once the run has stopped. */
    static final int STOPPED = -1;

    private final Probe probe;
    private final ProbeSender sender;
    private final Envelope token;
    private final int senders;
    private final int window;
    private final FloorSlices floor;
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;

    /**
     * @param probe   the run's probe; the sender registers now, on the setting-up thread.
     * @param token   the message this sender sends, over and over.
     * @param senders how many senders share the receiver; each keeps its share of the window.
     * @param window  most messages in flight over all senders, or 0 for no window.
     */
    Blaster(final Probe probe, final Envelope token, final int senders, final int window)
    {
        this(probe, token, senders, window, null);
    }

    /**
     * @param probe   the run's probe; the sender registers now, on the setting-up thread.
     * @param token   the message this sender sends, over and over.
     * @param senders how many senders share the receiver; each keeps its share of the window.
     * @param window  most messages in flight over all senders, or 0 for no window.
     * @param floor   the floor slices this sender joins when its receiver asks (a paired blast), or null.
     */
    Blaster(final Probe probe, final Envelope token, final int senders, final int window, final FloorSlices floor)
    {
        this.floor = floor;
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
        if (floor != null)
        {
            floor.joinIfRequested(sent);
        }
        if (window > 0 && sent - probe.received() / senders >= window / senders)
        {
            return 0;
        }
        int n = 0;
        while (n < limit)
        {
            if (!outlet.offer(token))
            {
                sender.refused();
                break;
            }
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

/** Padding before the sender's state. */
abstract class BlasterPad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** The sender's count, written with each batch. */
abstract class BlasterFields extends BlasterPad
{
    long sent;
}
