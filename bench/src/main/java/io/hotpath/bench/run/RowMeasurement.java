package io.hotpath.bench.run;

import io.hotpath.bench.measure.FixedRateFigures;
import io.hotpath.bench.measure.HostLevel;
import io.hotpath.bench.measure.HostLoad;
import io.hotpath.bench.measure.InboundFill;
import io.hotpath.bench.measure.Intervals;
import io.hotpath.bench.measure.Pairing;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.Recording;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.measure.SliceLog;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

import java.util.ArrayList;
import java.util.List;

/**
 * What the driver reads around a row's measurement (the probe's counts at its start, at each interval boundary and at
 * its end, the host's load and level, the engine's inbound fill), and the row's figures made from them. Owned by the
 * driver thread.
 */
final class RowMeasurement
{
    /** The floor's p50 just before the row, or -1 when it was not read; set by the driver. */
    long levelBefore;
    /** The floor's p50 just after the row, or -1 when it was not read; set by the driver. */
    long levelAfter;
    /** The engine's inbound fill, or null for an implementation without one; set by the driver. */
    InboundFill inbound;

    private final List<Long> receivedAt = new ArrayList<>();
    private final List<Long> boundaryNs = new ArrayList<>();
    private HostLoad.Sample hostBefore;
    private HostLoad.Sample hostAfter;
    private long sentAtStart;
    private long sentAtEnd;
    private long refusedAtStart;
    private long refusedAtEnd;
    private long backlogAtStart;
    private long mostInFlight;
    private long measuredNs;

    /**
     * The host's counters where the window of its steal and other-process shares begins: before a fixed-rate
     * row's wait for its backlog (a few ms at most, as a rule), so the reading is not inside the measurement.
     */
    void sampleHost()
    {
        hostBefore = HostLoad.sample();
    }

    void begin(final Probe probe)
    {
        sentAtStart = probe.sent();
        refusedAtStart = probe.refused();
        backlogAtStart = Math.max(0, sentAtStart - probe.received());
        boundary(probe.received(), System.nanoTime());
    }

    /** {@return when the measurement began, as {@link #begin} read it} */
    long startNs()
    {
        return boundaryNs.get(0);
    }

    void boundary(final long received, final long nowNs)
    {
        receivedAt.add(received);
        boundaryNs.add(nowNs);
    }

    void end(final Probe probe)
    {
        boundary(probe.received(), System.nanoTime());
        sentAtEnd = probe.sent();
        refusedAtEnd = probe.refused();
        hostAfter = HostLoad.sample();
        measuredNs = probe.measuredNs();
        mostInFlight = probe.mostInFlight();
    }

    Result.Facts facts(final Scenario scenario, final int run, final Probe probe, final long sliceNs)
    {
        if (boundaryNs.size() < 2)
        {
            return new Result.Facts(run, null, null, null, null, null, null);
        }
        final Recording recording = probe.recording();
        final Intervals intervals = Intervals.of(recording.series(), Driver.SERIES_INTERVAL_NS,
            receivedAt.stream().mapToLong(Long::longValue).toArray(),
            boundaryNs.stream().mapToLong(Long::longValue).toArray());
        // a row that never alternated (the floor row itself, or two halves on one thread) has no pairing
        final SliceLog slices = recording.slices();
        final Pairing pairing = slices == null || slices.floorSlices() + slices.abandonedSlices() == 0 ? null :
            Pairing.of(slices, sliceNs, scenario.hasLatency());
        // a paired row sends only in the implementation's slices (its schedule pauses through the floor's)
        final long sendingNs = pairing == null ? measuredNs : slices.implTimeNs(probe.measureEndNs());
        final FixedRateFigures fixedRate = scenario.kind() != ScenarioKind.FIXED_RATE ? null :
            new FixedRateFigures(scenario.ratePerSec(), sendingNs > 0 ?
                Math.rint((sentAtEnd - sentAtStart) * 1e9 / sendingNs) : null, refusedAtEnd - refusedAtStart,
                backlogAtStart, mostInFlight, inbound);
        final HostLevel level = levelBefore < 0 && levelAfter < 0 ? null : new HostLevel(
            levelBefore < 0 ? null : levelBefore, levelAfter < 0 ? null : levelAfter);
        return new Result.Facts(run, HostLoad.between(hostBefore, hostAfter), intervals, pairing, fixedRate,
            refusedAtEnd - refusedAtStart, level);
    }
}
