package io.hotpath.bench.impl;

/**
 * Where a sender puts a message: an actor's offer, a queue's offer, a ring buffer's publish. Called by the one
 * sending thread.
 */
@FunctionalInterface
interface Outlet
{
    /**
     * @param message not null.
     * @return false when there is no room now; the sender tries again later.
     */
    boolean offer(Envelope message);
}
