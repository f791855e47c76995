package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.hotpath.remote.NodeAddress;
import org.agrona.collections.LongHashSet;

import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * Another node's address as the control worker knows it: the control publication to it (kept for the node's
 * life), its current session if any, the incarnations of it that were lost (never talked to again), and the
 * resolves waiting for it. Control worker only.
 */
final class Peer
{
    final NodeAddress address;
    final long controlRegistration;
    ExclusivePublication control;
    Session session;
    final LongHashSet quarantined = new LongHashSet();
    final ArrayList<ResolveRequest> resolves = new ArrayList<>();
    /** Control frames that found the publication not connected or pushing back, in order. */
    final ArrayDeque<byte[]> outbox = new ArrayDeque<>();
    boolean helloDue;

    Peer(final NodeAddress address, final long controlRegistration)
    {
        this.address = address;
        this.controlRegistration = controlRegistration;
    }

    /** @return true while the control worker has something to do for this peer every duty cycle. */
    boolean needsProgress()
    {
        return control == null || helloDue || !outbox.isEmpty() ||
            session != null && session.state == Session.HANDSHAKE;
    }
}
