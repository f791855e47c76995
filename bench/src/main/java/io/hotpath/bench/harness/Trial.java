package io.hotpath.bench.harness;

/**
 * One implementation running one scenario: its threads or engine, started, recording into a {@link Probe}.
 * Owned by the driver thread.
 */
public interface Trial extends AutoCloseable
{
    /**
     * Tear down: stop threads, close engines and actor systems. Called after the probe has drained or timed out.
     *
     * @throws RuntimeException when teardown fails; reported, the run goes on.
     */
    @Override
    void close();
}
