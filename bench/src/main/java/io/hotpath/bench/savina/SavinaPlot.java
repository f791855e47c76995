package io.hotpath.bench.savina;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
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
import java.util.Collections;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Draws the results in one PNG: above, each benchmark's median time per implementation; below, the first
 * implementation's median over each other's, with the target and parity as lines; both on log scales, a benchmark per
 * column in the table's order, those that failed on an implementation left out (the table names them). Drawn
 * headless. Stateless.
 */
final class SavinaPlot
{
    private static final int WIDTH = 1280;
    private static final int CHART_HEIGHT = 560;
    private static final int CAPTION_HEIGHT = 40;

    private SavinaPlot()
    {
    }

    /**
     * @param results         every result, in run order.
     * @param implementations the implementations, the first one's ratios over the others drawn.
     * @param caption         the line drawn above the charts.
     * @param file            the PNG to write.
     * @return true when a chart was written, false when no benchmark had a measured run.
     * @throws IOException when the file cannot be written.
     */
    static boolean write(
        final List<SavinaResult> results, final List<Implementation> implementations, final String caption,
        final Path file) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<List<SavinaResult>> rows = new ArrayList<>();
        final List<String> benchmarks = new ArrayList<>();
        for (final List<SavinaResult> row : SavinaReport.rows(results).values())
        {
            if (implementations.stream().allMatch(impl -> SavinaReport.find(row, impl).filter(SavinaResult::ok)
                .isPresent()))
            {
                rows.add(row);
                benchmarks.add(row.getFirst().benchmark());
            }
        }
        if (benchmarks.isEmpty())
        {
            return false;
        }
        final CategoryChart times = chart("median time of the measured runs", "ms");
        for (final Implementation impl : implementations)
        {
            final List<Double> ms = new ArrayList<>();
            for (final List<SavinaResult> row : rows)
            {
                ms.add(median(row, impl));
            }
            points(times.addSeries(impl.label(), benchmarks, ms));
        }
        final List<CategoryChart> charts = new ArrayList<>(List.of(times));
        if (implementations.size() > 1)
        {
            final Implementation first = implementations.getFirst();
            final CategoryChart ratios = chart(first.label() + "'s median time over each other's (at most " +
                SavinaReport.TARGET_RATIO + ": the target met)", "ratio");
            for (final Implementation other : implementations.subList(1, implementations.size()))
            {
                final List<Double> ratio = new ArrayList<>();
                for (final List<SavinaResult> row : rows)
                {
                    ratio.add(median(row, first) / median(row, other));
                }
                points(ratios.addSeries(first.label() + " / " + other.label(), benchmarks, ratio));
            }
            line(ratios.addSeries("target " + SavinaReport.TARGET_RATIO, benchmarks,
                Collections.nCopies(benchmarks.size(), SavinaReport.TARGET_RATIO)), Color.RED);
            line(ratios.addSeries("parity", benchmarks, Collections.nCopies(benchmarks.size(), 1.0)), Color.GRAY);
            charts.add(ratios);
        }
        draw(charts, caption, file);
        return true;
    }

    private static double median(final List<SavinaResult> row, final Implementation impl)
    {
        return SavinaReport.find(row, impl).orElseThrow().medianMs();
    }

    private static CategoryChart chart(final String title, final String unit)
    {
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(CHART_HEIGHT).title(title)
            .yAxisTitle(unit).build();
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        chart.getStyler().setYAxisLogarithmic(true);
        // every benchmark named: upright labels small enough that none is skipped for lack of room
        chart.getStyler().setXAxisLabelRotation(90);
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        chart.getStyler().setXAxisTickMarkSpacingHint(24);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(10);
        return chart;
    }

    private static void points(final CategorySeries series)
    {
        series.setMarker(SeriesMarkers.CIRCLE);
    }

    private static void line(final CategorySeries series, final Color color)
    {
        series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(color);
    }

    private static void draw(final List<CategoryChart> charts, final String caption, final Path file)
        throws IOException
    {
        final BufferedImage image = new BufferedImage(WIDTH, CAPTION_HEIGHT + charts.size() * CHART_HEIGHT,
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
            g.drawString(caption, 12, 26);
            for (int i = 0; i < charts.size(); i++)
            {
                final Graphics2D cell = (Graphics2D)g.create(0, CAPTION_HEIGHT + i * CHART_HEIGHT, WIDTH, CHART_HEIGHT);
                try
                {
                    charts.get(i).paint(cell, WIDTH, CHART_HEIGHT);
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
    }
}
