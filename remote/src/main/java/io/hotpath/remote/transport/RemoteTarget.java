package io.hotpath.remote.transport;

/**
 * One actor published on a peer, as one session reaches it: its export id and worker there, whether its mailbox is
 * congested now, and what each worker of this node holds for it meanwhile. Every ref resolved to that actor in that
 * session shares it. Internal.
 * <p>
 * Owners: the control agent makes it (a lookup's result) before any ref bound to it is handed out. {@link #congested}
 * is written by the worker that takes the peer's congestion notices and read by every sender (a volatile pair: a
 * sender that sees it set applies its full-queue policy at the source). Element {@code w} of {@link #holds} belongs
 * to worker {@code w}.
 */
final class RemoteTarget
{
    final Session session;
    final int exportId;
    final int worker;
    /** The actor's mailbox on its node is above its capacity: send nothing more to it until it has caught up. */
    volatile boolean congested;
    /** Per worker of this node: what it holds for the actor while it is congested (the wait policy), in order. */
    final Backlog[] holds;
    /**
     * The exceptions that fail asks to the actor, per dead-letter reason, when stack traces are off ({@link
     * Failures}); made on first need by any thread (a race makes one twice, harmlessly).
     */
    volatile io.hotpath.UndeliveredException[] undelivered;
    /** The exceptions that refuse sends to the actor, per kind of refusal ({@link Failures#queueFull}), the same way. */
    volatile io.hotpath.QueueFullException[] refusals;
    /** The last timeout exception made for the actor, shared the same way, with the timeout it names. */
    volatile TimedOut lastTimeout;

    /**
     * A timeout exception and the timeout it names, read and written as one.
     *
     * @param timeoutNs the ask's timeout.
     * @param exception the exception.
     */
    record TimedOut(long timeoutNs, io.hotpath.AskTimeoutException exception)
    {
    }

    RemoteTarget(final Session session, final int exportId, final int worker, final int localWorkers)
    {
        this.session = session;
        this.exportId = exportId;
        this.worker = worker;
        this.holds = new Backlog[localWorkers];
    }

    @Override
    public String toString()
    {
        return "RemoteTarget[export " + exportId + " on worker " + worker + " of " + session.address +
            (congested ? ", congested" : "") + "]";
    }
}
