package io.hotpath.bench.run;

import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.report.MiniJson;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VariantOptionTest
{
    @Test
    void eachVariantRacesRightAfterTheEngineUnderItsOwnName() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[]{"--impls", "floor,hotpath,jctools",
            "--variant", "nolanes:inbound.laneCapacity=0",
            "--variant=small:inbound.capacity=1024,actor.batchBudget=8"});
        assertEquals(List.of("floor", "hotpath", "hotpath:nolanes", "hotpath:small", "jctools"), o.impls());
        assertEquals(List.of("nolanes", "small"), o.variants().stream().map(EngineVariant::name).toList());
        assertEquals(Map.of("inbound.capacity", "1024", "actor.batchBudget", "8"), o.variants().get(1).settings());
        assertEquals(List.of("actor.batchBudget", "inbound.capacity"),
            List.copyOf(o.variants().get(1).settings().keySet()), "in key order, as summary.json lists them");
        assertEquals("nolanes:inbound.laneCapacity=0 small:inbound.capacity=1024,actor.batchBudget=8",
            o.given().get("--variant"), "the run's metadata keeps the options as given");
        assertEquals(List.of("hotpath:nolanes", "floor", "jctools"), HarnessOptions.parse(new String[]{
            "--impls", "floor,jctools", "--variant", "nolanes:inbound.laneCapacity=0"}).impls(),
            "without the engine itself, the variants run first");
        assertEquals("hotpath:nolanes", Implementations.create(o.impls(), o.variants()).get(2).name());
    }

    @Test
    void anIdleStrategyOtherThanTheEnginesDefaultRacesInTheEnginesPlaceUnderItsOwnName() throws OptionException
    {
        final HarnessOptions o = HarnessOptions.parse(new String[]{"--impls", "floor,hotpath,jctools",
            "--idle", "BUSY-SPIN", "--variant", "nolanes:inbound.laneCapacity=0"});
        assertEquals(List.of("floor", "hotpath:busy-spin", "hotpath:nolanes", "jctools"), o.impls());
        assertEquals(Map.of("idle", "busy-spin"), o.variants().getFirst().settings());
        assertEquals(Map.of("inbound.laneCapacity", "0"), o.variants().get(1).settings(),
            "another variant keeps the engine's default idle strategy unless it sets its own");
        assertEquals("hotpath:busy-spin", Implementations.create(o.impls(), o.variants()).get(1).name());

        final HarnessOptions byDefault = HarnessOptions.parse(new String[]{"--impls", "hotpath", "--idle", "backoff"});
        assertEquals(List.of("hotpath"), byDefault.impls(), "the engine's own default is the engine's row");
        assertEquals(List.of(), byDefault.variants());
        assertEquals("backoff", HarnessOptions.IDLE_DEFAULT, "the engine's default, EngineConfig.IDLE_DEFAULT");

        final OptionException without = assertThrows(OptionException.class, () -> HarnessOptions.parse(
            new String[]{"--impls", "floor", "--idle", "park"}));
        assertTrue(without.getMessage().contains("--impls leaves them out") &&
            without.getMessage().contains("--variant NAME:idle=park"), without.getMessage());
        final OptionException taken = assertThrows(OptionException.class, () -> HarnessOptions.parse(
            new String[]{"--idle", "park", "--variant", "park:inbound.laneCapacity=0"}));
        assertTrue(taken.getMessage().contains("'park' is given twice (--idle park races as hotpath:park)"),
            taken.getMessage());
    }

    @Test
    void aVariantIsCheckedAsTheEngineChecksItsSettingsNamingWhatIsWrong()
    {
        assertRejected("inbound.laneCapacity=0", "nolanes:");
        assertRejected("no settings", "nolanes");
        assertRejected("name 'No Lanes'", "No Lanes:inbound.laneCapacity=0");
        assertRejected("inbound.lanecapacity", "x:inbound.lanecapacity=0");
        assertRejected("inbound.capacity", "x:inbound.capacity=1000");
        assertRejected("set twice", "x:actor.batchBudget=1,actor.batchBudget=2");
        final OptionException twice = assertThrows(OptionException.class, () -> HarnessOptions.parse(new String[]{
            "--variant", "x:actor.batchBudget=1", "--variant", "x:actor.batchBudget=2"}));
        assertTrue(twice.getMessage().contains("'x' is given twice"), twice.getMessage());
        assertTrue(HelpText.text().contains("--variant NAME:KEY=VALUE"), "the help lists the option");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aVariantsSettingsReachItsEngineAndItsRowsAreReportedBesideTheEngines(
        @org.junit.jupiter.api.io.TempDir final Path dir) throws Exception
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{"--one-jvm",
            "--scenarios", "fixed-rate-20k-q64k", "--rate", "20k", "--impls", "hotpath", "--warmup",
            "100ms", "--duration", "200ms", "--variant", "small:inbound.capacity=4096", "--out", dir.toString()});
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Harness.run(options, Faults.NONE,
            Implementations.create(options.impls(), options.variants()), new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertEquals(Harness.OK, status, table);
        final List<String> rows = table.lines()
            .filter((l) -> l.matches("fixed-rate-20k-q64k +hotpath\\S* +20,000 .*"))
            .toList();
        assertEquals(2, rows.size(), table);
        assertTrue(rows.get(0).matches("fixed-rate-20k-q64k +hotpath .* of 65,536 .*"),
            "the engine as the row's name configures it: " + rows.get(0));
        assertTrue(rows.get(1).matches("fixed-rate-20k-q64k +hotpath:small .* of 4,096 .*"),
            "the variant's setting wins over the row's, in the engine the row ran: " + rows.get(1));

        final Map<String, Object> meta = (Map<String, Object>)((Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("summary.json")))).get("meta");
        final Map<String, Object> given = (Map<String, Object>)meta.get("options");
        assertEquals(Map.of("hotpath:small", Map.of("inbound.capacity", "4096")), given.get("variants"));
        final Map<String, Object> settings = (Map<String, Object>)meta.get("peers");
        assertTrue(((String)settings.get("hotpath:small")).contains("4096"), settings.toString());
        final List<Object> results = (List<Object>)((Map<String, Object>)MiniJson.parse(
            Files.readString(dir.resolve("summary.json")))).get("results");
        assertEquals(List.of("hotpath", "hotpath:small"),
            results.stream().map((r) -> ((Map<String, Object>)r).get("impl")).toList());
    }

    private static void assertRejected(final String named, final String spec)
    {
        final OptionException ex = assertThrows(OptionException.class,
            () -> HarnessOptions.parse(new String[]{"--variant", spec}));
        assertTrue(ex.getMessage().contains(named), () -> "'" + ex.getMessage() + "' should name " + named);
    }
}
