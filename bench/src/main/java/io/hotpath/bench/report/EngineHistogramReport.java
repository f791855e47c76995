package io.hotpath.bench.report;

import io.hotpath.bench.measure.EngineHistograms;
import io.hotpath.metrics.LatencyStats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's own histograms of the hotpath rows ({@code --engine-histograms}) as the run prints them after its
 * tables and writes them to {@code engine-histograms.json}. Stateless.
 */
public final class EngineHistogramReport
{
    private EngineHistogramReport()
    {
    }

    /**
     * @param histograms what the rows recorded.
     * @return the section printed after the tables.
     */
    public static String format(final EngineHistograms histograms)
    {
        final TextTable table = new TextTable("scenario", "worker", "handled", "handler p50", "p99", "p99.9",
            "waited", "wait p50", "p99", "p99.9");
        int row = -1;
        for (final EngineHistograms.Entry e : histograms.entries())
        {
            if (e.row() != row)
            {
                table.group();
                row = e.row();
            }
            final LatencyStats handler = e.handlerNs();
            final LatencyStats wait = e.waitNs();
            table.row(e.scenario(), e.worker(), TextTable.ns(handler.count()), TextTable.ns(handler.p50Ns()),
                TextTable.ns(handler.p99Ns()), TextTable.ns(handler.p999Ns()), TextTable.ns(wait.count()),
                TextTable.ns(wait.p50Ns()), TextTable.ns(wait.p99Ns()), TextTable.ns(wait.p999Ns()));
        }
        final StringBuilder sb = new StringBuilder(1024);
        sb.append("\nengine histograms (hotpath rows, --engine-histograms): what the engine recorded while each row ")
            .append("was measured; handler = time a handler ran, wait = time a frame from another thread waited ")
            .append("in the inbound queue; ns. Histograms add two System.nanoTime() calls per handler run, so these ")
            .append("rows run slower than without the option. In a paired row each slice of the floor runs inside a ")
            .append("handler and counts as one long handler run.\n");
        table.render(sb);
        return sb.toString();
    }

    /**
     * @param histograms what the rows recorded.
     * @return {@code engine-histograms.json}: each row's scenario and worker with the two histograms' figures.
     */
    public static String toJson(final EngineHistograms histograms)
    {
        final List<Map<String, Object>> rows = new ArrayList<>();
        for (final EngineHistograms.Entry e : histograms.entries())
        {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("scenario", e.scenario());
            row.put("worker", e.worker());
            row.put("handlerNs", figures(e.handlerNs()));
            row.put("waitNs", figures(e.waitNs()));
            rows.add(row);
        }
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
