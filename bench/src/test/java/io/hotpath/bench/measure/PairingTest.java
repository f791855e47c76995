package io.hotpath.bench.measure;

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
    void theMedianOfThePairsTailRatiosIsNotDecidedByOneSlice()
    {
        final SliceLog log = new SliceLog(6);
        log.begin(0);
        // F0, then I1..I4 each 1.5x the floor's tail (floor p99.9 200, the implementation's 300), but I3 holds a host
        // event: 2% of its round trips took 10 us
        floorSlice(log, 1_000, 100, 200);
        for (int slice = 1; slice <= 4; slice++)
        {
            for (int i = 0; i < 980; i++)
            {
                log.recordImpl(150);
            }
            for (int i = 0; i < 20; i++)
            {
                log.recordImpl(slice == 3 ? 10_000 : 300);
            }
            floorSlice(log, 1_000, 100, 200);
        }
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        final Pairing.Level near = p.level("near");
        assertEquals(4, near.pairs());
        assertEquals(10_000, near.implP999Ns(), 10, "the pooled tail holds I3's event");
        assertEquals(50.0, near.p999Ratio(), 0.1);
        assertEquals(1.5, near.p999RatioMedian(), 0.01, "three pairs of four at 1.5x");
        assertEquals(50.0, p.pairs().get(2).p999Ratio(), 0.1, "I3 against the floor around it");
        assertEquals(200, p.pairs().get(2).floorBeforeP999Ns(), 1);
        final Object pairJson = ((java.util.List<?>)p.toJson().get("pairs")).get(2);
        assertEquals(50.0, (Double)((java.util.Map<?, ?>)pairJson).get("p999Ratio"), 0.1);
        final Object levelJson = ((java.util.List<?>)p.toJson().get("levels")).get(0);
        assertEquals(1.5, (Double)((java.util.Map<?, ?>)levelJson).get("p999RatioMedian"), 0.01);
    }

    @Test
    void aThroughputRowHasNoTailRatios()
    {
        // a blast: each implementation slice of 100 ms counts 2,000,000 messages between floor slices at 140 ns
        final SliceLog log = new SliceLog(4);
        log.begin(0);
        long measured = 0;
        for (int slice = 0; slice < 4; slice++)
        {
            measured += 2_000_000;
            log.beginFloor(slice * 200_000_000L + SLICE_NS, measured);
            for (int i = 0; i < 1_000; i++)
            {
                log.recordFloor(140);
            }
            log.endFloor((slice + 1) * 200_000_000L, measured);
        }
        final Pairing p = Pairing.of(log, SLICE_NS, false);
        final Pairing.Level near = p.level("near");
        assertEquals(3, near.pairs());
        assertEquals(20_000_000, near.perSec(), 1);
        assertNull(near.p999Ratio());
        assertNull(near.p999RatioMedian());
        assertEquals(0.0, p.pairs().get(0).p999Ratio());
    }

    @Test
    void pairsWhoseFloorRanOnOneCpuAreLeftOut()
    {
        final SliceLog log = log(new long[]{150, 150, 2_000_000, 150}, new long[]{200, 200, 200, 200});
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        assertEquals(2, p.shared(), "I2 and I3 touch the floor slice that took turns on one CPU");
        assertEquals(1, p.level("near").pairs());
        assertEquals("shared", Pairing.levelOf(Pairing.SHARED_FROM_NS));
        assertEquals("distant", Pairing.levelOf(Pairing.DISTANT_FROM_NS));
        assertEquals("far", Pairing.levelOf(Pairing.DISTANT_FROM_NS - 1));
        assertEquals("far", Pairing.levelOf(Pairing.FAR_FROM_NS));
        assertEquals("mid", Pairing.levelOf(Pairing.MID_FROM_NS));
        assertEquals("near", Pairing.levelOf(Pairing.MID_FROM_NS - 1));
    }

    @Test
    void theFloorsSlicesAClockTickApartInOneClusterAreOneLevel()
    {
        // the reference host's most common placement: floor slices of 191, 200 and 211 ns (its clock ticks in about
        // 10 ns); a bound at 200 ns would name it twice and drop both pairs as straddling
        final SliceLog log = log(new long[]{191, 200, 211}, new long[]{999, 250, 260});
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        assertEquals(0, p.straddled());
        assertEquals(2, p.level("near").pairs());
        // and the slowest placement seen there, about 1,200 ns, is a level of its own beside the 680-800 ns one
        final Pairing apart = Pairing.of(log(new long[]{760, 1_210, 1_220}, new long[]{999, 900, 1_300}), SLICE_NS,
            true);
        assertEquals(Arrays.asList(null, "distant"), apart.pairs().stream().map(Pairing.Pair::level).toList());
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
        floorSlice(log, count, floorNs, floorNs);
    }

    /** A floor slice whose last 2% of round trips took {@code tailNs}. */
    private static void floorSlice(final SliceLog log, final int count, final long floorNs, final long tailNs)
    {
        log.beginFloor(1, 0);
        final int tail = tailNs == floorNs ? 0 : count / 50;
        for (int i = 0; i < count - tail; i++)
        {
            log.recordFloor(floorNs);
        }
        for (int i = 0; i < tail; i++)
        {
            log.recordFloor(tailNs);
        }
        log.endFloor(2, 0);
    }
}
