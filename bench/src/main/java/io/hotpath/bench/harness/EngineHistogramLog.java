package io.hotpath.bench.harness;

import io.hotpath.Engine;
import io.hotpath.metrics.LatencyStats;
import io.hotpath.metrics.WorkerStats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's own view of the hotpath rows ({@code --engine-histograms}): per row and worker, the time each handler
 * ran and the time each frame from another thread waited in the inbound queue, as the engine's histograms recorded
 * them while the row was measured (they are reset when the measurement begins). Printed after the tables and written
 * to {@code engine-histograms.json}. Used by the driver thread only.
 */
public final class EngineHistogramLog
{
    private final List<Map<String, Object>> rows = new ArrayList<>();
    private final TextTable table = new TextTable("scenario", "worker", "handled", "handler p50", "p99", "p99.9",
        "waited", "wait p50", "p99", "p99.9");

    /**
     * The row's measurement has ended: note what the engine's histograms hold.
     *
     * @param scenario the row's scenario.
     * @param engine   the row's engine, before it closes.
     */
    public void record(final String scenario, final Engine engine)
    {
        table.group();
        for (final WorkerStats worker : engine.stats().workers())
        {
            final LatencyStats handler = worker.handlerNs();
            final LatencyStats wait = worker.waitNs();
            if (handler == null || wait == null)
            {
                continue;
            }
            table.row(scenario, worker.name(), TextTable.ns(handler.count()), TextTable.ns(handler.p50Ns()),
                TextTable.ns(handler.p99Ns()), TextTable.ns(handler.p999Ns()), TextTable.ns(wait.count()),
                TextTable.ns(wait.p50Ns()), TextTable.ns(wait.p99Ns()), TextTable.ns(wait.p999Ns()));
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("scenario", scenario);
            row.put("worker", worker.name());
            row.put("handlerNs", figures(handler));
            row.put("waitNs", figures(wait));
            rows.add(row);
        }
    }

    /** @return the rows recorded so far, each with its scenario, worker and two histograms' figures. */
    public List<Map<String, Object>> rows()
    {
        return List.copyOf(rows);
    }

    /** {@return the section printed after the tables} */
    public String format()
    {
        final StringBuilder sb = new StringBuilder(1024);
        sb.append("\nengine histograms (hotpath rows, --engine-histograms): what the engine recorded while each row was ")
            .append("measured; handler = time a handler ran, wait = time a frame from another thread waited in the ")
            .append("inbound queue; ns. Histograms add two System.nanoTime() calls per handler run, so these rows ")
            .append("run slower than without the option. In a paired row each slice of the floor runs inside a handler ")
            .append("and counts as one long handler run.\n");
        table.render(sb);
        return sb.toString();
    }

    /** {@return the rows as JSON} */
    public String toJson()
    {
        return Json.write(Map.of("engineHistograms", rows));
    }

    private static Map<String, Object> figures(final LatencyStats s)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", s.count());
        m.put("p50", s.p50Ns());
        m.put("p99", s.p99Ns());
        m.put("p999", s.p999Ns());
        m.put("max", s.maxNs());
        return m;
    }
}
