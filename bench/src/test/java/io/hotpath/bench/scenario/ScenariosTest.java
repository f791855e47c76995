package io.hotpath.bench.scenario;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenariosTest
{
    @Test
    void rateLabelsArePredictable()
    {
        assertEquals("1m", Scenarios.rateLabel(1_000_000));
        assertEquals("250k", Scenarios.rateLabel(250_000));
        assertEquals("1500k", Scenarios.rateLabel(1_500_000));
        assertEquals("2500", Scenarios.rateLabel(2_500));
    }

    @Test
    void theRemoteRowsCloseTheCatalogueAndAreSelectedTogetherOrByName()
    {
        final List<Scenario> all = Scenarios.catalogue(new long[]{1_000_000});
        final List<String> remote = List.of("remote-pingpong-ipc-invoker", "remote-pingpong-udp-invoker",
            "remote-blast-udp-invoker", "remote-pingpong-ipc-invoker-worker0", "remote-pingpong-udp-invoker-worker0",
            "remote-blast-udp-invoker-worker0");
        final int end = all.size() - 2;   // the two cluster rows come last
        final int start = end - remote.size();
        assertEquals(remote, all.subList(start, end).stream().map(Scenario::name).toList());
        assertTrue(all.subList(start, all.size()).stream().allMatch(Scenario::remote));
        assertTrue(all.subList(0, start).stream().noneMatch(Scenario::remote), "the local rows come first");

        assertEquals(remote, Scenarios.select(List.of("remote"), new long[]{1}).stream().map(Scenario::name).toList());
        final Scenario blast = Scenarios.select(List.of("remote-blast-udp-invoker"), new long[]{1}).getFirst();
        assertEquals(ScenarioKind.REMOTE_BLAST, blast.kind());
        assertTrue(!blast.hasLatency() && blast.paired(), "a remote blast counts messages, paired with raw Aeron");
        assertTrue(all.stream().filter(Scenario::remote).allMatch((s) -> s.paired() && !s.pairedRoundTrip()),
            "every remote row is paired, none in the local ping-pong's tables");
    }

    @Test
    void theClusterRowsCloseTheCatalogueAndRunOnlyWhenNamed()
    {
        final List<Scenario> all = Scenarios.catalogue(new long[]{1_000_000});
        final List<String> cluster = List.of(Scenarios.CLUSTER_ASK, Scenarios.CLUSTER_ASK + "-yield");
        assertEquals(cluster, all.subList(all.size() - 2, all.size()).stream().map(Scenario::name).toList());
        assertTrue(all.subList(all.size() - 2, all.size()).stream().allMatch((s) ->
            s.kind() == ScenarioKind.CLUSTER_ROUND_TRIP && s.hasLatency() && s.paired() && !s.written()));
        assertEquals(List.of("backoff", "yield"), all.subList(all.size() - 2, all.size()).stream()
            .map(Scenario::idle).toList(), "the members' idle strategy");

        assertEquals(cluster, Scenarios.select(List.of("cluster"), new long[]{1}).stream().map(Scenario::name)
            .toList());
        assertEquals(List.of(Scenarios.CLUSTER_ASK), Scenarios.select(List.of(Scenarios.CLUSTER_ASK),
            new long[]{1}).stream().map(Scenario::name).toList());
        assertTrue(Scenarios.select(List.of("all"), new long[]{1}).stream()
            .noneMatch((s) -> s.kind() == ScenarioKind.CLUSTER_ROUND_TRIP), "all leaves the cluster rows out");
        assertTrue(Scenarios.select(List.of("remote"), new long[]{1}).stream()
            .noneMatch((s) -> s.kind() == ScenarioKind.CLUSTER_ROUND_TRIP), "remote selects the two-node rows");
    }

    @Test
    void aRowThatSetsTheQueuesSaysSoInItsNameAndRunsOnlyWhenNamed()
    {
        final long[] rates = {1_000_000};
        final List<Scenario> all = Scenarios.catalogue(rates);
        assertTrue(all.stream().filter((s) -> s.queueFrames() != 0).allMatch((s) ->
            s.name().endsWith(Scenarios.LARGE_QUEUE_SUFFIX) && s.queueFrames() == Scenarios.LARGE_QUEUE_FRAMES),
            "every row with sizes of its own names them");
        assertEquals(List.of("fixed-rate-1m"), Scenarios.select(List.of("fixed-rate"), rates).stream()
            .map(Scenario::name).toList(), "fixed-rate selects the rows with the engine's defaults");
        assertTrue(Scenarios.select(List.of("all"), rates).stream().allMatch((s) -> s.queueFrames() == 0));
        final Scenario large = Scenarios.select(List.of("fixed-rate-1m-q64k"), rates).getFirst();
        assertEquals(ScenarioKind.FIXED_RATE, large.kind());
        assertEquals(1_000_000, large.ratePerSec());
        assertEquals(Scenarios.LARGE_QUEUE_FRAMES, large.queueFrames());
    }

    @Test
    void anUnknownSelectorIsNamedWithTheKnownOnes()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Scenarios.select(List.of("pingpong", "ping-pong"), new long[]{1}));
        assertTrue(ex.getMessage().startsWith("unknown scenario 'ping-pong'; known: pingpong, "), ex.getMessage());
    }
}
