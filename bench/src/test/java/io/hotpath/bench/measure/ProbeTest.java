package io.hotpath.bench.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProbeTest
{
    @Test
    void whatTheWarmUpAndItsRehearsalsRecordedIsClearedWhenTheMeasurementBegins()
    {
        final SliceLog slices = new SliceLog(SliceLog.capacityFor(1_000_000_000L, 100_000_000L));
        final Probe probe = new Probe(false, null, slices);
        // this test's thread is the recording thread
        roundTrips(probe, 5, 1_000);
        floorSlice(probe, 3);
        probe.rehearse();
        roundTrips(probe, 4, 2_000);
        floorSlice(probe, 2);
        probe.rehearse();
        roundTrips(probe, 3, 3_000);
        probe.beginMeasure();
        roundTrips(probe, 2, 500);
        floorSlice(probe, 1);
        roundTrips(probe, 1, 700);
        probe.stop();
        roundTrips(probe, 6, 9_000);

        assertEquals(3, probe.measured(), "only the round trips measured");
        assertEquals(21, probe.received(), "every round trip that arrived");
        assertEquals(1, slices.floorSlices());
        assertEquals(2, slices.implSlices());
        assertEquals(1, slices.floor(0).getTotalCount());
        assertEquals(2, slices.impl(0).getTotalCount());
        assertEquals(1, slices.impl(1).getTotalCount());
        assertEquals(700, probe.histogram().getMaxValue(), 1, "nothing of the warm-up in the row's histogram");
    }

    private static void roundTrips(final Probe probe, final int n, final long latencyNs)
    {
        for (int i = 0; i < n; i++)
        {
            final long nowNs = System.nanoTime();
            probe.onRoundTrip(nowNs - latencyNs, nowNs, 1, 2);
        }
    }

    private static void floorSlice(final Probe probe, final int roundTrips)
    {
        probe.beginFloorSlice(System.nanoTime());
        for (int i = 0; i < roundTrips; i++)
        {
            probe.onFloorRoundTrip(100);
        }
        probe.endFloorSlice(System.nanoTime());
    }
}
