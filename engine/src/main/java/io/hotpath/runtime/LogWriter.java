package io.hotpath.runtime;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Writes the log lines of the engine's workers on a thread of its own ({@code hp-log}, a daemon), so a worker never
 * waits for a logging framework's I/O or locks: a line from a worker (a fault, an interrupt flag left set, a stack
 * overflow) is queued here, its text made and written by the writer. The queue is bounded; a line that finds it full
 * is counted and said in the next line written. Lines are rate-limited before they come here ({@link Logs}), so the
 * queue holds a few seconds' worth at most. The queue takes no lock: a worker may log deep in its stack (after a stack
 * overflow), where an error inside a lock's code would leave the lock held for good; the writer looks for lines every
 * {@link #POLL_NS}, so a worker never wakes it (no system call). Thread safe.
 */
final class LogWriter implements Runnable
{
    private static final int CAPACITY = 1024;
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final LogWriter INSTANCE = new LogWriter();

    /** One line to write. */
    private record Line(Logger logger, Level level, Supplier<String> message, Throwable error)
    {
    }

    private final ConcurrentLinkedQueue<Line> queue = new ConcurrentLinkedQueue<>();
    /** Lines queued and not yet written, taken into account before a line is queued: the queue's bound. */
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong overflowed = new AtomicLong();
    private Thread thread;

    private LogWriter()
    {
    }

    /** Start the writer, if it has not been: the engine calls this at start, so no worker ever starts a thread. */
    static void start()
    {
        INSTANCE.startOnce();
    }

    private synchronized void startOnce()
    {
        if (thread == null)
        {
            thread = new Thread(this, "hp-log");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /**
     * Queue a line for the writer.
     *
     * @param message made by the writer, when it writes the line.
     * @param error   may be null.
     */
    static void write(final Logger logger, final Level level, final Supplier<String> message, final Throwable error)
    {
        INSTANCE.offer(new Line(logger, level, message, error));
    }

    private void offer(final Line line)
    {
        if (thread == null)
        {
            startOnce();
        }
        if (pending.incrementAndGet() > CAPACITY)
        {
            pending.decrementAndGet();
            overflowed.incrementAndGet();
            return;
        }
        queue.offer(line);
    }

    /**
     * Wait until every line queued so far has been written, or the time is up: at close and at shutdown, so what a
     * worker logged comes out before the JVM ends.
     *
     * @param timeoutNs most time to wait.
     */
    static void flush(final long timeoutNs)
    {
        final long startNs = System.nanoTime();
        while (INSTANCE.pending.get() != 0 && System.nanoTime() - startNs < timeoutNs)
        {
            LockSupport.parkNanos(POLL_NS / 10);
        }
    }

    @Override
    public void run()
    {
        while (true)
        {
            final Line line = queue.poll();
            if (line == null)
            {
                LockSupport.parkNanos(POLL_NS);
                continue;
            }
            try
            {
                writeNow(line);
            }
            finally
            {
                pending.decrementAndGet();
            }
        }
    }

    private void writeNow(final Line line)
    {
        try
        {
            final long lost = overflowed.getAndSet(0);
            final String text = lost == 0 ? line.message().get() :
                line.message().get() + " (" + lost + " lines left out before this one: the log queue was full)";
            if (line.error() == null)
            {
                line.logger().log(line.level(), text);
            }
            else
            {
                line.logger().log(line.level(), text, line.error());
            }
        }
        catch (final RuntimeException | LinkageError ex)
        {
            // a logging framework that throws must not end the writer
            System.err.println("hotpath: could not write a log line: " + ex);
        }
    }
}
