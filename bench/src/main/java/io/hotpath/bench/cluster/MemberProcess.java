package io.hotpath.bench.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link MemberMain} JVM started with this JVM's class path and collector, and Aeron's flag; talked to over its
 * standard input and output, which a thread of its own reads into a transcript. Keeps the member's last role. Every
 * wait is bounded, and a member that does not close when told is killed. Thread safe.
 */
final class MemberProcess implements AutoCloseable
{
    /** The member JVMs' flags besides the collector: a small fixed heap, Aeron's flag. */
    static final List<String> FLAGS = List.of("-Xms256m", "-Xmx256m",
        "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        // a loaded two-CPU machine can starve a member's threads for seconds: Aeron's clients and driver here wait
        // longer for each other than their defaults before they give up, as in the cluster module's tests
        "-Daeron.driver.timeout=30000", "-Daeron.client.liveness.timeout=30000000000",
        "-Daeron.publication.unblock.timeout=40000000000");
    /**
     * An environment variable whose words are added to the member JVMs' flags, e.g. to record them with JFR; an
     * environment variable, as the harness's own JVMs pass it on to theirs.
     */
    static final String EXTRA_FLAGS = "HOTPATH_BENCH_MEMBER_FLAGS";
    private static final long CLOSE_WAIT_S = 20;

    final int memberId;
    private final Process process;
    private final PrintWriter in;
    private final LinkedBlockingQueue<String> replies = new LinkedBlockingQueue<>();
    private final StringBuffer transcript = new StringBuffer();
    private volatile String role = "";

    private MemberProcess(final int memberId, final List<String> command)
    {
        this.memberId = memberId;
        try
        {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot start cluster member " + memberId + "'s JVM: " + ex, ex);
        }
        in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        final Thread reader = new Thread(this::read, "cluster-member-" + memberId + "-out");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Start a member's JVM; it launches the member and says READY, which {@link #expect} waits for.
     *
     * @param memberId  the member's id.
     * @param count     members in the cluster.
     * @param basePort  the members' first port.
     * @param dir       the member's directory.
     * @param driverDir its driver's directory.
     * @param idle      how its agents idle.
     * @return the running process.
     */
    static MemberProcess start(final int memberId, final int count, final int basePort, final Path dir,
        final Path driverDir, final String idle)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FLAGS);
        command.addAll(collector());
        final String extra = System.getenv(EXTRA_FLAGS);
        if (extra != null && !extra.isBlank())
        {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MemberMain.class.getName()));
        command.addAll(List.of(String.valueOf(memberId), String.valueOf(count), String.valueOf(basePort),
            dir.toString(), driverDir.toString(), idle));
        return new MemberProcess(memberId, command);
    }

    /** {@return this JVM's choice of collector, for the members to run the same} */
    private static List<String> collector()
    {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(arg -> arg.startsWith("-XX:+Use") && arg.endsWith("GC"))
            .toList();
    }

    private void read()
    {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = out.readLine()) != null)
            {
                transcript.append(line).append('\n');
                if (line.startsWith("ROLE "))
                {
                    role = line.substring(5);
                }
                else if (line.startsWith("READY") || line.startsWith("STATS ") || line.startsWith("CLOSED"))
                {
                    replies.add(line);
                }
            }
        }
        catch (final IOException ex)
        {
            transcript.append("(output unreadable: ").append(ex).append(")\n");
        }
        replies.add("EOF");
    }

    /** {@return true while the member's JVM runs and it is the leader} */
    boolean isLeader()
    {
        return process.isAlive() && role.equals("LEADER");
    }

    /** {@return the member's last role, or an empty string before its first} */
    String role()
    {
        return role;
    }

    /** {@return true while the member's JVM runs} */
    boolean isAlive()
    {
        return process.isAlive();
    }

    /**
     * Wait for the member's next reply that starts with the prefix.
     *
     * @param prefix  e.g. {@code READY}.
     * @param timeout how long, in ns.
     * @return the line.
     * @throws IllegalStateException with the member's transcript, when none comes in time or the member ends.
     */
    String expect(final String prefix, final long timeout)
    {
        final long deadlineNs = System.nanoTime() + timeout;
        try
        {
            while (true)
            {
                final String line = replies.poll(Math.max(1, deadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null)
                {
                    throw new IllegalStateException("cluster member " + memberId + " did not say " + prefix +
                        " within " + TimeUnit.NANOSECONDS.toSeconds(timeout) + " s; it said:\n" + transcript);
                }
                if (line.startsWith(prefix))
                {
                    return line;
                }
                if (line.equals("EOF"))
                {
                    replies.add(line);
                    throw new IllegalStateException("cluster member " + memberId + " ended before saying " + prefix +
                        ":\n" + transcript);
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for cluster member " + memberId, ex);
        }
    }

    /**
     * Ask the member for its service thread's counts.
     *
     * @param timeout how long to wait, in ns.
     * @return its counts.
     */
    ServiceTally.Snapshot stats(final long timeout)
    {
        in.println("stats");
        return ServiceTally.Snapshot.parse(expect("STATS ", timeout));
    }

    /** {@return what the member has printed} */
    String transcript()
    {
        return transcript.toString();
    }

    /** Tell the member to close and wait for its JVM to end; kill it (kill -9) when it does not in time. */
    @Override
    public void close()
    {
        if (process.isAlive())
        {
            in.println("exit");
            try
            {
                if (!process.waitFor(CLOSE_WAIT_S, TimeUnit.SECONDS))
                {
                    kill();
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                kill();
            }
        }
    }

    /** kill -9, and wait for the JVM to end. */
    void kill()
    {
        process.destroyForcibly();
        try
        {
            process.waitFor(CLOSE_WAIT_S, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
