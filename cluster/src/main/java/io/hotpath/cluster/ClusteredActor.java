package io.hotpath.cluster;

import io.hotpath.Actor;

/**
 * A message actor hosted by an {@link ActorService} on every member of a cluster: it handles the messages of the
 * cluster's log in log order, on the service's thread, and its whole state can be written into a snapshot and read
 * back. NOT thread safe: called by the service's thread only.
 * <p>
 * Determinism: every member runs the same actors on the same messages, so each handler must compute its state from
 * the messages and {@link ClusterContext#timeNs()} alone: no wall clock, no random numbers without a seed kept in
 * the state, no I/O, no threads, no iteration over a hash of identities. See docs/CLUSTER.md.
 *
 * @param <M> the type of message handled.
 * @param <S> the type of the state written into snapshots; the service's codecs must hold a codec for it.
 */
public interface ClusteredActor<M, S> extends Actor<M>
{
    /**
     * {@return the actor's whole state, to be written into a snapshot} Called between messages; the service encodes
     * it at once, so it may be a reused object.
     */
    S snapshot();

    /**
     * Take the state read from a snapshot, before any message of the log after it. Called at most once, right after
     * the factory made this instance.
     *
     * @param state as {@link #snapshot()} returned it on the member that took the snapshot, decoded by its codec.
     */
    void restore(S state);
}
