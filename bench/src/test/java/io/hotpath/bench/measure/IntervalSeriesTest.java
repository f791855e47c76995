package io.hotpath.bench.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IntervalSeriesTest
{
    @Test
    void eachLatencyLandsInTheIntervalOfItsTimeSoALevelShiftShows()
    {
        final IntervalSeries series = new IntervalSeries(500, IntervalSeries.capacityFor(1_500, 500));
        series.begin(10_000);
        for (int i = 0; i < 100; i++)
        {
            series.record(150, 10_000 + i);
            series.record(250, 10_600 + i);
        }
        // nothing in the third interval; a late event past the capacity is left out
        series.record(999, 10_000 + 500L * series.capacity());
        final Intervals intervals = Intervals.of(series, 500, new long[]{0, 100, 200, 200},
            new long[]{10_000, 10_500, 11_000, 11_500});
        assertEquals(java.util.Arrays.asList(150L, 250L, null), intervals.p50Ns());
        assertEquals(java.util.Arrays.asList(200_000_000.0, 200_000_000.0, 0.0), intervals.perSec());
    }
}
