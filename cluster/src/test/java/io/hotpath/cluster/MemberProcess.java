package io.hotpath.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A {@link MemberMain} JVM started with the test's classpath, small, with Aeron's flag; talked to over stdin and
 * stdout. Keeps the member's last role. Every wait is bounded; kill() is kill -9. Thread safe.
 */
final class MemberProcess implements AutoCloseable
{
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(90);

    final int memberId;
    private final Process process;
    private final PrintWriter in;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<String> snapshots = new LinkedBlockingQueue<>();
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
            throw new UncheckedIOException(ex);
        }
        in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        final Thread reader = new Thread(() ->
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
                    if (line.startsWith("SNAPSHOT "))
                    {
                        snapshots.add(line);
                    }
                    lines.add(line);
                }
            }
            catch (final IOException ex)
            {
                lines.add("EOF " + ex);
            }
            lines.add("EOF");
        }, "member-" + memberId + "-out");
        reader.setDaemon(true);
        reader.start();
    }

    /** Start member {@code memberId} and wait until it is launched. */
    static MemberProcess start(final int memberId, final int count, final int basePort, final Path dir,
        final long heartbeatTimeoutMs)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xms64m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"));
        // a loaded two-CPU machine can starve a member's threads for seconds: Aeron's clients and driver here wait
        // longer for each other than their defaults before they give up on the member
        command.addAll(List.of("-Daeron.driver.timeout=30000", "-Daeron.client.liveness.timeout=30000000000",
            "-Daeron.publication.unblock.timeout=40000000000"));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MemberMain.class.getName()));
        command.addAll(List.of(String.valueOf(memberId), String.valueOf(count), String.valueOf(basePort),
            dir.toString(), String.valueOf(heartbeatTimeoutMs), TestPlaces.driverDir(dir).toString()));
        final MemberProcess member = new MemberProcess(memberId, command);
        member.expect("READY");
        return member;
    }

    boolean isLeader()
    {
        return process.isAlive() && role.equals("LEADER");
    }

    void send(final String command)
    {
        in.println(command);
    }

    /** Wait for a line starting with the prefix; fails with the transcript when none comes in time. */
    String expect(final String prefix)
    {
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        try
        {
            while (true)
            {
                final String line = lines.poll(Math.max(1, deadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null)
                {
                    fail("member " + memberId + " did not say " + prefix + " in time; it said:\n" + transcript);
                }
                if (line.startsWith(prefix))
                {
                    return line;
                }
                if (line.startsWith("EOF"))
                {
                    fail("member " + memberId + " ended before saying " + prefix + ":\n" + transcript);
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** {@return the next {@code SNAPSHOT <position> <crc32>} report} */
    String nextSnapshot() throws InterruptedException
    {
        final String report = snapshots.poll(WAIT_NS, TimeUnit.NANOSECONDS);
        if (report == null)
        {
            fail("member " + memberId + " reported no snapshot in time; it said:\n" + transcript);
        }
        return report;
    }

    /** kill -9. */
    void kill()
    {
        process.destroyForcibly();
        try
        {
            process.waitFor(30, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    String transcript()
    {
        return transcript.toString();
    }

    @Override
    public void close()
    {
        if (process.isAlive())
        {
            in.println("exit");
            try
            {
                if (!process.waitFor(20, TimeUnit.SECONDS))
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
}
