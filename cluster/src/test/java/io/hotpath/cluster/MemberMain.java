package io.hotpath.cluster;

import io.aeron.cluster.ClusterTool;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One member of the tests' three-member cluster, in a JVM of its own, driven over stdin and reporting on stdout:
 * {@code READY} once launched, {@code ROLE <role>} on each change, {@code SNAPSHOT <position> <crc32>} for each
 * snapshot; {@code snapshot} asks Aeron's ClusterTool for one (a leader takes it on every member), {@code exit} closes
 * the member. Main thread and the service's thread.
 */
public final class MemberMain
{
    private MemberMain()
    {
    }

    /**
     * @param args member id, member count, base port, directory, leader heartbeat timeout in ms, the driver's
     *             directory.
     * @throws Exception when the member cannot start.
     */
    public static void main(final String[] args) throws Exception
    {
        final int memberId = Integer.parseInt(args[0]);
        dumpThreadsOnDriverTimeout();
        final ClusterMembers members = ClusterMembers.loopback(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        final ServiceListener listener = new ServiceListener()
        {
            @Override
            public void onSnapshot(final long logPosition, final long crc32)
            {
                System.out.println("SNAPSHOT " + logPosition + " " + Long.toHexString(crc32));
            }

            @Override
            public void onRoleChange(final String role)
            {
                System.out.println("ROLE " + role);
            }
        };
        try (ClusterMember member = ClusterMember.builder(members, memberId).dir(Path.of(args[3]))
            .driverDir(Path.of(args[5])).leaderHeartbeatTimeout(Duration.ofMillis(Long.parseLong(args[4])))
            .idle("sleep")
            .termLength(128 * 1024).logTermLength(512 * 1024)
            .launch(Ledger.service(listener)))
        {
            System.out.println("READY");
            final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.equals("exit"))
            {
                if (line.equals("snapshot"))
                {
                    System.out.println("SNAPSHOT-REQUESTED " + ClusterTool.snapshot(member.clusterDir(), System.out));
                }
            }
        }
        System.out.println("CLOSED");
    }

    /** When a member's Aeron client gives up on its driver, print where every thread is: to see what held it. */
    private static void dumpThreadsOnDriverTimeout()
    {
        java.util.logging.Logger.getLogger("io.hotpath.cluster").addHandler(new java.util.logging.Handler()
        {
            @Override
            public void publish(final java.util.logging.LogRecord record)
            {
                if (String.valueOf(record.getMessage()).contains("DriverTimeoutException"))
                {
                    final StringBuilder dump = new StringBuilder("THREADS\n");
                    Thread.getAllStackTraces().forEach((thread, stack) ->
                    {
                        dump.append('"').append(thread.getName()).append("\" ").append(thread.getState()).append('\n');
                        for (final StackTraceElement frame : stack)
                        {
                            dump.append("    at ").append(frame).append('\n');
                        }
                    });
                    System.out.println(dump);
                }
            }

            @Override
            public void flush()
            {
            }

            @Override
            public void close()
            {
            }
        });
    }
}
