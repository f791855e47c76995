package io.hotpath.bench.harness;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PairingTest
{
    private static final long SLICE_NS = 100_000_000L;

    @Test
    void eachSliceIsComparedWithTheFloorAroundItAndGroupedByTheFloorsLevel()
    {
        // floor slices F0..F5 at near, near, near, mid, mid, far levels; the implementation 1.5x the floor near, 1.2x mid
        final SliceLog log = log(new long[]{140, 140, 140, 380, 380, 500}, new long[]{999, 210, 210, 456, 456, 600});
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        assertEquals(5, p.pairs().size(), "I1..I5; I0 has no floor slice before it");
        assertEquals(Arrays.asList("near", "near", null, "mid", null), p.pairs().stream().map(Pairing.Pair::level).toList());
        assertEquals(2, p.straddled(), "I3 lies between a near and a mid floor slice, I5 between mid and far");
        final Pairing.Level near = p.level("near");
        assertEquals(2, near.pairs());
        assertEquals(1.5, near.p50Ratio(), 0.01);
        assertEquals(140, near.floorP50Ns(), 1);
        assertEquals(1.2, p.level("mid").p50Ratio(), 0.01);
        assertNull(p.level("far"), "no pair kept at the far level");
    }

    @Test
    void theTailIsPooledPerLevelBeforeTheRatioIsTaken()
    {
        final SliceLog log = new SliceLog(4);
        log.begin(0);
        slices(log, 1_000, 100, 100);
        slices(log, 1_000, 100, 100);
        // one slice with a long tail: 1% of its round trips took 10 us
        for (int i = 0; i < 990; i++)
        {
            log.recordImpl(150);
        }
        for (int i = 0; i < 10; i++)
        {
            log.recordImpl(10_000);
        }
        floorSlice(log, 1_000, 100);
        final Pairing.Level near = Pairing.of(log, SLICE_NS, true).level("near");
        assertEquals(2, near.pairs());
        assertEquals(100, near.floorP999Ns(), 1);
        assertEquals(10_000, near.implP999Ns(), 10, "the pooled p99.9 of I1 and I2 lies in I2's tail");
    }

    @Test
    void pairsWhoseFloorRanOnOneCpuAreLeftOut()
    {
        final SliceLog log = log(new long[]{150, 150, 2_000_000, 150}, new long[]{200, 200, 200, 200});
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        assertEquals(2, p.shared(), "I2 and I3 touch the floor slice that took turns on one CPU");
        assertEquals(1, p.level("near").pairs());
        assertEquals("shared", Pairing.levelOf(Pairing.SHARED_FROM_NS));
        assertEquals("far", Pairing.levelOf(Pairing.FAR_FROM_NS));
        assertEquals("mid", Pairing.levelOf(Pairing.MID_FROM_NS));
        assertEquals("near", Pairing.levelOf(Pairing.MID_FROM_NS - 1));
    }

    /** Implementation slice i with p50 impl[i], followed by floor slice i with p50 floor[i]. */
    private static SliceLog log(final long[] floor, final long[] impl)
    {
        final SliceLog log = new SliceLog(floor.length);
        log.begin(0);
        for (int i = 0; i < floor.length; i++)
        {
            slices(log, 1_000, impl[i], floor[i]);
        }
        return log;
    }

    private static void slices(final SliceLog log, final int count, final long implNs, final long floorNs)
    {
        for (int i = 0; i < count; i++)
        {
            log.recordImpl(implNs);
        }
        floorSlice(log, count, floorNs);
    }

    private static void floorSlice(final SliceLog log, final int count, final long floorNs)
    {
        log.beginFloor(1, 0);
        for (int i = 0; i < count; i++)
        {
            log.recordFloor(floorNs);
        }
        log.endFloor(2, 0);
    }
}
