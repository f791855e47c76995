package io.hotpath.testkit;

import io.hotpath.EngineConfig;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The settings of an {@link ActorTestKit}: the engine's, and the kit's own.
 * {@code ActorTestKit.start(new TestKitSettings().workers(2).engine(b -> b.mailboxCapacity(16)))}. NOT thread safe.
 */
public final class TestKitSettings
{
    int workers = 1;
    Consumer<EngineConfig.Builder> engine = b -> { };
    long timeStepNs = TimeUnit.MILLISECONDS.toNanos(1);
    long defaultTimeoutNs = TimeUnit.SECONDS.toNanos(3);
    long realTimeGraceNs = TimeUnit.MILLISECONDS.toNanos(100);
    long stuckNs = TimeUnit.SECONDS.toNanos(60);
    boolean failOnUnexpected = true;

    /** Settings of one worker, the engine's defaults and the kit's. */
    public TestKitSettings()
    {
    }

    /**
     * Set how many workers the engine has.
     *
     * @param value at least 1 (default 1).
     * @return this.
     */
    public TestKitSettings workers(final int value)
    {
        workers = value;
        return this;
    }

    /**
     * Set any engine setting, on a builder that has the kit's worker count. The kit then makes every worker
     * embedded, sets the clock, keeps the faults (passing them on to the fault listener set here) and sets
     * {@code await.spinNs} to 0.
     *
     * @param value sets what it names on the engine's builder.
     * @return this.
     */
    public TestKitSettings engine(final Consumer<EngineConfig.Builder> value)
    {
        engine = Objects.requireNonNull(value, "engine settings");
        return this;
    }

    /**
     * Set how far virtual time moves between two runs of the workers when it passes: a timer fires at the first
     * step at or after its deadline.
     *
     * @param value positive (default 1 ms).
     * @return this.
     */
    public TestKitSettings timeStep(final Duration value)
    {
        timeStepNs = positive(value, "time step");
        return this;
    }

    /**
     * Set the virtual time a wait gives up after, unless it is told.
     *
     * @param value positive (default 3 s).
     * @return this.
     */
    public TestKitSettings defaultTimeout(final Duration value)
    {
        defaultTimeoutNs = positive(value, "default timeout");
        return this;
    }

    /**
     * Set the real time a wait goes on after its virtual timeout, without moving time, for what threads outside the
     * engine send (an I/O completion). Short by default, so that a message that never comes costs a failing test no
     * real seconds; a test whose actors wait for another thread's work raises it.
     *
     * @param value zero or more (default 100 ms).
     * @return this.
     */
    public TestKitSettings realTimeGrace(final Duration value)
    {
        realTimeGraceNs = value.toNanos();
        return this;
    }

    /**
     * Set the real time one run of a worker may take before the test is told the worker is stuck (a handler that
     * blocks), with its stack.
     *
     * @param value positive (default 60 s).
     * @return this.
     */
    public TestKitSettings stuckAfter(final Duration value)
    {
        stuckNs = positive(value, "stuck after");
        return this;
    }

    /**
     * Set whether closing the kit fails the test when an actor threw, or a message became a dead letter, and the
     * test did not take it ({@link ActorTestKit#faults()}, {@link ActorTestKit#deadLetters()}). What the close itself
     * could not deliver does not count.
     *
     * @param value true (the default) to fail; false to let them pass, as a test of a noisy system may want.
     * @return this.
     */
    public TestKitSettings failOnUnexpected(final boolean value)
    {
        failOnUnexpected = value;
        return this;
    }

    private static long positive(final Duration value, final String what)
    {
        if (value.isNegative() || value.isZero())
        {
            throw new IllegalArgumentException(what + " must be positive: " + value);
        }
        return value.toNanos();
    }
}
