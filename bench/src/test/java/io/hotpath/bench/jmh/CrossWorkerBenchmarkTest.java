package io.hotpath.bench.jmh;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CrossWorkerBenchmarkTest
{
    @Test
    void eachInvocationIsOneStreamOfMessagesAllCountedWithLanesAndWithoutSpinningOrParking()
    {
        for (final String idle : new String[] {"busy-spin", "backoff"})
        {
            for (final int lanes : new int[] {4096, 0})
            {
                final CrossWorkerBenchmark benchmark = new CrossWorkerBenchmark();
                benchmark.lanes = lanes;
                benchmark.idle = idle;
                benchmark.setUp();
                for (int i = 1; i <= 3; i++)
                {
                    // returns once the receiver on the other worker has counted the whole quota so far
                    assertEquals((long)i * CrossWorkerBenchmark.MESSAGES, benchmark.blast(),
                        "lanes=" + lanes + ", idle " + idle);
                }
                // checks that every message was received and none was a dead letter
                benchmark.tearDown();
            }
        }
    }
}
