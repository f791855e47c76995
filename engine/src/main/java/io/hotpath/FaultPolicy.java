package io.hotpath;

import io.hotpath.runtime.Durations;

import java.time.Duration;
import java.util.Objects;

/**
 * What happens to an actor whose handler threw. Immutable and thread safe. The default is {@link #resume()}.
 * <ul>
 * <li>{@link #resume()}: skip the failed message, go on with the next one, state kept.</li>
 * <li>{@link #stop()}: stop the actor; what is queued for it goes to dead letters.</li>
 * <li>{@link #restart()}: a fresh instance from the actor's factory at once, mailbox kept; the failed message is
 * skipped. Up to {@value #RESTART_MAX_RETRIES_DEFAULT} restarts within {@value #RESTART_WINDOW_SECONDS_DEFAULT} s,
 * then the actor stops.</li>
 * <li>{@link #backoff()}: restart after an exponentially growing pause (min, max, random factor), during which
 * messages wait in the mailbox; stop after max retries within a window; the pause shrinks back to min after a quiet
 * period. Defaults: min {@value #BACKOFF_MIN_MS_DEFAULT} ms, max {@value #BACKOFF_MAX_MS_DEFAULT} ms, random factor
 * {@value #BACKOFF_RANDOM_FACTOR_DEFAULT}, {@value #RESTART_MAX_RETRIES_DEFAULT} retries within
 * {@value #RESTART_WINDOW_SECONDS_DEFAULT} s, reset after {@value #BACKOFF_RESET_AFTER_SECONDS_DEFAULT} s.</li>
 * <li>{@link #escalate()}: stop the actor and hand its exception to its parent, whose own policy then applies; an
 * actor without a parent is stopped.</li>
 * </ul>
 * Hooks of an actor implementing {@link ActorLifecycle} run around a restart: {@code preRestart} on the old
 * instance, {@code postRestart} on the new one.
 */
public final class FaultPolicy
{
    /** Default most restarts within the window before the actor stops. */
    public static final int RESTART_MAX_RETRIES_DEFAULT = 10;
    /** Default window, in seconds, over which restarts are counted. */
    public static final int RESTART_WINDOW_SECONDS_DEFAULT = 60;
    /** Default first backoff pause, in ms. */
    public static final int BACKOFF_MIN_MS_DEFAULT = 100;
    /** Default longest backoff pause, in ms. */
    public static final int BACKOFF_MAX_MS_DEFAULT = 10_000;
    /** Default random factor: each pause is stretched by up to this fraction, so restarts do not align. */
    public static final double BACKOFF_RANDOM_FACTOR_DEFAULT = 0.2;
    /** Default quiet period, in seconds, after which the backoff starts again from min. */
    public static final int BACKOFF_RESET_AFTER_SECONDS_DEFAULT = 30;

    /** What the policy does. */
    public enum Kind
    {
        /** Skip the message. */
        RESUME,
        /** Stop the actor. */
        STOP,
        /** Restart at once. */
        RESTART,
        /** Restart after a pause. */
        BACKOFF,
        /** Hand the failure to the parent. */
        ESCALATE
    }

    private static final FaultPolicy RESUME = new FaultPolicy(Kind.RESUME, 0, 0, 0, 0, 0, 0);
    private static final FaultPolicy STOP = new FaultPolicy(Kind.STOP, 0, 0, 0, 0, 0, 0);
    private static final FaultPolicy ESCALATE = new FaultPolicy(Kind.ESCALATE, 0, 0, 0, 0, 0, 0);

    private final Kind kind;
    private final long minBackoffNs;
    private final long maxBackoffNs;
    private final double randomFactor;
    private final int maxRetries;
    private final long windowNs;
    private final long resetAfterNs;

    private FaultPolicy(final Kind kind, final long minBackoffNs, final long maxBackoffNs, final double randomFactor,
        final int maxRetries, final long windowNs, final long resetAfterNs)
    {
        this.kind = kind;
        this.minBackoffNs = minBackoffNs;
        this.maxBackoffNs = maxBackoffNs;
        this.randomFactor = randomFactor;
        this.maxRetries = maxRetries;
        this.windowNs = windowNs;
        this.resetAfterNs = resetAfterNs;
    }

    /** {@return the policy that skips the failed message and goes on, the actor's state kept} */
    public static FaultPolicy resume()
    {
        return RESUME;
    }

    /** {@return the policy that stops the actor} */
    public static FaultPolicy stop()
    {
        return STOP;
    }

    /** {@return the policy that stops the actor and hands its exception to its parent} */
    public static FaultPolicy escalate()
    {
        return ESCALATE;
    }

    /** {@return the policy that restarts the actor at once, with the default retry limit} */
    public static FaultPolicy restart()
    {
        return restart(RESTART_MAX_RETRIES_DEFAULT, Duration.ofSeconds(RESTART_WINDOW_SECONDS_DEFAULT));
    }

    /**
     * {@return the policy that restarts the actor at once, up to a number of restarts within a window}
     *
     * @param maxRetries most restarts within the window; then the actor stops.
     * @param window     the window restarts are counted over.
     */
    public static FaultPolicy restart(final int maxRetries, final Duration window)
    {
        return backoff().min(Duration.ZERO).max(Duration.ZERO).randomFactor(0).maxRetries(maxRetries, window)
            .kind(Kind.RESTART).build();
    }

    /**
     * {@return a builder of a restart with exponential backoff, holding the defaults}
     */
    public static Backoff backoff()
    {
        return new Backoff();
    }

    /** {@return what the policy does} */
    public Kind kind()
    {
        return kind;
    }

    /** {@return true when the actor is stopped by this policy} */
    public boolean stopsActor()
    {
        return kind == Kind.STOP;
    }

    /** {@return the first pause, ns} */
    public long minBackoffNs()
    {
        return minBackoffNs;
    }

    /** {@return the longest pause, ns} */
    public long maxBackoffNs()
    {
        return maxBackoffNs;
    }

    /** {@return the random stretch of each pause, 0 to 1} */
    public double randomFactor()
    {
        return randomFactor;
    }

    /** {@return most restarts within {@link #windowNs()}; then the actor stops} */
    public int maxRetries()
    {
        return maxRetries;
    }

    /** {@return the window restarts are counted over, ns} */
    public long windowNs()
    {
        return windowNs;
    }

    /** {@return the quiet period after which the pause starts from min again, ns} */
    public long resetAfterNs()
    {
        return resetAfterNs;
    }

    /**
     * {@return the pause before that restart: min doubled per attempt, capped at max, stretched by the random factor}
     *
     * @param attempt 1 for the first restart in a row.
     * @param random  a number from 0 (inclusive) to 1.
     */
    public long backoffNs(final int attempt, final double random)
    {
        final long doubled = minBackoffNs << Math.min(Math.max(attempt - 1, 0), 30);
        final long capped = doubled < 0 || doubled > maxBackoffNs ? maxBackoffNs : doubled;
        return (long)(capped * (1.0 + randomFactor * random));
    }

    @Override
    public String toString()
    {
        return switch (kind)
        {
            case RESUME, STOP, ESCALATE -> kind.name().toLowerCase(java.util.Locale.ROOT);
            case RESTART -> "restart(max " + maxRetries + " in " + Durations.text(windowNs) + ")";
            case BACKOFF -> "backoff(" + Durations.text(minBackoffNs) + ".." + Durations.text(maxBackoffNs) +
                ", random " + randomFactor + ", max " + maxRetries + " in " + Durations.text(windowNs) +
                ", reset after " + Durations.text(resetAfterNs) + ")";
        };
    }

    /**
     * Builds a restart-with-backoff policy. NOT thread safe.
     */
    public static final class Backoff
    {
        private Kind kind = Kind.BACKOFF;
        private long minNs = BACKOFF_MIN_MS_DEFAULT * 1_000_000L;
        private long maxNs = BACKOFF_MAX_MS_DEFAULT * 1_000_000L;
        private double randomFactor = BACKOFF_RANDOM_FACTOR_DEFAULT;
        private int maxRetries = RESTART_MAX_RETRIES_DEFAULT;
        private long windowNs = RESTART_WINDOW_SECONDS_DEFAULT * 1_000_000_000L;
        private long resetAfterNs = BACKOFF_RESET_AFTER_SECONDS_DEFAULT * 1_000_000_000L;

        private Backoff()
        {
        }

        /**
         * Set the first pause; default {@value #BACKOFF_MIN_MS_DEFAULT} ms.
         *
         * @param value the first pause, not negative.
         * @return this.
         */
        public Backoff min(final Duration value)
        {
            minNs = nonNegative(value, "min").toNanos();
            return this;
        }

        /**
         * Set the longest pause; default {@value #BACKOFF_MAX_MS_DEFAULT} ms.
         *
         * @param value the longest pause, not below the first at {@link #build()}.
         * @return this.
         */
        public Backoff max(final Duration value)
        {
            maxNs = nonNegative(value, "max").toNanos();
            return this;
        }

        /**
         * Set the random factor, so that restarts do not align; default {@value #BACKOFF_RANDOM_FACTOR_DEFAULT}.
         *
         * @param value 0 to 1: each pause is stretched by a random part of this.
         * @return this.
         * @throws IllegalArgumentException when the value is not from 0 to 1.
         */
        public Backoff randomFactor(final double value)
        {
            if (!(value >= 0 && value <= 1))
            {
                throw new IllegalArgumentException("randomFactor must be from 0 to 1: " + value);
            }
            randomFactor = value;
            return this;
        }

        /**
         * Set the most restarts within a window; default {@value #RESTART_MAX_RETRIES_DEFAULT} within
         * {@value #RESTART_WINDOW_SECONDS_DEFAULT} s.
         *
         * @param retries most restarts within the window (0 or more); then the actor stops.
         * @param window  the window.
         * @return this.
         */
        public Backoff maxRetries(final int retries, final Duration window)
        {
            if (retries < 0)
            {
                throw new IllegalArgumentException("maxRetries must be 0 or more: " + retries);
            }
            maxRetries = retries;
            windowNs = nonNegative(window, "window").toNanos();
            return this;
        }

        /**
         * Set the quiet period after which the pause starts from min again; default
         * {@value #BACKOFF_RESET_AFTER_SECONDS_DEFAULT} s.
         *
         * @param value the quiet period, not negative.
         * @return this.
         */
        public Backoff resetAfter(final Duration value)
        {
            resetAfterNs = nonNegative(value, "resetAfter").toNanos();
            return this;
        }

        private Backoff kind(final Kind value)
        {
            kind = value;
            return this;
        }

        /**
         * {@return the policy}
         *
         * @throws IllegalArgumentException when the longest pause is below the first.
         */
        public FaultPolicy build()
        {
            if (maxNs < minNs)
            {
                throw new IllegalArgumentException("backoff max (" + maxNs + " ns) is below min (" + minNs + " ns)");
            }
            return new FaultPolicy(kind, minNs, maxNs, randomFactor, maxRetries, windowNs, resetAfterNs);
        }

        private static Duration nonNegative(final Duration value, final String what)
        {
            Objects.requireNonNull(value, what);
            if (value.isNegative())
            {
                throw new IllegalArgumentException(what + " must not be negative: " + value);
            }
            return value;
        }
    }
}
