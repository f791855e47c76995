package io.hotpath.remote.transport;

import io.aeron.ExclusivePublication;
import io.hotpath.remote.NodeAddress;

import java.util.ArrayDeque;
import java.util.ArrayList;

/**
 * Another node's address as the control agent knows it: the control publication to it (kept for the node's life),
 * its current session if any, and the resolves waiting for it. Control agent only.
 */
final class Peer
{
    final NodeAddress address;
    final long controlRegistration;
    ExclusivePublication control;
    Session session;
    final ArrayList<ResolveRequest> resolves = new ArrayList<>();
    /** Control frames that found the publication not connected or pushing back, in order. */
    final ArrayDeque<byte[]> outbox = new ArrayDeque<>();
    boolean helloDue;

    Peer(final NodeAddress address, final long controlRegistration)
    {
        this.address = address;
        this.controlRegistration = controlRegistration;
    }

    /** @return true while the control agent has something to do for this peer every duty cycle. */
    boolean needsProgress()
    {
        return control == null || helloDue || !outbox.isEmpty() ||
            session != null && session.state == Session.HANDSHAKE;
    }
}
