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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --fork}, the default: each row runs in a JVM of its own and hands its figures back, all of them (a paired
 * row's pairs, a fixed-rate row's interval log), so the reports are those of a run in one JVM.
 */
class ForkedRowsTest
{
    @Test
    void eachRowForksByDefaultButInAQuickRunOneGivenOneJvmAndWithTheEnginesHistograms() throws OptionException
    {
        assertTrue(parse().fork(), "the default");
        assertTrue(parse("--fork").fork());
        assertFalse(parse("--quick").fork(), "the smoke check stays in one JVM");
        assertTrue(parse("--quick", "--fork").fork(), "unless told to fork");
        assertFalse(parse("--one-jvm").fork());
        assertFalse(parse("--engine-histograms").fork(), "the histograms are kept by the JVM that runs the rows");
        assertFalse(parse("--row", "2", "--row-out", "row.bin").fork(), "a row's own JVM runs its row");
        assertTrue(HelpText.text().contains("--fork"));
        final String oneJvm = HelpText.duration(RunPlan.estimateNs(parse("--one-jvm")));
        assertTrue(HelpText.text().replaceAll("\\s+", " ").contains("--one-jvm about " + oneJvm), HelpText.text());
        assertTrue(RunPlan.estimateNs(parse()) > RunPlan.estimateNs(parse("--one-jvm")), "a JVM per row costs time");
        final OptionException both = assertThrows(OptionException.class,
            () -> parse("--fork", "--engine-histograms"));
        assertTrue(both.getMessage().contains("--fork and --engine-histograms cannot be combined"), both.getMessage());
        final OptionException contradiction = assertThrows(OptionException.class, () -> parse("--fork", "--one-jvm"));
        assertTrue(contradiction.getMessage().contains("--fork and --one-jvm contradict each other"),
            contradiction.getMessage());
        final OptionException alone = assertThrows(OptionException.class, () -> parse("--row", "2"));
        assertTrue(alone.getMessage().contains("use --fork instead"), alone.getMessage());
    }

    @Test
    void faultsInjectedIntoAForkingRunAreRefusedRatherThanLost() throws OptionException
    {
        final HarnessOptions options = parse("--scenarios", "blast", "--impls", "hotpath");
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> Harness.race(options, new Faults(3, 0, 0), Implementations.create(options.impls()),
                new PrintStream(new ByteArrayOutputStream())));
        assertTrue(refused.getMessage().contains("give --one-jvm with injected faults"), refused.getMessage());
    }

    private static HarnessOptions parse(final String... args) throws OptionException
    {
        return HarnessOptions.parse(args);
    }

    @Test
    void theOptionsGoOnToEachRowsJvmUnchanged() throws OptionException
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--fork", "--scenarios", "blast",
            "--impls", "hotpath,floor", "--variant", "a:inbound.laneCapacity=0", "--variant",
            "b:actor.batchBudget=8,inbound.drainLimit=64", "--quick", "--duration", "100ms"});
        final HarnessOptions again = HarnessOptions.parse(options.toArgs().toArray(String[]::new));
        assertEquals(options.given(), again.given());
        assertEquals(options.impls(), again.impls());
        assertEquals(options.variants(), again.variants());
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachRowRunsInAJvmOfItsOwnAndEveryFigureComesBack(@TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--fork", "--quick",
            "--scenarios", "pingpong-cross,fixed-rate", "--impls", "hotpath", "--out", dir.toString()});
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE, Implementations.create(options.impls()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(Harness.OK, status, out.toString(StandardCharsets.UTF_8));

        final Map<String, Object> root = (Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("summary.json")));
        final Map<String, Object> meta = (Map<String, Object>)root.get("meta");
        final Map<String, Map<String, Object>> byRow = new LinkedHashMap<>();
        for (final Object o : (List<Object>)root.get("results"))
        {
            final Map<String, Object> r = (Map<String, Object>)o;
            byRow.put(r.get("scenario") + "/" + r.get("impl"), r);
        }
        assertEquals(List.of("pingpong-cross/hotpath", "fixed-rate-1m/hotpath"), List.copyOf(byRow.keySet()));
        assertEquals((double)byRow.size(), meta.get("rowJvms"), "one JVM per row, none of them this one");

        final Map<String, Object> pingPong = byRow.get("pingpong-cross/hotpath");
        assertEquals(null, pingPong.get("error"));
        assertTrue((Double)pingPong.get("count") > 0);
        assertNotNull(pingPong.get("paired"), "the pairs with the floor came back");
        assertTrue(Files.size(dir.resolve("pingpong-cross.hotpath.ns.hgrm")) > 0, "the histogram came back");

        final Map<String, Object> fixedRate = byRow.get("fixed-rate-1m/hotpath");
        assertEquals(null, fixedRate.get("error"));
        assertNotNull(fixedRate.get("fixedRate"));
        assertTrue(Files.readString(dir.resolve("fixed-rate-1m.hotpath.hlog")).contains("fixed-rate-1m on hotpath"),
            "the interval log came back");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("pingpong-cross"));
    }
}
