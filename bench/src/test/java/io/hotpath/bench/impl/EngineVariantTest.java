package io.hotpath.bench.impl;

import io.hotpath.ConfigException;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineVariantTest
{
    @Test
    void aSpecReadsBackIntoTheSameVariantAndItsSettingsWinOverTheRunsOwn()
    {
        final EngineVariant variant = EngineVariant.parse("small:inbound.capacity=1024,actor.batchBudget=8");
        assertEquals("hotpath:small", variant.implName());
        assertEquals("small:actor.batchBudget=8,inbound.capacity=1024", variant.spec(), "settings in key order");
        assertEquals(variant, EngineVariant.parse(variant.spec()));

        final EngineConfig config = variant.applyTo(EngineConfig.builder().inboundCapacity(16384)).build();
        assertEquals(1024, config.inboundCapacity(), "the variant's setting is applied last");
    }

    @Test
    void aMalformedSpecIsRefusedNamingTheOptionAndWhatItTakes()
    {
        for (final List<String> bad : List.of(
            List.of("nolanes", "--variant: 'nolanes' has no settings"),
            List.of("No Lanes:inbound.laneCapacity=0", "--variant: name 'No Lanes' must be"),
            List.of("x:inbound.laneCapacity", "--variant x: 'inbound.laneCapacity' is not KEY=VALUE"),
            List.of("x:actor.batchBudget=1,actor.batchBudget=2", "--variant x: actor.batchBudget is set twice")))
        {
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> EngineVariant.parse(bad.get(0)));
            assertTrue(ex.getMessage().startsWith(bad.get(1)), ex.getMessage());
        }
        final ConfigException unknown = assertThrows(ConfigException.class,
            () -> EngineVariant.parse("x:inbound.lanecapacity=0"));
        assertTrue(unknown.getMessage().contains("inbound.lanecapacity"), unknown.getMessage());
    }
}
