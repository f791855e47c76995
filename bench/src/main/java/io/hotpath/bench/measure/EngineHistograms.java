package io.hotpath.bench.measure;

import io.hotpath.Engine;
import io.hotpath.metrics.LatencyStats;
import io.hotpath.metrics.WorkerStats;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine's own view of the hotpath rows ({@code --engine-histograms}): per row and worker, the time each handler
 * ran and the time each frame from another thread waited in the inbound queue, as the engine's histograms recorded
 * them while the row was measured (they are reset when the measurement begins). The report prints them after the
 * tables and writes them to {@code engine-histograms.json}. Used by the driver thread only.
 */
public final class EngineHistograms
{
    private final List<Entry> entries = new ArrayList<>();
    private int rows;

    /**
     * One worker's figures in one row.
     *
     * @param row      0-based count of the rows recorded before this one.
     * @param scenario the row's scenario.
     * @param worker   the worker's name.
     * @param handlerNs the time its handlers ran.
     * @param waitNs    the time frames from other threads waited in its inbound queue.
     */
    public record Entry(int row, String scenario, String worker, LatencyStats handlerNs, LatencyStats waitNs)
    {
    }

    /**
     * The row's measurement has ended: note what the engine's histograms hold.
     *
     * @param scenario the row's scenario.
     * @param engine   the row's engine, before it closes.
     */
    public void record(final String scenario, final Engine engine)
    {
        final int row = rows++;
        for (final WorkerStats worker : engine.stats().workers())
        {
            final LatencyStats handler = worker.handlerNs();
            final LatencyStats wait = worker.waitNs();
            if (handler != null && wait != null)
            {
                entries.add(new Entry(row, scenario, worker.name(), handler, wait));
            }
        }
    }

    /** {@return every worker's figures recorded so far, row by row} */
    public List<Entry> entries()
    {
        return List.copyOf(entries);
    }
}
