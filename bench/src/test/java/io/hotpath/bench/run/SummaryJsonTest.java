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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryJsonTest
{
    private static final List<String> RESULT_KEYS = List.of("scenario", "impl", "run", "count", "lost", "p50Ns",
        "p90Ns", "p99Ns", "p999Ns", "p9999Ns", "maxNs", "meanNs", "throughputPerSec", "crossThreadShare", "stealPct",
        "otherCpuPct", "refusedOffers", "hostLevel", "intervals", "paired", "fixedRate", "error");

    @Test
    @SuppressWarnings("unchecked")
    void aRunWritesASummaryWithExactlyTheSchemaKeysAndNullForMissingFigures(@TempDir final Path dir)
        throws Exception
    {
        final Path copy = dir.resolve("copy").resolve("summary-copy.json");
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "pingpong-same,blast", "--impls", "floor,hotpath", "--duration", "100ms",
            "--warmup", "50ms", "--out", dir.toString(), "--json", copy.toString()});
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(Harness.OK, status);

        final String json = Files.readString(dir.resolve("summary.json"));
        assertEquals(json, Files.readString(copy));
        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(json);
        assertEquals(List.of("meta", "results"), new ArrayList<>(root.keySet()));

        final Map<String, Object> meta = (Map<String, Object>)root.get("meta");
        for (final String key : List.of("jdk", "jvmFlags", "cpuModel", "cores", "affinity", "idleStrategy",
            "gitCommit", "startTime", "options"))
        {
            assertTrue(meta.containsKey(key), key);
        }
        assertEquals("none", meta.get("affinity"));
        assertEquals("backoff", meta.get("idleStrategy"), "the engine's default, as its rows run");
        assertInstanceOf(List.class, meta.get("jvmFlags"));
        assertTrue(meta.get("gitCommit") == null || ((String)meta.get("gitCommit")).matches("[0-9a-f]{40}"));

        final List<Object> results = (List<Object>)root.get("results");
        final Map<String, Map<String, Object>> byRow = new LinkedHashMap<>();
        for (final Object o : results)
        {
            final Map<String, Object> r = (Map<String, Object>)o;
            assertEquals(RESULT_KEYS, new ArrayList<>(r.keySet()));
            byRow.put(r.get("scenario") + "/" + r.get("impl"), r);
        }
        // floor cannot blast: no row at all, rather than a row of zeros
        assertEquals(List.of("pingpong-same/floor", "pingpong-same/hotpath", "blast/hotpath"),
            new ArrayList<>(byRow.keySet()));

        final Map<String, Object> roundTrip = byRow.get("pingpong-same/hotpath");
        assertTrue((Double)roundTrip.get("count") > 0);
        assertEquals(0.0, roundTrip.get("lost"));
        assertTrue((Double)roundTrip.get("p50Ns") <= (Double)roundTrip.get("p999Ns"));
        assertTrue((Double)roundTrip.get("p999Ns") <= (Double)roundTrip.get("maxNs"));
        assertEquals(0.0, roundTrip.get("crossThreadShare"), "both actors share one worker");
        assertEquals(1.0, roundTrip.get("run"));
        final Map<String, Object> intervals = (Map<String, Object>)roundTrip.get("intervals");
        assertEquals(List.of("intervalNs", "p50Ns", "p999Ns", "perSec"), new ArrayList<>(intervals.keySet()));
        final List<Object> p50s = (List<Object>)intervals.get("p50Ns");
        assertEquals(((List<Object>)intervals.get("perSec")).size(), p50s.size());
        assertTrue(p50s.stream().anyMatch((p) -> p != null), "a measured interval has its p50: " + p50s);
        assertNull(roundTrip.get("paired"), "a same-thread row is not paired");
        assertNull(roundTrip.get("fixedRate"));
        assertTrue(roundTrip.get("stealPct") == null || (Double)roundTrip.get("stealPct") >= 0);

        final Map<String, Object> blast = byRow.get("blast/hotpath");
        for (final String key : List.of("p50Ns", "p90Ns", "p99Ns", "p999Ns", "p9999Ns", "maxNs", "meanNs",
            "crossThreadShare"))
        {
            assertNull(blast.get(key), key + " of a throughput-only row is null, never 0");
        }
        assertNotNull(blast.get("throughputPerSec"));

        assertTrue(Files.size(dir.resolve("pingpong-same.hotpath.ns.hgrm")) > 0);
        assertTrue(Files.exists(dir.resolve("percentiles.png")));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("cannot express the row: floor (blast)"), table);
    }
}
