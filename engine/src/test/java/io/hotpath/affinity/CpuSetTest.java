package io.hotpath.affinity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTest
{
    @Test
    void parsesSinglesAndRanges()
    {
        assertArrayEquals(new int[]{0, 1, 2, 3, 8, 10, 11}, CpuSet.parse("0-3,8,10-11").toArray());
    }

    @Test
    void blankTextIsTheEmptySet()
    {
        assertTrue(CpuSet.parse("").isEmpty());
        assertTrue(CpuSet.parse("  \n").isEmpty());
        assertEquals("", CpuSet.EMPTY.toString());
        assertEquals("none", CpuSet.EMPTY.describe());
    }

    @Test
    void toleratesSysfsTrailingNewlineAndSpaces()
    {
        assertEquals(CpuSet.of(0, 1), CpuSet.parse("0-1\n"));
        assertEquals(CpuSet.of(2, 5), CpuSet.parse(" 2 , 5 "));
    }

    @Test
    void singleElementRangeAndOverlapsCollapse()
    {
        assertEquals(CpuSet.of(4), CpuSet.parse("4-4"));
        assertEquals(CpuSet.range(0, 5), CpuSet.parse("0-3,2-5,1"));
    }

    @Test
    void formatsConsecutiveRunsAsRanges()
    {
        assertEquals("0-3,8,10-11", CpuSet.of(11, 10, 8, 3, 2, 1, 0).toString());
        assertEquals("0,2,4", CpuSet.of(0, 2, 4).toString());
        assertEquals("5-6", CpuSet.of(5, 6).toString());
    }

    @Test
    void roundTripsLargeMasksBeyondSixtyFourCpus()
    {
        final CpuSet set = CpuSet.parse("0,63-65,127,1023-1025,4095");
        assertEquals(set, CpuSet.parse(set.toString()));
        assertEquals(4095, set.last());
        assertEquals(9, set.size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1,,2", ",1", "1,", "3-1", "-1", "1-", "1-2-3", "0x3", "1.5", "70000", "0-7:2/4"})
    void rejectsMalformedListsNamingTheText(final String text)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> CpuSet.parse(text));
        assertTrue(ex.getMessage().contains(text.strip()), ex.getMessage());
    }

    @Test
    void setAlgebra()
    {
        final CpuSet a = CpuSet.parse("0-3");
        final CpuSet b = CpuSet.parse("2-5");
        assertEquals(CpuSet.parse("0-5"), a.union(b));
        assertEquals(CpuSet.parse("2-3"), a.intersect(b));
        assertEquals(CpuSet.parse("0-1"), a.minus(b));
        assertTrue(a.containsAll(CpuSet.of(1, 3)));
        assertFalse(a.containsAll(b));
        assertFalse(a.contains(-1));
        assertEquals(-1, CpuSet.EMPTY.first());
        assertEquals(-1, CpuSet.EMPTY.last());
    }

    @Test
    void rejectsNegativeCpuNumbersInFactories()
    {
        assertThrows(IllegalArgumentException.class, () -> CpuSet.of(-1));
        assertThrows(IllegalArgumentException.class, () -> CpuSet.range(0, CpuSet.MAX_CPU + 1));
    }
}
