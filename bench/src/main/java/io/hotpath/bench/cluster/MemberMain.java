package io.hotpath.bench.cluster;

import io.hotpath.cluster.ClusterMembers;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One member of the cluster row, in a JVM of its own that the row starts ({@link MemberProcess}), driven over its
 * standard input and reporting on its standard output: {@code READY} once launched, {@code ROLE <role>} on each
 * change; {@code stats} asks for the service thread's counts ({@code STATS ...}, {@link ServiceTally.Snapshot}); the
 * member closes on {@code exit} or when its input ends (the row's JVM has gone), then says {@code CLOSED}. The main
 * thread reads the input; Aeron's agents run on threads of their own.
 */
public final class MemberMain
{
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
        final MemberWiring member = MemberWiring.launch(members, memberId, Path.of(args[3]), Path.of(args[4]),
            args[5], service);
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
