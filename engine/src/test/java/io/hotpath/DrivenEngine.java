package io.hotpath;

import java.time.Duration;

/**
 * An engine of one embedded worker that the test thread drives, with a clock the test moves: timing and ordering
 * are proven deterministically, without sleeping. Not the test kit (hotpath-testkit, which depends on the engine and
 * so cannot serve its tests): here the test thread is the worker's own thread, so a send from the test runs at once
 * and the test steps between any two cycles, which is what these tests of the engine examine; the kit keeps the
 * test thread outside the engine, as a service's tests want it.
 */
final class DrivenEngine implements AutoCloseable
{
    final ManualClock clock = new ManualClock();
    final Engine engine;
    final WorkerInvoker worker;

    DrivenEngine()
    {
        engine = Engine.start(TestEngines.config(1).embedded(0, true).clock(clock).build());
        worker = engine.invoker(0);
        worker.doWork();
    }

    /** Move the clock, then run one duty cycle. */
    void advance(final long millis)
    {
        clock.advance(Duration.ofMillis(millis));
        worker.doWork();
    }

    /** Run duty cycles until one finds nothing to do. */
    void settle()
    {
        while (worker.doWork() > 0)
        {
            Thread.onSpinWait();
        }
    }

    @Override
    public void close()
    {
        BackPressureTest.drainAndClose(engine, worker);
    }
}
