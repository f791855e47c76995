package io.hotpath.testkit;

import io.hotpath.Engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Runs an engine's workers one at a time, in rounds, and moves its virtual time in steps: the scheduling of an
 * {@link ActorTestKit}. NOT thread safe: the test thread only.
 */
final class LockStep
{
    /** Most duty cycles one worker runs for one request; a worker still busy then is said never to become idle. */
    static final int MAX_CYCLES = 10_000;
    /** Most rounds over every worker in one run until idle. */
    static final int MAX_ROUNDS = 1_000;
    private static final long REAL_POLL_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Engine engine;
    private final ManualTime time;
    private final WorkerDriver[] drivers;
    private final long stepNs;
    private final long graceNs;

    LockStep(final Engine engine, final ManualTime time, final long stepNs, final long graceNs, final long stuckNs)
    {
        this.engine = engine;
        this.time = time;
        this.stepNs = stepNs;
        this.graceNs = graceNs;
        drivers = new WorkerDriver[engine.workerCount()];
        for (int i = 0; i < drivers.length; i++)
        {
            drivers[i] = new WorkerDriver(engine, engine.invoker(i), stuckNs);
        }
    }

    ManualTime time()
    {
        return time;
    }

    /** Rounds over every worker, each running until it has nothing to do, until a whole round did nothing. */
    int runUntilIdle()
    {
        int total = 0;
        for (int round = 0; round < MAX_ROUNDS; round++)
        {
            int work = 0;
            for (final WorkerDriver driver : drivers)
            {
                work += driver.run(MAX_CYCLES, true);
                if (driver.cycles() == MAX_CYCLES)
                {
                    throw neverIdle(driver.name() + " was still busy after " + MAX_CYCLES + " duty cycles in a row");
                }
            }
            total += work;
            if (work == 0)
            {
                return total;
            }
        }
        throw neverIdle("the workers kept handing each other work for " + MAX_ROUNDS + " rounds");
    }

    /** One duty cycle of one worker, or of every worker in turn (index -1). */
    int step(final int worker)
    {
        if (worker >= 0)
        {
            return drivers[checkWorker(worker)].run(1, false);
        }
        int work = 0;
        for (final WorkerDriver driver : drivers)
        {
            work += driver.run(1, false);
        }
        return work;
    }

    int checkWorker(final int worker)
    {
        if (worker < 0 || worker >= drivers.length)
        {
            throw new IllegalArgumentException("no worker " + worker + ": the kit's engine has " + drivers.length);
        }
        return worker;
    }

    /** Move time in steps, running what falls due after each, so every timer fires at its own step and in order. */
    void advance(final long byNs)
    {
        checkNotNegative(byNs);
        runUntilIdle();
        long leftNs = byNs;
        while (leftNs > 0)
        {
            final long s = Math.min(stepNs, leftNs);
            time.advanceNs(s);
            leftNs -= s;
            runUntilIdle();
        }
    }

    /** Move time at once, as if every worker had been stalled meanwhile, then run. */
    void stall(final long byNs)
    {
        checkNotNegative(byNs);
        time.advanceNs(byNs);
        runUntilIdle();
    }

    /**
     * Run, moving time in steps, until the condition holds or {@code maxNs} of virtual time have passed; then, with
     * {@code grace}, go on running without moving time for up to the kit's real-time grace, for what threads outside
     * the engine are still to send.
     *
     * @return true when the condition holds.
     */
    boolean waitFor(final BooleanSupplier condition, final long maxNs, final boolean grace)
    {
        checkNotNegative(maxNs);
        runUntilIdle();
        long waitedNs = 0;
        while (!condition.getAsBoolean())
        {
            if (waitedNs >= maxNs)
            {
                return grace && waitInRealTime(condition);
            }
            final long s = Math.min(stepNs, maxNs - waitedNs);
            time.advanceNs(s);
            waitedNs += s;
            runUntilIdle();
        }
        return true;
    }

    private boolean waitInRealTime(final BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + graceNs;
        while (true)
        {
            runUntilIdle();
            if (condition.getAsBoolean())
            {
                return true;
            }
            if (System.nanoTime() - deadlineNs >= 0)
            {
                return false;
            }
            LockSupport.parkNanos(REAL_POLL_NS);
        }
    }

    /** Close the engine: the drivers run their workers freely until each has terminated, then end. */
    void close(final long timeoutNs)
    {
        engine.close();
        for (final WorkerDriver driver : drivers)
        {
            if (!driver.exit(timeoutNs))
            {
                throw new AssertionError("worker " + driver.name() + " did not finish after the engine closed");
            }
        }
    }

    private static void checkNotNegative(final long ns)
    {
        if (ns < 0)
        {
            throw new IllegalArgumentException("a duration must not be negative: " + ns + " ns");
        }
    }

    private static AssertionError neverIdle(final String what)
    {
        return new AssertionError("the engine never became idle: " + what + ". An actor that keeps sending to " +
            "itself, or a repeating step that always reports work? Run it cycle by cycle with step().");
    }
}
