package io.hotpath.bench.jmh;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WorkerRoundTripBenchmarkTest
{
    @Test
    void eachInvocationReturnsOnceAllItsRoundTripsAreBackWithBusySpinAndBackoffWorkers()
    {
        for (final String idle : new String[] {"busy-spin", "backoff"})
        {
            final WorkerRoundTripBenchmark benchmark = new WorkerRoundTripBenchmark();
            benchmark.idle = idle;
            benchmark.setUp();
            for (int i = 1; i <= 3; i++)
            {
                assertEquals((long)i * WorkerRoundTripBenchmark.ROUND_TRIPS, benchmark.roundTrip(), "idle " + idle);
            }
            // checks that no round trip was lost to a dead letter
            benchmark.tearDown();
        }
    }
}
