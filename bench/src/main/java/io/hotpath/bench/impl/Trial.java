package io.hotpath.bench.impl;

import io.hotpath.bench.measure.InboundFill;
import io.hotpath.bench.measure.Probe;

/**
 * One implementation running one scenario: its threads or engine, started, recording into a {@link Probe}.
 * Owned by the driver thread.
 */
public interface Trial extends AutoCloseable
{
    /**
     * The measurement begins (after the probe's phase changed); an implementation may note its counters here.
     * Default: nothing.
     */
    default void measuring()
    {
    }

    /**
     * @return how full the engine's inbound queues got, or null for an implementation without them. Called after
     * the run drained, before {@link #close()}.
     */
    default InboundFill inboundFill()
    {
        return null;
    }

    /**
     * Tear down: stop threads, close engines and actor systems. Called after the probe has drained or timed out.
     *
     * @throws RuntimeException when teardown fails; reported, the run goes on.
     */
    @Override
    void close();
}
