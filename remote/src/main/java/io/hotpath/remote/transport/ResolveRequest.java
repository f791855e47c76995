package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import io.hotpath.Reply;

/**
 * A resolve waiting for its node to answer: a command to the control agent, then its state there (control agent
 * only).
 */
final class ResolveRequest
{
    final RemoteRef<Object> ref;
    final Reply<ActorRef<Object>> reply;
    /** The asking thread's worker, where the reply is completed; -1 for a thread outside the engine. */
    final int worker;
    /** When it fails; put off by a pause of this process, so that the pause is not charged to the peer. */
    long deadlineNs;
    long requestId;
    Session sentOn;

    ResolveRequest(final RemoteRef<Object> ref, final Reply<ActorRef<Object>> reply, final int worker,
        final long deadlineNs)
    {
        this.ref = ref;
        this.reply = reply;
        this.worker = worker;
        this.deadlineNs = deadlineNs;
    }
}
