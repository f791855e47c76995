package io.hotpath.bench.savina;

import io.hotpath.bench.report.MiniJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SavinaReportTest
{
    private static final SavinaResult HOTPATH = new SavinaResult("PingPong", "N=10", Implementation.HOTPATH,
        new double[]{30, 10, 20, 50}, null);
    private static final SavinaResult PEKKO = new SavinaResult("PingPong", "N=10", Implementation.PEKKO_CLASSIC,
        new double[]{50}, null);
    private static final SavinaResult BROKEN = new SavinaResult("Big", "N=1 W=2", Implementation.HOTPATH,
        new double[0], "pings sent: expected 2, got 1");

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
    void tableHasOneRowPerBenchmarkWithTheRatioOfMedians()
    {
        final String table = SavinaReport.table(List.of(HOTPATH, PEKKO, BROKEN),
            List.of(Implementation.HOTPATH, Implementation.PEKKO_CLASSIC));
        final List<String> lines = table.lines().toList();

        assertEquals(3, lines.size(), table);
        assertTrue(lines.get(1).contains("25.0 (10.0-50.0)"), table);
        assertTrue(lines.get(1).contains("50.0 (50.0-50.0)"), table);
        assertTrue(lines.get(1).endsWith(" 0.50"), table);
        assertTrue(lines.get(2).contains("FAILED"), table);
        assertTrue(lines.get(2).endsWith(" -"), table);
    }

    @Test
    void jsonNamesEveryResultWithItsRunsAndFailure(@TempDir final Path dir) throws Exception
    {
        final Path file = SavinaReport.writeJson(dir.resolve("out"), SavinaOptions.parse(new String[0]),
            List.of(HOTPATH, BROKEN));
        final String json = Files.readString(file);

        assertTrue(file.getFileName().toString().matches("savina-\\d{8}-\\d{6}\\.json"), file.toString());
        final Map<?, ?> root = (Map<?, ?>)MiniJson.parse(json);
        assertEquals("savina", root.get("suite"));
        final List<?> results = (List<?>)root.get("results");
        assertEquals(2, results.size(), json);
        final Map<?, ?> ok = (Map<?, ?>)results.get(0);
        assertEquals("hotpath", ok.get("implementation"));
        assertEquals(true, ok.get("ok"));
        assertTrue(ok.containsKey("failure") && ok.get("failure") == null, json);
        assertEquals(25.0, ok.get("medianMs"));
        assertEquals(10.0, ok.get("minMs"));
        assertEquals(50.0, ok.get("maxMs"));
        assertEquals(List.of(30.0, 10.0, 20.0, 50.0), ok.get("runsMs"));
        final Map<?, ?> broken = (Map<?, ?>)results.get(1);
        assertEquals(false, broken.get("ok"));
        assertEquals("pings sent: expected 2, got 1", broken.get("failure"));
        assertTrue(broken.containsKey("medianMs") && broken.get("medianMs") == null, json);
        assertEquals(List.of(), broken.get("runsMs"));
        // milliseconds keep three decimals in the file, as the suite's figures always have
        assertTrue(json.contains("\"medianMs\": 25.000,"), json);
    }
}
