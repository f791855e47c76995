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
            "remote-blast-udp-invoker", "remote-pingpong-udp-invoker-worker0", "remote-blast-udp-invoker-worker0");
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
    void anUnknownSelectorIsNamedWithTheKnownOnes()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Scenarios.select(List.of("pingpong", "ping-pong"), new long[]{1}));
        assertTrue(ex.getMessage().startsWith("unknown scenario 'ping-pong'; known: pingpong, "), ex.getMessage());
    }
}
