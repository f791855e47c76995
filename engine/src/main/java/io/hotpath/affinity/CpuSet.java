package io.hotpath.affinity;

import java.util.BitSet;
import java.util.stream.IntStream;

/**
 * An immutable set of CPU numbers, written and read in the Linux cpu-list syntax ("0-3,8,10-11")
 * used by sysfs, procfs, {@code taskset -c} and the kernel command line.
 * <p>
 * Immutable, so thread-safe.
 */
public final class CpuSet
{
    /** Highest CPU number accepted; far above any kernel's NR_CPUS, low enough to keep sets small. */
    public static final int MAX_CPU = 65_535;

    /** The set with no CPU. */
    public static final CpuSet EMPTY = new CpuSet(new BitSet());

    private final BitSet bits;

    private CpuSet(final BitSet bits)
    {
        this.bits = bits;
    }

    /**
     * Parses a cpu list such as {@code "0-3,8,10-11"}; blank text gives the empty set.
     *
     * @param text cpu list, surrounding white space ignored.
     * @return the set it names.
     * @throws IllegalArgumentException naming the offending element when the text is not a cpu list.
     */
    public static CpuSet parse(final String text)
    {
        final String trimmed = text.strip();
        final BitSet bits = new BitSet();
        if (trimmed.isEmpty())
        {
            return EMPTY;
        }

        for (final String element : trimmed.split(",", -1))
        {
            final String part = element.strip();
            if (part.isEmpty())
            {
                throw new IllegalArgumentException(
                    "\"" + trimmed + "\" is not a cpu list: empty element; expected e.g. 0-3,8,10-11");
            }
            final int dash = part.indexOf('-');
            if (dash < 0)
            {
                bits.set(cpuNumber(part, trimmed));
            }
            else
            {
                final int from = cpuNumber(part.substring(0, dash), trimmed);
                final int to = cpuNumber(part.substring(dash + 1), trimmed);
                if (to < from)
                {
                    throw new IllegalArgumentException(
                        "\"" + trimmed + "\" is not a cpu list: range " + part + " runs backwards");
                }
                bits.set(from, to + 1);
            }
        }

        return new CpuSet(bits);
    }

    /**
     * {@return the set of them}
     *
     * @param cpus CPU numbers, each in 0..{@link #MAX_CPU}.
     */
    public static CpuSet of(final int... cpus)
    {
        final BitSet bits = new BitSet();
        for (final int cpu : cpus)
        {
            checkCpu(cpu);
            bits.set(cpu);
        }
        return new CpuSet(bits);
    }

    /**
     * {@return every CPU from {@code from} to {@code toInclusive}}
     *
     * @param from first CPU.
     * @param toInclusive last CPU.
     */
    public static CpuSet range(final int from, final int toInclusive)
    {
        checkCpu(from);
        checkCpu(toInclusive);
        final BitSet bits = new BitSet();
        bits.set(from, toInclusive + 1);
        return new CpuSet(bits);
    }

    /**
     * {@return the set of them}
     *
     * @param bits CPUs as set bits; copied.
     */
    public static CpuSet of(final BitSet bits)
    {
        if (bits.length() > MAX_CPU + 1)
        {
            throw new IllegalArgumentException("CPU " + (bits.length() - 1) + " is above " + MAX_CPU);
        }
        return new CpuSet((BitSet)bits.clone());
    }

    /**
     * {@return true when the set holds that CPU}
     *
     * @param cpu a CPU number; a negative one is never held.
     */
    public boolean contains(final int cpu)
    {
        return cpu >= 0 && bits.get(cpu);
    }

    /**
     * {@return true when the set holds every CPU of the other}
     *
     * @param other another set.
     */
    public boolean containsAll(final CpuSet other)
    {
        final BitSet missing = (BitSet)other.bits.clone();
        missing.andNot(bits);
        return missing.isEmpty();
    }

    /** {@return true when the set holds no CPU} */
    public boolean isEmpty()
    {
        return bits.isEmpty();
    }

    /** {@return the number of CPUs in the set} */
    public int size()
    {
        return bits.cardinality();
    }

    /**
     * {@return the lowest CPU, or -1 when empty}
     */
    public int first()
    {
        return bits.nextSetBit(0);
    }

    /**
     * {@return the highest CPU, or -1 when empty}
     */
    public int last()
    {
        return bits.length() - 1;
    }

    /**
     * {@return the CPUs in this set or in the other}
     *
     * @param other another set.
     */
    public CpuSet union(final CpuSet other)
    {
        final BitSet result = (BitSet)bits.clone();
        result.or(other.bits);
        return new CpuSet(result);
    }

    /**
     * {@return the CPUs in both this set and the other}
     *
     * @param other another set.
     */
    public CpuSet intersect(final CpuSet other)
    {
        final BitSet result = (BitSet)bits.clone();
        result.and(other.bits);
        return new CpuSet(result);
    }

    /**
     * {@return the CPUs in this set and not in the other}
     *
     * @param other another set.
     */
    public CpuSet minus(final CpuSet other)
    {
        final BitSet result = (BitSet)bits.clone();
        result.andNot(other.bits);
        return new CpuSet(result);
    }

    /**
     * {@return CPUs in ascending order}
     */
    public IntStream stream()
    {
        return bits.stream();
    }

    /**
     * {@return CPUs in ascending order}
     */
    public int[] toArray()
    {
        return bits.stream().toArray();
    }

    /**
     * {@return a copy as a {@link BitSet}}
     */
    public BitSet toBitSet()
    {
        return (BitSet)bits.clone();
    }

    /**
     * @return the cpu list, e.g. {@code "0-3,8"}; empty text for the empty set.
     */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        int from = bits.nextSetBit(0);
        while (from >= 0)
        {
            final int to = bits.nextClearBit(from) - 1;
            if (!sb.isEmpty())
            {
                sb.append(',');
            }
            sb.append(from);
            if (to > from)
            {
                sb.append('-').append(to);
            }
            from = bits.nextSetBit(to + 1);
        }
        return sb.toString();
    }

    /**
     * {@return the cpu list, or {@code "none"} for the empty set; for messages}
     */
    public String describe()
    {
        return bits.isEmpty() ? "none" : toString();
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof CpuSet other && bits.equals(other.bits);
    }

    @Override
    public int hashCode()
    {
        return bits.hashCode();
    }

    private static int cpuNumber(final String digits, final String whole)
    {
        final String s = digits.strip();
        if (s.isEmpty() || s.length() > 6 || !s.chars().allMatch(c -> c >= '0' && c <= '9'))
        {
            throw new IllegalArgumentException(
                "\"" + whole + "\" is not a cpu list: \"" + s + "\" is not a CPU number; expected e.g. 0-3,8,10-11");
        }
        final int cpu = Integer.parseInt(s);
        if (cpu > MAX_CPU)
        {
            throw new IllegalArgumentException(
                "\"" + whole + "\" is not a cpu list: CPU " + cpu + " is above " + MAX_CPU);
        }
        return cpu;
    }

    private static void checkCpu(final int cpu)
    {
        if (cpu < 0 || cpu > MAX_CPU)
        {
            throw new IllegalArgumentException("CPU " + cpu + " is outside 0.." + MAX_CPU);
        }
    }
}
