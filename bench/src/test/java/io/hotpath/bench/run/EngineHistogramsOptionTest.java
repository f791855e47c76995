package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.report.MiniJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --engine-histograms}: the engine's own view of the hotpath rows, beside the harness's figures. */
class EngineHistogramsOptionTest
{
    @Test
    void theOptionIsAFlagShownInTheHelp() throws OptionException
    {
        assertTrue(HarnessOptions.parse(new String[]{"--engine-histograms"}).engineHistograms());
        assertFalse(HarnessOptions.parse(new String[]{}).engineHistograms());
        final Exception bad = assertThrows(Exception.class,
            () -> HarnessOptions.parse(new String[]{"--engine-histograms=yes"}));
        assertTrue(bad.getMessage().contains("--engine-histograms takes no value"), bad.getMessage());
        assertTrue(HelpText.text().contains("--engine-histograms"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRunWithTheOptionPrintsAndWritesTheEnginesHistogramsOfTheMeasuredPart(@TempDir final Path dir)
        throws Exception
    {
        final String out = run(dir, "--engine-histograms");
        assertTrue(out.contains("engine histograms (hotpath rows"), out);
        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("engine-histograms.json")));
        final List<Object> rows = (List<Object>)root.get("engineHistograms");
        assertFalse(rows.isEmpty());
        double handled = 0;
        for (final Object o : rows)
        {
            final Map<String, Object> row = (Map<String, Object>)o;
            assertTrue(List.of("pingpong-cross", "blast").contains(row.get("scenario")), row.toString());
            for (final String kind : List.of("handlerNs", "waitNs"))
            {
                final Map<String, Object> h = (Map<String, Object>)row.get(kind);
                final double p50 = (Double)h.get("p50");
                final double p99 = (Double)h.get("p99");
                final double p999 = (Double)h.get("p999");
                if ((Double)h.get("count") > 0)
                {
                    assertTrue(p50 <= p99 && p99 <= p999 && p999 <= (Double)h.get("max"), h.toString());
                }
            }
            handled += (Double)((Map<String, Object>)row.get("handlerNs")).get("count");
        }
        assertTrue(handled > 0, "handler runs recorded while measured");
    }

    @Test
    void withoutTheOptionThereIsNoSuchSectionOrFile(@TempDir final Path dir) throws Exception
    {
        final String out = run(dir);
        assertFalse(out.contains("engine histograms"), out);
        assertFalse(Files.exists(dir.resolve("engine-histograms.json")));
    }

    private static String run(final Path dir, final String... extra) throws OptionException
    {
        final String[] base = {"--one-jvm", "--scenarios", "pingpong-cross,blast", "--impls", "hotpath", "--duration", "100ms",
            "--warmup", "50ms", "--pairs", "2", "--slice", "20ms", "--out", dir.toString()};
        final String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        final HarnessOptions options = HarnessOptions.parse(args);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(Harness.OK, status);
        return out.toString(StandardCharsets.UTF_8);
    }
}
