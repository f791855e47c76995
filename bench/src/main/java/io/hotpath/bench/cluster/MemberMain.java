package io.hotpath.bench.cluster;

import io.hotpath.cluster.ClusterMember;
import io.hotpath.cluster.ClusterMembers;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One member of the cluster row, in a JVM of its own that the row starts ({@link MemberProcess}), driven over its
 * standard input and reporting on its standard output: {@code READY} once launched, {@code ROLE <role>} on each
 * change; {@code stats} asks for the service thread's counts ({@code STATS ...}, {@link ServiceTally.Snapshot}); the
 * member closes on {@code exit} or when its input ends (the row's JVM has gone), then says {@code CLOSED}. The main
 * thread reads the input; Aeron's agents run on threads of their own.
 * <p>
 * The member is wired by {@link ClusterMember} with its defaults (an embedded driver and an archive on shared
 * threads, its term lengths, channels and session timeout), hosting the row's {@link EchoService}; the row names the
 * idle strategy, and the leader heartbeat timeout is that of the tests and the example, so that three members
 * starting together elect a leader at once.
 */
public final class MemberMain
{
    /** As the tests' and the example's members. */
    static final Duration LEADER_HEARTBEAT_TIMEOUT = Duration.ofSeconds(2);

    private MemberMain()
    {
    }

    /**
     * @param args member id, member count, base port, the member's directory, the driver's directory, how its agents
     *             idle.
     * @throws Exception when the member cannot start.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args.length != 6)
        {
            throw new IllegalArgumentException("usage: MemberMain <member id> <members> <base port> <dir> " +
                "<driver dir> <idle strategy>");
        }
        final int memberId = Integer.parseInt(args[0]);
        final ClusterMembers members = ClusterMembers.loopback(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        final ServiceTally tally = new ServiceTally();
        final EchoService service = new EchoService(EchoActor.service(), tally,
            role -> System.out.println("ROLE " + role));
        final ClusterMember member = ClusterMember.builder(members, memberId).dir(Path.of(args[3]))
            .driverDir(Path.of(args[4])).idle(args[5]).leaderHeartbeatTimeout(LEADER_HEARTBEAT_TIMEOUT).launch(service);
        try
        {
            System.out.println("READY");
            final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.equals("exit"))
            {
                if (line.equals("stats"))
                {
                    System.out.println(tally.read().line());
                }
            }
        }
        finally
        {
            member.close();
        }
        System.out.println("CLOSED");
    }
}
