package io.hotpath;

import java.time.Duration;

/**
 * An engine of one embedded worker that the test thread drives, with a clock the test moves: timing and ordering
 * are proven deterministically, without sleeping.
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
