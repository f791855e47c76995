package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import io.hotpath.Reply;

/**
 * A resolve waiting for its node to answer: a message to the control worker, then its state there (control worker
 * only).
 */
final class ResolveRequest
{
    final RemoteRef<Object> ref;
    final Reply<ActorRef<Object>> reply;
    final long deadlineNs;
    long requestId;
    Session sentOn;

    ResolveRequest(final RemoteRef<Object> ref, final Reply<ActorRef<Object>> reply, final long deadlineNs)
    {
        this.ref = ref;
        this.reply = reply;
        this.deadlineNs = deadlineNs;
    }
}
