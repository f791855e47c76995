package io.hotpath.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A {@link RemoteChild} JVM started with the test's classpath (optionally inside a network namespace), talked to
 * over its stdin and stdout. Every wait is bounded; close() kills what is left.
 */
final class ChildNode implements AutoCloseable
{
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(60);

    private final Process process;
    private final PrintWriter in;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuilder transcript = new StringBuilder();
    private boolean paused;
    /** The line the child said when its node was up: {@code READY <incarnation>}. */
    String ready;

    private ChildNode(final List<String> command)
    {
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
                    lines.add(line);
                }
            }
            catch (final IOException ex)
            {
                lines.add("EOF " + ex);
            }
        }, "child-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** The java command of a child: this JVM's java and classpath; {@code withFlag} adds Aeron's add-opens. */
    static List<String> java(final boolean withFlag, final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xms256m");
        command.add("-Xmx256m");
        if (withFlag)
        {
            command.add("--add-opens");
            command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(RemoteChild.class.getName());
        command.addAll(List.of(args));
        return command;
    }

    static ChildNode start(final List<String> command)
    {
        return new ChildNode(command);
    }

    /** A node at the address, with N traffic actors; waits until it is ready. */
    static ChildNode node(final List<String> prefix, final String address, final int actors,
        final long failureTimeoutNs, final double loss)
    {
        final List<String> command = new ArrayList<>(prefix);
        command.addAll(java(true, address, String.valueOf(actors), String.valueOf(failureTimeoutNs),
            String.valueOf(loss)));
        final ChildNode child = new ChildNode(command);
        child.ready = child.expect("READY");
        return child;
    }

    /** Send a command and wait for the line that answers it. */
    String call(final String command, final String answerPrefix)
    {
        in.println(command);
        return expect(answerPrefix);
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
                    fail("child did not say " + prefix + " in time; it said:\n" + transcript);
                }
                transcript.append(line).append('\n');
                if (line.startsWith(prefix))
                {
                    return line;
                }
                if (line.startsWith("EOF") || line.startsWith("Exception in thread"))
                {
                    fail("child failed before saying " + prefix + ":\n" + transcript);
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** A report's value by name, e.g. {@code received}. */
    static long value(final String report, final String name)
    {
        for (final String word : report.split(" "))
        {
            if (word.startsWith(name + "="))
            {
                return Long.parseLong(word.substring(name.length() + 1));
            }
        }
        throw new IllegalArgumentException(name + " not in " + report);
    }

    static boolean done(final String report)
    {
        return report.contains("done=true");
    }

    /**
     * Stop the child's process (SIGSTOP), as a long GC pause or a debugger would: every thread of it halts. Returns
     * once every thread of it is seen stopped: {@code kill} returns when the signal is sent, and a thread of the
     * child may still run a moment after, enough to answer a message sent right after this call.
     */
    void pause()
    {
        signal("-STOP");
        paused = true;
        awaitStopped();
    }

    private void awaitStopped()
    {
        final Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        while (!allStopped(tasks))
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                fail("the child " + process.pid() + " did not stop within 60 s of SIGSTOP");
            }
            Thread.onSpinWait();
        }
    }

    /** Whether every thread in /proc/PID/task is in state T (stopped); the state follows the name's closing ')'. */
    private static boolean allStopped(final Path tasks)
    {
        try (var stream = Files.list(tasks))
        {
            return stream.allMatch(task ->
            {
                try
                {
                    final String stat = Files.readString(task.resolve("stat"));
                    return stat.charAt(stat.lastIndexOf(')') + 2) == 'T';
                }
                catch (final IOException ex)
                {
                    return true; // the thread has exited
                }
            });
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + tasks + " to see the child stopped", ex);
        }
    }

    /** Let a stopped child run again (SIGCONT). */
    void resume()
    {
        signal("-CONT");
        paused = false;
    }

    private void signal(final String signal)
    {
        try
        {
            final Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(20, TimeUnit.SECONDS) || kill.exitValue() != 0)
            {
                fail("kill " + signal + " " + process.pid() + " failed");
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
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
        if (paused && process.isAlive())
        {
            resume();
        }
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
