package io.hotpath.bench.savina;

import io.hotpath.bench.savina.concurrency.Banking;
import io.hotpath.bench.savina.concurrency.BankingAwait;
import io.hotpath.bench.savina.concurrency.BoundedBuffer;
import io.hotpath.bench.savina.concurrency.CigaretteSmokers;
import io.hotpath.bench.savina.concurrency.ConcurrentDictionary;
import io.hotpath.bench.savina.concurrency.ConcurrentSortedList;
import io.hotpath.bench.savina.concurrency.DiningPhilosophers;
import io.hotpath.bench.savina.concurrency.LogisticMap;
import io.hotpath.bench.savina.concurrency.SleepingBarber;
import io.hotpath.bench.savina.parallelism.Apsp;
import io.hotpath.bench.savina.parallelism.FilterBank;
import io.hotpath.bench.savina.parallelism.RadixSort;
import io.hotpath.bench.savina.parallelism.Trapezoidal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every port, in the suite's order, at Savina's default sizes and at the small sizes of {@code --quick}, with the
 * names {@code --only} takes. Stateless and thread safe.
 */
public final class SavinaSuite
{
    private static final List<Port> PORTS = List.of(
        new Port(PingPong.DEFAULT, new PingPong(4_000)),
        new Port(Counting.DEFAULT, new Counting(100_000)),
        new Port(ThreadRing.DEFAULT, new ThreadRing(100, 10_000)),
        new Port(Chameneos.DEFAULT, new Chameneos(100, 20_000)),
        new Port(ForkJoinThroughput.DEFAULT, new ForkJoinThroughput(1_000, 60), "fjthroughput"),
        new Port(ForkJoinCreation.DEFAULT, new ForkJoinCreation(4_000), "fjcreation"),
        new Port(Big.DEFAULT, new Big(2_000, 120)),
        new Port(ConcurrentDictionary.DEFAULT, new ConcurrentDictionary(10, 1_000, 10, 10_000), "dictionary"),
        new Port(ConcurrentSortedList.DEFAULT, new ConcurrentSortedList(10, 1_000, 10, 1, Integer.MAX_VALUE),
            "sortedlist"),
        new Port(BoundedBuffer.DEFAULT, new BoundedBuffer(10, 8, 8, 100, 5, 5)),
        new Port(DiningPhilosophers.DEFAULT, new DiningPhilosophers(10, 1_000), "philosophers"),
        new Port(SleepingBarber.DEFAULT, new SleepingBarber(500, 100, 500, 500), "barber"),
        new Port(CigaretteSmokers.DEFAULT, new CigaretteSmokers(200, 50), "smokers"),
        new Port(LogisticMap.DEFAULT, new LogisticMap(2_500, 10, 3.46, 0.0025)),
        new Port(Banking.DEFAULT, new Banking(100, 5_000)),
        new Port(BankingAwait.DEFAULT, new BankingAwait(100, 5_000)),
        new Port(RadixSort.DEFAULT, new RadixSort(10_000, 1L << 60, 2_048)),
        new Port(FilterBank.DEFAULT, new FilterBank(2_560, 256, 8)),
        new Port(Trapezoidal.DEFAULT, new Trapezoidal(1_000_000, 100, 1, 5)),
        new Port(Apsp.DEFAULT, new Apsp(120, 30, 100)));

    private SavinaSuite()
    {
    }

    /**
     * @param quick true for the small sizes, false for Savina's defaults.
     * @return every port, in the suite's order.
     */
    public static List<SavinaBenchmark> all(final boolean quick)
    {
        return PORTS.stream().map(p -> quick ? p.quick() : p.full()).toList();
    }

    /**
     * @param only     names of ports (any case, or an alias); empty for every port.
     * @param families the families to run; empty for every family.
     * @param quick    true for the small sizes.
     * @return the ports named and in those families, in the suite's order.
     * @throws IllegalArgumentException for an unknown name, or when nothing is left.
     */
    public static List<SavinaBenchmark> select(
        final List<String> only, final List<Family> families, final boolean quick)
    {
        for (final String name : only)
        {
            if (PORTS.stream().noneMatch(p -> p.answersTo(name)))
            {
                throw new IllegalArgumentException("unknown benchmark '" + name + "' in --only: use " + names());
            }
        }
        final List<SavinaBenchmark> chosen = new ArrayList<>();
        for (final Port port : PORTS)
        {
            final boolean named = only.isEmpty() || only.stream().anyMatch(port::answersTo);
            final boolean inFamily = families.isEmpty() || families.contains(port.full().family());
            if (named && inFamily)
            {
                chosen.add(quick ? port.quick() : port.full());
            }
        }
        if (chosen.isEmpty())
        {
            throw new IllegalArgumentException("no benchmark is both named in --only " + only + " and in --family " +
                families.stream().map(Family::label).toList() + ": drop --family or name other benchmarks");
        }
        return chosen;
    }

    /**
     * @return one line per family, naming its ports as {@code --only} takes them with Savina's default sizes, for
     * the usage text.
     */
    public static String listing()
    {
        final StringBuilder sb = new StringBuilder(2048);
        for (final Family family : Family.values())
        {
            sb.append("  ").append(family.label()).append(":\n");
            for (final Port port : PORTS)
            {
                if (port.full().family() == family)
                {
                    sb.append(String.format(Locale.ROOT, "    %-36s %s%n", port.key() +
                        (port.alias() == null ? "" : " (" + port.alias() + ")"), port.full().parameters()));
                }
            }
        }
        return sb.toString();
    }

    private static List<String> names()
    {
        return PORTS.stream().map(Port::key).toList();
    }

    /**
     * A port at both sizes.
     *
     * @param full  at Savina's default sizes.
     * @param quick at small sizes, the same benchmark.
     * @param alias a second name {@code --only} takes, or null.
     */
    private record Port(SavinaBenchmark full, SavinaBenchmark quick, String alias)
    {
        Port(final SavinaBenchmark full, final SavinaBenchmark quick)
        {
            this(full, quick, null);
        }

        String key()
        {
            return full.name().toLowerCase(Locale.ROOT);
        }

        boolean answersTo(final String name)
        {
            final String n = name.toLowerCase(Locale.ROOT);
            return n.equals(key()) || n.equals(alias);
        }
    }
}
