package io.hotpath.release;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ApiBreakTest
{
    private static final ApiBreak CLOCK = new ApiBreak("io.hotpath.EngineConfig$Builder", ApiBreak.Kind.METHOD,
        "clock(org.agrona.concurrent.NanoClock)", false, Set.of("METHOD_REMOVED"), true, true);
    private static final ApiBreak TOPOLOGY = new ApiBreak("io.hotpath.affinity.CpuTopology", ApiBreak.Kind.TYPE, "",
        true, Set.of("CLASS_REMOVED"), true, true);

    @Test
    void namesItselfAsTheChangelogShould()
    {
        assertThat(CLOCK.nameToList()).isEqualTo("EngineConfig.Builder.clock");
        assertThat(CLOCK.described()).isEqualTo("EngineConfig.Builder.clock(NanoClock): METHOD_REMOVED (breaks " +
            "binaries and sources)");
        assertThat(TOPOLOGY.nameToList()).isEqualTo("CpuTopology");
        assertThat(new ApiBreak("a.B", ApiBreak.Kind.CONSTRUCTOR, "(int, java.lang.String)", false,
            Set.of("CONSTRUCTOR_REMOVED"), true, false).described()).isEqualTo("B(int, String): CONSTRUCTOR_REMOVED " +
            "(breaks binaries)");
    }

    @Test
    void aMemberIsNamedAsTypeDotMemberOrTypeHashMemberAsAWordOfItsOwn()
    {
        assertThat(CLOCK.isNamedIn("`EngineConfig.Builder.clock(NanoClock)` is now `clock(EngineClock)`")).isTrue();
        assertThat(CLOCK.isNamedIn("io.hotpath.EngineConfig.Builder#clock changed")).isTrue();
        assertThat(CLOCK.isNamedIn("EngineConfig.Builder.clockwise")).isFalse();
        assertThat(CLOCK.isNamedIn("MyEngineConfig.Builder.clock")).isFalse();
        assertThat(CLOCK.isNamedIn("the builder's clock(NanoClock) is gone")).isFalse();
        assertThat(CLOCK.isNamedIn("EngineConfig.Builder changed")).isFalse();
    }

    @Test
    void aTypeIsNamedByItsNameNotByOneOfItsMembers()
    {
        assertThat(TOPOLOGY.isNamedIn("AffinityPlan, Core, CpuTopology and Finding moved")).isTrue();
        assertThat(TOPOLOGY.isNamedIn("io.hotpath.affinity.CpuTopology.")).isTrue();
        assertThat(TOPOLOGY.isNamedIn("CpuTopology.read() is gone")).isFalse();
        assertThat(TOPOLOGY.isNamedIn("CpuTopologyReader moved")).isFalse();
    }

    @Test
    void aMemberOfATypeRemovedAsAWholeIsNamedByTheType()
    {
        final ApiBreak read = new ApiBreak("io.hotpath.affinity.CpuTopology", ApiBreak.Kind.METHOD, "read()", true,
            Set.of("METHOD_REMOVED"), true, true);
        assertThat(read.isNamedIn("`CpuTopology` moved to an internal package")).isTrue();
        final ApiBreak kept = new ApiBreak("io.hotpath.Engine", ApiBreak.Kind.METHOD, "read()", false,
            Set.of("METHOD_REMOVED"), true, true);
        assertThat(kept.isNamedIn("`Engine` changed")).isFalse();
    }
}
