package io.hotpath.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where the members of a cluster listen: per member a host and five UDP ports (client ingress, consensus, log,
 * catch-up, archive control). Members and clients must be given the same list. Immutable, thread safe.
 */
public final class ClusterMembers
{
    /** Ports each member takes in {@link #loopback(int, int)}: five used, the rest left free. */
    public static final int PORTS_PER_MEMBER = 10;

    private final List<Member> members;

    /**
     * One member's endpoints.
     *
     * @param host          the host name or address the member listens on, e.g. {@code localhost}.
     * @param ingressPort   clients' messages.
     * @param consensusPort the members' consensus traffic.
     * @param logPort       the replicated log.
     * @param catchupPort   a follower catching up.
     * @param archivePort   the archive's control requests (replication between members).
     */
    public record Member(String host, int ingressPort, int consensusPort, int logPort, int catchupPort,
        int archivePort)
    {
        /**
         * Check the member's host and ports.
         *
         * @throws IllegalArgumentException when the host is blank or a port is not 1 to 65535.
         */
        public Member
        {
            Objects.requireNonNull(host, "host");
            if (host.isBlank())
            {
                throw new IllegalArgumentException("a cluster member needs a host, e.g. localhost");
            }
            for (final int port : new int[] {ingressPort, consensusPort, logPort, catchupPort, archivePort})
            {
                if (port < 1 || port > 65535)
                {
                    throw new IllegalArgumentException("cluster member on " + host + ": port " + port +
                        " is not 1 to 65535");
                }
            }
        }
    }

    private ClusterMembers(final List<Member> members)
    {
        this.members = List.copyOf(members);
    }

    /**
     * {@return members given one by one, their ids 0, 1, 2... in this order}
     *
     * @param members at least one; an odd count survives the loss of a minority.
     */
    public static ClusterMembers of(final List<Member> members)
    {
        if (members.isEmpty())
        {
            throw new IllegalArgumentException("a cluster needs at least one member");
        }
        return new ClusterMembers(members);
    }

    /**
     * {@return {@code count} members on this host's loopback, member N on ports {@code basePort + N * }
     * {@value #PORTS_PER_MEMBER} and the four after}
     *
     * @param count    members, at least one.
     * @param basePort the first port.
     */
    public static ClusterMembers loopback(final int count, final int basePort)
    {
        if (count < 1 || basePort < 1 || basePort + count * PORTS_PER_MEMBER > 65535)
        {
            throw new IllegalArgumentException("loopback members: count " + count + " from port " + basePort +
                " do not fit in 1 to 65535 (" + PORTS_PER_MEMBER + " ports each)");
        }
        final List<Member> list = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            final int base = basePort + i * PORTS_PER_MEMBER;
            list.add(new Member("localhost", base, base + 1, base + 2, base + 3, base + 4));
        }
        return new ClusterMembers(list);
    }

    /**
     * {@return the number of members}
     */
    public int size()
    {
        return members.size();
    }

    /**
     * {@return member {@code id}}
     *
     * @param id 0 to size - 1.
     */
    public Member member(final int id)
    {
        if (id < 0 || id >= members.size())
        {
            throw new IllegalArgumentException("no cluster member " + id + ": the ids are 0 to " +
                (members.size() - 1));
        }
        return members.get(id);
    }

    /**
     * {@return the members as Aeron Cluster's {@code aeron.cluster.members} lists them}
     */
    public String aeronClusterMembers()
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < members.size(); i++)
        {
            final Member m = members.get(i);
            text.append(i == 0 ? "" : "|").append(i)
                .append(',').append(m.host).append(':').append(m.ingressPort)
                .append(',').append(m.host).append(':').append(m.consensusPort)
                .append(',').append(m.host).append(':').append(m.logPort)
                .append(',').append(m.host).append(':').append(m.catchupPort)
                .append(',').append(m.host).append(':').append(m.archivePort);
        }
        return text.toString();
    }

    /**
     * {@return the clients' ingress endpoints as Aeron Cluster's {@code aeron.cluster.ingress.endpoints} lists them}
     */
    public String ingressEndpoints()
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < members.size(); i++)
        {
            text.append(i == 0 ? "" : ",").append(i).append('=').append(members.get(i).host).append(':')
                .append(members.get(i).ingressPort);
        }
        return text.toString();
    }

    @Override
    public String toString()
    {
        return "ClusterMembers[" + ingressEndpoints() + "]";
    }
}
