package io.hotpath.cluster;

/**
 * Told of what happens to an {@link ActorService} on one member, on the service's thread: keep it short and
 * deterministic-neutral (it must not change the actors' state). For operations and tests, e.g. comparing the members'
 * state by the CRC-32 of their snapshots taken at the same log position.
 */
public interface ServiceListener
{
    /**
     * A snapshot was written.
     *
     * @param logPosition the log position it was taken at; every member takes it at the same one.
     * @param crc32       the CRC-32 of the service's state as written: equal on members with equal state.
     */
    default void onSnapshot(final long logPosition, final long crc32)
    {
    }

    /**
     * The member's role changed.
     *
     * @param role {@code LEADER}, {@code FOLLOWER} or {@code CANDIDATE}, as Aeron Cluster names it.
     */
    default void onRoleChange(final String role)
    {
    }
}
