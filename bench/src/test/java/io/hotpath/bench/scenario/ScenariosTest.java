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
            "remote-blast-udp-invoker");
        assertEquals(remote, all.subList(all.size() - 3, all.size()).stream().map(Scenario::name).toList());
        assertTrue(all.subList(all.size() - 3, all.size()).stream().allMatch(Scenario::remote));
        assertTrue(all.subList(0, all.size() - 3).stream().noneMatch(Scenario::remote), "the local rows come first");

        assertEquals(remote, Scenarios.select(List.of("remote"), new long[]{1}).stream().map(Scenario::name).toList());
        final Scenario blast = Scenarios.select(List.of("remote-blast-udp-invoker"), new long[]{1}).getFirst();
        assertEquals(ScenarioKind.REMOTE_BLAST, blast.kind());
        assertTrue(!blast.hasLatency() && blast.paired(), "a remote blast counts messages, paired with raw Aeron");
        assertTrue(all.stream().filter(Scenario::remote).allMatch((s) -> s.paired() && !s.pairedRoundTrip()),
            "every remote row is paired, none in the local ping-pong's tables");
    }

    @Test
    void anUnknownSelectorIsNamedWithTheKnownOnes()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Scenarios.select(List.of("pingpong", "ping-pong"), new long[]{1}));
        assertTrue(ex.getMessage().startsWith("unknown scenario 'ping-pong'; known: pingpong, "), ex.getMessage());
    }
}
