package io.hotpath.bench.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.hotpath.cluster.ActorService;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.TimeUnit;

/**
 * The members' clustered service in the cluster row: Hotpath's {@link ActorService} hosting the echo actor, and beside
 * it raw Aeron Cluster's own echo, which offers each raw message back to its session as it arrives. One cluster, one
 * log, the same sessions' settings: a client's Hotpath asks and its raw messages alternate through the same members.
 * A raw message is told apart by its first byte ({@link RawEcho#MARK}); every other message is the ActorService's,
 * whose messages begin with a kind from 1 to 4. NOT thread safe: Aeron's service thread calls it.
 * <p>
 * It counts, for each of the two, the messages it applied and the bytes its thread allocated while they were the
 * kind being applied ({@link ServiceTally}), so a member can tell what a message cost its service thread in the steady
 * state.
 */
final class EchoService implements ClusteredService
{
    /** Attempts to offer an echo to a session that pushes back, as the ActorService's own egress makes. */
    private static final int MAX_ATTEMPTS = 100_000;

    private final ActorService actors;
    private final ServiceTally tally;
    private final RoleListener roles;
    private Cluster cluster;

    /** Told of the member's role on the service's thread. */
    @FunctionalInterface
    interface RoleListener
    {
        /** @param role the member's new role. */
        void onRoleChange(Cluster.Role role);
    }

    /**
     * @param actors the Hotpath service, fresh for this start.
     * @param tally  counts what each kind of message cost the service's thread.
     * @param roles  told of role changes.
     */
    EchoService(final ActorService actors, final ServiceTally tally, final RoleListener roles)
    {
        this.actors = actors;
        this.tally = tally;
        this.roles = roles;
    }

    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
        tally.start(Thread.currentThread());
        actors.onStart(cluster, snapshotImage);
    }

    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
        actors.onSessionOpen(session, timestamp);
    }

    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
        actors.onSessionClose(session, timestamp, closeReason);
    }

    @Override
    public void onSessionMessage(final ClientSession session, final long timestamp, final DirectBuffer buffer,
        final int offset, final int length, final Header header)
    {
        if (length == RawEcho.LENGTH && buffer.getByte(offset) == RawEcho.MARK)
        {
            tally.applying(ServiceTally.RAW);
            echo(session, buffer, offset, length);
        }
        else
        {
            tally.applying(ServiceTally.HOTPATH);
            actors.onSessionMessage(session, timestamp, buffer, offset, length, header);
        }
    }

    /** Offer the raw message back; a follower's offer is Aeron's no-op, the leader's goes out on the egress. */
    private void echo(final ClientSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        final IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
        {
            final long result = session.offer(buffer, offset, length);
            if (result > 0 || result == Publication.NOT_CONNECTED || result == Publication.CLOSED ||
                result == Publication.MAX_POSITION_EXCEEDED)
            {
                return;
            }
            idle.idle();
        }
        // the client's raw round trip then ends by its timeout, which the row reports
        System.out.println("ECHO-DROPPED session " + session.id() + " pushed back " + MAX_ATTEMPTS + " times");
    }

    @Override
    public void onTimerEvent(final long correlationId, final long timestamp)
    {
        actors.onTimerEvent(correlationId, timestamp);
    }

    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        actors.onTakeSnapshot(snapshotPublication);
    }

    @Override
    public void onRoleChange(final Cluster.Role newRole)
    {
        roles.onRoleChange(newRole);
        actors.onRoleChange(newRole);
    }

    @Override
    public void onTerminate(final Cluster cluster)
    {
        actors.onTerminate(cluster);
    }

    @Override
    public void onNewLeadershipTermEvent(final long leadershipTermId, final long logPosition, final long timestamp,
        final long termBaseLogPosition, final int leaderMemberId, final int logSessionId, final TimeUnit timeUnit,
        final int appVersion)
    {
        actors.onNewLeadershipTermEvent(leadershipTermId, logPosition, timestamp, termBaseLogPosition, leaderMemberId,
            logSessionId, timeUnit, appVersion);
    }

    @Override
    public int doBackgroundWork(final long nowNs)
    {
        return actors.doBackgroundWork(nowNs);
    }
}
