package io.hotpath.bench.remote;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.report.MiniJson;
import io.hotpath.bench.run.Harness;
import io.hotpath.bench.run.HarnessOptions;
import io.hotpath.bench.run.Implementations;
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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The remote rows alternate Hotpath's remote actors with raw Aeron in slices on the nodes' two workers, end to end
 * through the harness at a tiny size (in this JVM, which the build gives the flag Aeron needs): each row runs, its
 * pairs are made and every one is kept at a level or counted as left out, nothing is lost, and the summary carries the
 * levels of raw Aeron's round trip with the ratios per level (and, for the blast, the raw rate of each pair).
 */
class RemotePairedRowsTest
{
    @Test
    @SuppressWarnings("unchecked")
    void eachRemoteRowAlternatesWithRawAeronOnItsWorkersAndReportsRatiosPerLevel(@TempDir final Path dir)
        throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm", "--scenarios", "remote",
            "--impls", "hotpath-remote", "--warmup", "300ms", "--duration", "1s", "--pairs", "10", "--slice", "20ms",
            "--out", dir.toString()});
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertEquals(Harness.OK, status, table + err.toString(StandardCharsets.UTF_8));
        assertTrue(table.contains("paired remote round trips") && table.contains("paired remote rates"), table);

        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("summary.json")));
        final List<Object> results = (List<Object>)root.get("results");
        assertEquals(List.of("remote-pingpong-ipc-invoker", "remote-pingpong-udp-invoker", "remote-blast-udp-invoker",
            "remote-pingpong-ipc-invoker-worker0", "remote-pingpong-udp-invoker-worker0",
            "remote-blast-udp-invoker-worker0"), results.stream().map((r) -> ((Map<String, Object>)r).get("scenario"))
            .toList());
        for (final Object o : results)
        {
            final Map<String, Object> r = (Map<String, Object>)o;
            final String row = (String)r.get("scenario");
            final boolean blast = row.contains("blast");
            assertNull(r.get("error"), row);
            assertEquals(0.0, r.get("lost"), row + ": nothing lost");
            final Map<String, Object> paired = (Map<String, Object>)r.get("paired");
            assertNotNull(paired, row + " is paired");
            assertEquals(20_000_000.0, paired.get("sliceNs"));
            assertTrue(((String)paired.get("levelFloor")).startsWith("raw Aeron's " + (row.contains("ipc") ? "IPC" :
                "UDP")), row + ": " + paired.get("levelFloor"));
            assertEquals(((List<Object>)paired.get("levelNames")).size() - 1,
                ((List<Object>)paired.get("levelBoundsNs")).size(), row);

            final List<Map<String, Object>> pairs = (List<Map<String, Object>>)paired.get("pairs");
            assertTrue(!pairs.isEmpty(), row + ": no pair");
            int kept = 0;
            for (final Map<String, Object> pair : pairs)
            {
                assertTrue((Double)pair.get("floorBeforeP50Ns") > 0 && (Double)pair.get("floorAfterP50Ns") > 0, row);
                assertTrue((Double)pair.get("implCount") > 0, row);
                if (blast && pair.containsKey("perSecRatio"))
                {
                    assertEquals((Double)pair.get("perSec") / (Double)pair.get("floorPerSec"),
                        (Double)pair.get("perSecRatio"), 0.001, row);
                }
            }
            for (final Object l : (List<Object>)paired.get("levels"))
            {
                final Map<String, Object> level = (Map<String, Object>)l;
                kept += ((Double)level.get("pairs")).intValue();
                if (blast)
                {
                    assertTrue((Double)level.get("perSecMedian") > 0, row);
                }
                else
                {
                    assertTrue((Double)level.get("p50RatioMedian") > 0, row);
                    assertTrue((Double)level.get("p999RatioPooled") > 0, row);
                    assertTrue((Double)level.get("p999RatioMedian") > 0, row);
                }
            }
            // on a loaded host a pair may fall across a level change or on one CPU: left out, but counted
            assertEquals(pairs.size(), kept + ((Double)paired.get("straddled")).intValue() +
                ((Double)paired.get("shared")).intValue(), row + ": every pair is kept or counted");
        }
    }
}
