package io.hotpath.bench.jmh;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BurstBenchmarkTest
{
    @Test
    void theEngineAnswersEveryRequestOfEachBurstOnceWithItsOwnNumberWithManyInFlightOrFew()
    {
        for (final int inFlight : new int[] {1000, 3})
        {
            final BurstBenchmark.Hotpath state = new BurstBenchmark.Hotpath();
            state.inFlight = inFlight;
            state.setUp();
            runThree(new BurstBenchmark()::hotpath, state);
            // checks that every request of every quota came back once
            state.tearDown();
        }
    }

    @Test
    void theDisruptorAnswersEveryRequestOfEachBurstOnceWithItsOwnNumber() throws InterruptedException
    {
        final BurstBenchmark.Disruptor state = new BurstBenchmark.Disruptor();
        state.inFlight = 1000;
        state.setUp();
        runThree(new BurstBenchmark()::disruptor, state);
        state.tearDown();
    }

    private static <S extends BurstBenchmark.Burst> void runThree(
        final java.util.function.ToLongFunction<S> invocation, final S state)
    {
        for (int i = 1; i <= 3; i++)
        {
            // returns once the initiator has read the answers of the whole quota so far
            final long quota = (long)i * BurstBenchmark.ROUND_TRIPS;
            assertEquals(quota, invocation.applyAsLong(state));
            assertEquals(quota * (quota + 1) / 2, state.answerSum(), "each request's number comes back once");
        }
    }
}
