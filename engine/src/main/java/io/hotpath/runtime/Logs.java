package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.FaultPolicy;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The engine's logs: one {@link System.Logger} per concern, so a service routes them where it likes (to SLF4J, to
 * java.util.logging) with no logging dependency here. What can repeat at message rate (a handler that throws on
 * every message) is rate-limited per concern: at most {@value #LINES_PER_SECOND} lines a second, and the next line
 * after a quiet spell says how many were left out. A worker's lines are written by the {@link LogWriter}'s thread,
 * never by the worker. Thread safe.
 */
public final class Logs
{
    /** Faults of handlers and hooks, and listeners that threw. */
    public static final Logs FAULTS = new Logs("io.hotpath.faults");
    /** Dead-letter listeners that threw. */
    public static final Logs DEAD_LETTERS = new Logs("io.hotpath.deadletters");
    /** Workers that could not be pinned. */
    public static final Logs AFFINITY = new Logs("io.hotpath.affinity");
    /** What a worker noticed about its own thread: interrupt flags left set, stack overflows. */
    public static final Logs WORKERS = new Logs("io.hotpath.workers");
    /** Turns that ran longer than {@code stall.thresholdNs}, with the stuck worker's stack. */
    public static final Logs STALLS = new Logs("io.hotpath.stalls");
    /** What close could not deliver, and the shutdown hook. */
    public static final Logs CLOSE = new Logs("io.hotpath.close");

    /** Most lines a concern writes in a second. */
    public static final int LINES_PER_SECOND = 10;
    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);

    private final Logger logger;
    /** The second (of System.nanoTime) the count below is for, and lines written or left out in it. */
    private final AtomicLong second = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong inSecond = new AtomicLong();
    private final AtomicLong suppressed = new AtomicLong();

    private Logs(final String name)
    {
        this.logger = System.getLogger(name);
    }

    /**
     * @return the logger's name.
     */
    public String name()
    {
        return logger.getName();
    }

    /**
     * Log a line unless this concern has written its share this second.
     *
     * @param level   the level.
     * @param message made only when the line is written.
     */
    public void log(final Level level, final Supplier<String> message)
    {
        log(level, message, null);
    }

    /**
     * Log a line with an exception unless this concern has written its share this second.
     *
     * @param level   the level.
     * @param message made only when the line is written.
     * @param error   its stack trace goes with the line; may be null.
     */
    public void log(final Level level, final Supplier<String> message, final Throwable error)
    {
        log(level, message, error, onWorker());
    }

    /**
     * Log a line on the calling thread, never through the log thread: for the close and the shutdown hook, which run
     * on a thread of their own (never a worker's: a close called from a worker runs on {@code hp-closer}), whose lines
     * must be written before they return.
     *
     * @param level   the level.
     * @param message made only when the line is written.
     */
    public void logHere(final Level level, final Supplier<String> message)
    {
        log(level, message, null, false);
    }

    private void log(final Level level, final Supplier<String> message, final Throwable error, final boolean queued)
    {
        if (!logger.isLoggable(level) || !admit())
        {
            return;
        }
        final long left = suppressed.getAndSet(0);
        final Supplier<String> text = left == 0 ? message :
            () -> message.get() + " (" + left + " similar lines left out before this one)";
        if (queued)
        {
            LogWriter.write(logger, level, text, error);
        }
        else if (error == null)
        {
            logger.log(level, text.get());
        }
        else
        {
            logger.log(level, text.get(), error);
        }
    }

    /**
     * A worker never writes a log line itself ({@link LogWriter}): a logging framework may block, take locks or
     * load classes, which would stall every actor of the worker.
     *
     * @return true on a worker's own thread, or on a service's thread while it drives an embedded worker.
     */
    private static boolean onWorker()
    {
        return Thread.currentThread() instanceof WorkerThread || Worker.drivesEmbedded();
    }

    private boolean admit()
    {
        final long now = System.nanoTime() / SECOND_NS;
        final long current = second.get();
        if (current != now && second.compareAndSet(current, now))
        {
            inSecond.set(0);
        }
        if (inSecond.incrementAndGet() <= LINES_PER_SECOND)
        {
            return true;
        }
        suppressed.incrementAndGet();
        return false;
    }

    /**
     * The default fault listener: the actor, the exception and the policy that applies, rate-limited.
     *
     * @param actor   the actor whose handler threw.
     * @param message the message it was handling, or null.
     * @param error   the exception.
     * @param policy  the policy applied.
     */
    public static void fault(final ActorRef<?> actor, final Object message, final Throwable error,
        final FaultPolicy policy)
    {
        FAULTS.log(Level.WARNING, () -> "actor '" + actor.name() + "' threw " + error + " (fault policy: " +
            policy + ")", error);
    }
}
