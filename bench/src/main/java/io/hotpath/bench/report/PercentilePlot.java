package io.hotpath.bench.report;

import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.measure.Result;
import io.hotpath.bench.scenario.Scenario;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Draws the percentile spectrum of every scenario and implementation: one chart per scenario, stacked in a grid in
 * one PNG under a caption naming the commit, JDK, CPU and date; x is {@code 1/(1-percentile)} on a log scale,
 * labelled 50%, 90%, 99%..., y the latency in nanoseconds (the table's unit) on a log scale. Each chart's legend
 * sits below its plot, so it covers no curve. Drawn headless. Stateless.
 * <p>
 * XChart's log axis cannot take custom tick labels (its tick search runs away), so x is plotted as
 * {@code log10(1/(1-percentile))} on a linear axis whose whole-number ticks are labelled as percentiles.
 */
final class PercentilePlot
{
    private static final int CHART_WIDTH = 640;
    private static final int CHART_HEIGHT = 440;
    private static final int CAPTION_HEIGHT = 48;
    private static final int COLUMNS = 2;
    /** Where the x axis ends: log10 of 1/(1-0.99999), the 99.999th percentile. */
    private static final double MAX_X = 5;
    /** The 50th percentile: log10(2). */
    private static final double MEDIAN_X = Math.log10(2);

    private PercentilePlot()
    {
    }

    /**
     * @param scenarios the rows, in order; those without latency are left out.
     * @param results   the figures with their histograms.
     * @param caption   the line drawn above the charts.
     * @param file      the PNG to write.
     * @return true when a chart was written, false when there was nothing to draw.
     * @throws IOException when the file cannot be written.
     */
    public static boolean write(
        final List<Scenario> scenarios, final List<Result> results, final String caption, final Path file)
        throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<XYChart> charts = new ArrayList<>();
        for (final Scenario s : scenarios)
        {
            final XYChart chart = chart(s, results);
            if (chart != null)
            {
                charts.add(chart);
            }
        }
        if (charts.isEmpty())
        {
            return false;
        }
        final int columns = Math.min(COLUMNS, charts.size());
        final int rows = (charts.size() + columns - 1) / columns;
        final BufferedImage image = new BufferedImage(columns * CHART_WIDTH, CAPTION_HEIGHT + rows * CHART_HEIGHT,
            BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = image.createGraphics();
        try
        {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
            g.drawString(caption, 12, 30);
            for (int i = 0; i < charts.size(); i++)
            {
                final Graphics2D cell = (Graphics2D)g.create((i % columns) * CHART_WIDTH,
                    CAPTION_HEIGHT + (i / columns) * CHART_HEIGHT, CHART_WIDTH, CHART_HEIGHT);
                try
                {
                    charts.get(i).paint(cell, CHART_WIDTH, CHART_HEIGHT);
                }
                finally
                {
                    cell.dispose();
                }
            }
        }
        finally
        {
            g.dispose();
        }
        try (OutputStream out = Files.newOutputStream(file))
        {
            if (!ImageIO.write(image, "png", out))
            {
                throw new IOException("no PNG writer in this JDK");
            }
        }
        return true;
    }

    /**
     * @param meta the summary's meta object.
     * @return e.g. {@code commit 9249cf3  |  JDK 25.0.3+9-LTS (Eclipse Adoptium)  |  AMD EPYC ...  |  2 CPUs  |
     * 2025-11-23 21:30 UTC  |  latency in ns}.
     */
    public static String caption(final Map<String, Object> meta)
    {
        final Object commit = meta.get("gitCommit");
        final String start = String.valueOf(meta.get("startTime"));
        return "commit " + (commit == null ? "unknown" : commit.toString().substring(0, 7)) + "  |  JDK " +
            meta.get("jdk") + "  |  " + meta.get("cpuModel") + ", " + meta.get("cores") + " CPUs  |  " +
            (start.length() >= 16 ? start.substring(0, 10) + " " + start.substring(11, 16) + " UTC" : start) +
            "  |  " + meta.get("workers") + " workers, " + meta.get("idleStrategy") + "  |  latency in ns";
    }

    private static XYChart chart(final Scenario scenario, final List<Result> results)
    {
        XYChart chart = null;
        for (final Result r : results)
        {
            if (!r.scenario().equals(scenario.name()) || r.histogram() == null || r.histogram().getTotalCount() == 0)
            {
                continue;
            }
            if (chart == null)
            {
                chart = blank();
                chart.setTitle(scenario.name());
                chart.addAnnotation(new AnnotationLine(MEDIAN_X, true, false));
            }
            final List<Double> x = new ArrayList<>();
            final List<Double> y = new ArrayList<>();
            spectrum(r.histogram(), x, y);
            final XYSeries series = chart.addSeries(r.impl() + (r.run() > 1 ? " #" + r.run() : ""), x, y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(color(r.impl()));
        }
        return chart;
    }

    private static void spectrum(final Histogram histogram, final List<Double> x, final List<Double> y)
    {
        for (final HistogramIterationValue v : histogram.percentiles(5))
        {
            final double p = v.getPercentileLevelIteratedTo() / 100.0;
            final double at = p >= 1.0 - Math.pow(10, -MAX_X) ? MAX_X : Math.log10(1.0 / (1.0 - p));
            x.add(at);
            y.add((double)Math.max(histogram.highestEquivalentValue(v.getValueIteratedTo()), 1));
            if (at >= MAX_X)
            {
                break;
            }
        }
    }

    private static XYChart blank()
    {
        final XYChart chart = new XYChartBuilder().width(CHART_WIDTH).height(CHART_HEIGHT)
            .xAxisTitle("percentile (grey line: 50%)").yAxisTitle("latency (ns)").build();
        final Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(MAX_X);
        chart.getStyler().setXAxisTickLabelsFormattingFunction(PercentilePlot::percentileLabel);
        chart.getStyler().setXAxisTickMarkSpacingHint(90);
        return chart;
    }

    /** One colour per implementation in every chart, so a line is recognised across the grid. */
    private static java.awt.Color color(final String impl)
    {
        return switch (impl)
        {
            case "hotpath" -> new java.awt.Color(0, 90, 200);
            case "floor" -> java.awt.Color.BLACK;
            case "jctools" -> new java.awt.Color(230, 130, 0);
            case "disruptor" -> new java.awt.Color(0, 150, 60);
            case "disruptor-ref" -> new java.awt.Color(110, 190, 60);
            case "pekko-classic" -> new java.awt.Color(200, 30, 30);
            case "pekko-classic-sized" -> new java.awt.Color(230, 110, 90);
            case "pekko-typed" -> new java.awt.Color(140, 60, 180);
            case "pekko-affinity" -> new java.awt.Color(140, 90, 40);
            default -> impl.startsWith(EngineVariant.PREFIX) ? VARIANT_COLORS[
                Math.floorMod(impl.hashCode(), VARIANT_COLORS.length)] : java.awt.Color.GRAY;
        };
    }

    /** Engine variants ({@code hotpath:NAME}) in shades near the engine's own blue. */
    private static final java.awt.Color[] VARIANT_COLORS = {
        new java.awt.Color(0, 170, 200), new java.awt.Color(90, 140, 255), new java.awt.Color(20, 40, 120),
        new java.awt.Color(110, 80, 220)};

    /**
     * @param x a point of the axis, {@code log10(1/(1-percentile))}.
     * @return its label as a percentile, e.g. 99.9% at 3; unique per point, as XChart requires of tick labels.
     */
    static String percentileLabel(final Double x)
    {
        final double percentile = 100.0 * (1.0 - Math.pow(10, -x));
        final int decimals = Math.max(0, (int)Math.ceil(x - 1e-9) - 2);
        final String label = String.format(java.util.Locale.ROOT, "%." + decimals + "f%%", percentile);
        return Math.abs(x - Math.rint(x)) < 1e-9 ? label : label + " ";
    }
}
