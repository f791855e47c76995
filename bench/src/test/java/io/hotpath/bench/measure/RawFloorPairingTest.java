package io.hotpath.bench.measure;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A paired row whose floor slices run another floor than the two-thread one (the remote rows' raw Aeron): its pairs
 * are grouped by that floor's levels, a floor that streams is compared rate for rate, and the JSON names the levels;
 * the local rows' JSON keeps its keys.
 */
class RawFloorPairingTest
{
    private static final long SLICE_NS = 100_000_000L;
    private static final LevelBounds RAW = new LevelBounds("raw", List.of("near", "far"), List.of(2_000L), 100_000L);

    @Test
    void theLocalBoundsAreTheFloorsAndReadAsBefore()
    {
        assertEquals(Pairing.BOUNDS, LevelBounds.LOCAL.describe());
        for (final long ns : new long[]{1, 299, 300, 449, 450, 999, 1_000, 4_999, 5_000, 90_000})
        {
            assertEquals(Pairing.levelOf(ns), LevelBounds.LOCAL.levelOf(ns), ns + " ns");
        }
        assertEquals("raw's p50: near < 2000 ns <= far", RAW.describe());
        assertEquals("far", RAW.levelOf(99_999));
        assertEquals(Pairing.SHARED, RAW.levelOf(100_000));
    }

    @Test
    void boundsThatDoNotFitTheirLevelsAreRefusedSayingWhy()
    {
        final IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
            () -> new LevelBounds("x", List.of("near", "far"), List.of(1L, 2L), 10L));
        assertTrue(count.getMessage().contains("2 levels need 1 bounds, not 2"), count.getMessage());
        final IllegalArgumentException order = assertThrows(IllegalArgumentException.class,
            () -> new LevelBounds("x", List.of("near", "mid", "far"), List.of(5L, 2L), 10L));
        assertTrue(order.getMessage().contains("must ascend"), order.getMessage());
        final IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
            () -> new LevelBounds("x", List.of("near", "slow"), List.of(5L), 10L));
        assertTrue(name.getMessage().contains("levels are named from"), name.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void roundTripsAreGroupedByTheRawFloorsLevelsAndTheJsonNamesThem()
    {
        // raw slices F0..F4 at 1,500, 1,520, 1,480, 9,000, 9,100 ns; Hotpath's I1, I2 at 3,000 (2x near), I4 at 9,000
        final SliceLog log = new SliceLog(5);
        log.levels(RAW);
        log.begin(0);
        final long[] floor = {1_500, 1_520, 1_480, 9_000, 9_100};
        final long[] impl = {999, 3_000, 3_000, 5_000, 9_000};
        for (int i = 0; i < floor.length; i++)
        {
            record(log, impl[i]);
            floorSlice(log, i, floor[i], 0);
        }
        final Pairing p = Pairing.of(log, SLICE_NS, true);
        assertEquals(Arrays.asList("near", "near", null, "far"), p.pairs().stream().map(Pairing.Pair::level).toList());
        assertEquals(1, p.straddled(), "I3 lies between a near and a far raw slice");
        assertEquals(2.0, p.level("near").p50Ratio(), 0.02);
        assertEquals(1.0, p.level("far").p50Ratio(), 0.01);
        assertEquals(RAW, p.bounds());

        final Map<String, Object> json = p.toJson();
        assertEquals(List.of(2_000L), json.get("levelBoundsNs"));
        assertEquals("raw", json.get("levelFloor"));
        assertEquals(List.of("near", "far"), json.get("levelNames"));
        final Map<String, Object> near = (Map<String, Object>)((List<Object>)json.get("levels")).get(0);
        assertEquals(2.0, (Double)near.get("p50RatioMedian"), 0.02);
        assertTrue(near.containsKey("p999RatioPooled") && near.containsKey("p999RatioMedian"));
        assertFalse(near.containsKey("floorPerSecMedian"), "a floor that does not stream has no rate");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aStreamingFloorIsComparedRateForRateInEachPair()
    {
        // a blast: Hotpath's slices pass 1 M messages in 100 ms (10 M/s); raw slices read near and stream 20 M/s,
        // then 25 M/s; the last raw slice has no rate (its stream lost messages) and its pair compares none
        final SliceLog log = new SliceLog(4);
        log.levels(RAW);
        log.begin(0);
        final long[] rates = {20_000_000, 20_000_000, 25_000_000, 0};
        long measured = 0;
        for (int i = 0; i < rates.length; i++)
        {
            measured += 1_000_000;
            log.beginFloor(i * 200_000_000L + SLICE_NS, measured);
            for (int n = 0; n < 100; n++)
            {
                log.recordFloor(1_500);
            }
            if (rates[i] > 0)
            {
                log.floorMessages(rates[i] / 20, SLICE_NS / 2);
            }
            log.endFloor((i + 1) * 200_000_000L, measured);
        }
        final Pairing p = Pairing.of(log, SLICE_NS, false);
        final Pairing.Pair first = p.pairs().get(0);
        assertEquals(10_000_000, first.perSec(), 1);
        assertEquals(20_000_000, first.floorPerSec(), 1);
        assertEquals(0.5, first.perSecRatio(), 0.001);
        assertEquals(22_500_000, p.pairs().get(1).floorPerSec(), 1, "the mean of the raw slices around it");
        assertEquals(0.0, p.pairs().get(2).floorPerSec(), "a raw slice without a rate: no rate ratio");
        final Pairing.Level near = p.level("near");
        assertEquals(3, near.pairs());
        assertEquals(10_000_000, near.perSec(), 1);
        assertEquals(21_250_000, near.floorPerSec(), 1, "the median over the two pairs with a raw rate");
        assertEquals(0.472, near.perSecRatio(), 0.001);
        assertNull(near.p50Ratio());

        final Map<String, Object> level = (Map<String, Object>)((List<Object>)p.toJson().get("levels")).get(0);
        assertEquals(0.472, (Double)level.get("perSecRatioMedian"), 0.001);
        final List<Object> pairs = (List<Object>)p.toJson().get("pairs");
        assertEquals(0.5, (Double)((Map<String, Object>)pairs.get(0)).get("perSecRatio"), 0.001);
        assertFalse(((Map<String, Object>)pairs.get(2)).containsKey("perSecRatio"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theLocalRowsJsonKeepsItsKeys()
    {
        final SliceLog log = new SliceLog(2);
        log.begin(0);
        for (int i = 0; i < 2; i++)
        {
            record(log, 300);
            floorSlice(log, i, 150, 0);
        }
        final Map<String, Object> json = Pairing.of(log, SLICE_NS, true).toJson();
        assertEquals(List.of("sliceNs", "levelBoundsNs", "levels", "straddled", "shared", "abandonedFloorSlices",
            "pairs"), List.copyOf(json.keySet()));
        assertEquals(List.of(Pairing.MID_FROM_NS, Pairing.FAR_FROM_NS, Pairing.DISTANT_FROM_NS),
            json.get("levelBoundsNs"));
        assertEquals(List.of("level", "pairs", "floorP50Ns", "implP50Ns", "p50RatioMedian", "floorP999Ns",
            "implP999Ns", "p999RatioPooled", "p999RatioMedian", "perSecMedian"),
            List.copyOf(((Map<String, Object>)((List<Object>)json.get("levels")).get(0)).keySet()));
        assertEquals(List.of("startMs", "implP50Ns", "implP999Ns", "implCount", "floorBeforeP50Ns", "floorAfterP50Ns",
            "floorBeforeP999Ns", "floorAfterP999Ns", "level", "p50Ratio", "p999Ratio", "perSec"),
            List.copyOf(((Map<String, Object>)((List<Object>)json.get("pairs")).get(0)).keySet()));
    }

    private static void record(final SliceLog log, final long implNs)
    {
        for (int n = 0; n < 100; n++)
        {
            log.recordImpl(implNs);
        }
    }

    private static void floorSlice(final SliceLog log, final int i, final long floorNs, final long measured)
    {
        log.beginFloor(i * 2L + 1, measured);
        for (int n = 0; n < 100; n++)
        {
            log.recordFloor(floorNs);
        }
        log.endFloor(i * 2L + 2, measured);
    }
}
