package io.hotpath.bench.savina;

import io.hotpath.bench.report.MiniJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SavinaReportTest
{
    private static final List<Implementation> BOTH = List.of(Implementation.HOTPATH, Implementation.PEKKO_CLASSIC);
    private static final SavinaResult HOTPATH = new SavinaResult("PingPong", Family.MICRO, "N=10",
        Implementation.HOTPATH, new double[]{30, 10, 20, 50}, 0, null);
    private static final SavinaResult PEKKO = new SavinaResult("PingPong", Family.MICRO, "N=10",
        Implementation.PEKKO_CLASSIC, new double[]{50}, 0, null);
    private static final SavinaResult BROKEN = new SavinaResult("Big", Family.MICRO, "N=1 W=2", Implementation.HOTPATH,
        new double[0], 0, "pings sent: expected 2, got 1");
    private static final SavinaResult BANKING_HOTPATH = new SavinaResult("Banking", Family.CONCURRENCY,
        "A=2 T=1", Implementation.HOTPATH, new double[]{4}, 0, null);
    private static final SavinaResult BANKING_PEKKO = new SavinaResult("Banking", Family.CONCURRENCY,
        "A=2 T=1", Implementation.PEKKO_CLASSIC, new double[0], 3, "run 1/1: 3 dead letters at the end of the run");

    @Test
    void medianMinAndMaxOfTheMeasuredRuns()
    {
        assertEquals(25.0, HOTPATH.medianMs());
        assertEquals(10.0, HOTPATH.minMs());
        assertEquals(50.0, HOTPATH.maxMs());
        assertEquals(50.0, PEKKO.medianMs());
        assertTrue(Double.isNaN(BROKEN.medianMs()));
    }

    @Test
    void tableHasALinePerFamilyAndARowPerBenchmarkWithTheRatioOfMediansTheTargetAndTheDeadLetters()
    {
        final String table = SavinaReport.table(List.of(HOTPATH, PEKKO, BROKEN, BANKING_HOTPATH, BANKING_PEKKO), BOTH);
        final List<String> lines = table.lines().toList();

        assertEquals(8, lines.size(), table);
        assertEquals("-- micro", lines.get(1), table);
        assertTrue(lines.get(2).startsWith("PingPong  N=10"), table);
        assertTrue(lines.get(2).contains("25.0 (10.0-50.0)"), table);
        assertTrue(lines.get(2).contains("50.0 (50.0-50.0)"), table);
        assertTrue(lines.get(2).endsWith(" 0.50"), table);
        assertTrue(lines.get(3).contains("FAILED"), table);
        assertTrue(lines.get(3).endsWith(" -"), table);
        assertEquals("-- concurrency", lines.get(4), table);
        assertTrue(lines.get(5).startsWith("Banking  A=2 T=1"), table);
        assertTrue(lines.get(5).contains("FAILED"), table);
        assertEquals("ratio at most 0.5 (the target): 1 of 1", lines.get(6), table);
        assertEquals("dead letters at the end of the runs: hotpath 0 pekko-classic 3", lines.get(7), table);
    }

    @Test
    void jsonNamesEveryResultWithItsFamilyRunsDeadLettersAndFailure(@TempDir final Path dir) throws Exception
    {
        final Path file = SavinaReport.writeJson(dir.resolve("out"), SavinaOptions.parse(new String[0]),
            List.of(HOTPATH, BROKEN, BANKING_PEKKO), ZonedDateTime.now());
        final String json = Files.readString(file);

        assertTrue(file.getFileName().toString().matches("savina-\\d{8}-\\d{6}\\.json"), file.toString());
        final Map<?, ?> root = (Map<?, ?>)MiniJson.parse(json);
        assertEquals("savina", root.get("suite"));
        final List<?> results = (List<?>)root.get("results");
        assertEquals(3, results.size(), json);
        final Map<?, ?> ok = (Map<?, ?>)results.get(0);
        assertEquals("hotpath", ok.get("implementation"));
        assertEquals("micro", ok.get("family"));
        assertEquals(true, ok.get("ok"));
        assertTrue(ok.containsKey("failure") && ok.get("failure") == null, json);
        assertEquals(0.0, ((Number)ok.get("deadLetters")).doubleValue());
        assertEquals(25.0, ok.get("medianMs"));
        assertEquals(10.0, ok.get("minMs"));
        assertEquals(50.0, ok.get("maxMs"));
        assertEquals(List.of(30.0, 10.0, 20.0, 50.0), ok.get("runsMs"));
        final Map<?, ?> broken = (Map<?, ?>)results.get(1);
        assertEquals(false, broken.get("ok"));
        assertEquals("pings sent: expected 2, got 1", broken.get("failure"));
        assertTrue(broken.containsKey("medianMs") && broken.get("medianMs") == null, json);
        assertEquals(List.of(), broken.get("runsMs"));
        final Map<?, ?> dead = (Map<?, ?>)results.get(2);
        assertEquals("concurrency", dead.get("family"));
        assertEquals(3.0, ((Number)dead.get("deadLetters")).doubleValue());
        // milliseconds keep three decimals in the file, as the suite's figures always have
        assertTrue(json.contains("\"medianMs\": 25.000,"), json);
    }

    @Test
    void plotDrawsTheBenchmarksThatRanOnEveryImplementation(@TempDir final Path dir) throws Exception
    {
        final Path png = dir.resolve("savina.png");

        assertTrue(SavinaPlot.write(List.of(HOTPATH, PEKKO, BROKEN, BANKING_HOTPATH, BANKING_PEKKO), BOTH,
            "caption", png));
        final BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "a PNG is written");
        assertTrue(image.getHeight() > image.getWidth() / 2, "two charts, one above the other");
        assertFalse(SavinaPlot.write(List.of(BROKEN, BANKING_PEKKO), BOTH, "caption", dir.resolve("none.png")),
            "nothing ran on both: no plot");
        assertFalse(Files.exists(dir.resolve("none.png")));
    }
}
