package io.hotpath.bench.run;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The collector of the run's JVMs ({@code --gc}): the flag that selects it, and how this JVM tells it is running
 * under it (the names of its collectors' management beans). The collector's barriers are part of what a row
 * measures: under G1 a reference stored into an array in the old generation pays a fence in the write barrier.
 */
public enum GcChoice
{
    /** G1, the JDK's default collector: the default of a run. */
    G1("g1", "-XX:+UseG1GC", "G1 "),
    /** Generational ZGC. */
    ZGC("zgc", "-XX:+UseZGC", "ZGC "),
    /** The parallel collector. */
    PARALLEL("parallel", "-XX:+UseParallelGC", "PS ");

    private final String optionName;
    private final String flag;
    private final String beanPrefix;

    GcChoice(final String optionName, final String flag, final String beanPrefix)
    {
        this.optionName = optionName;
        this.flag = flag;
        this.beanPrefix = beanPrefix;
    }

    /** {@return the name {@code --gc} takes} */
    public String optionName()
    {
        return optionName;
    }

    /** {@return the JVM flag that selects this collector} */
    public String flag()
    {
        return flag;
    }

    /**
     * @param name a {@code --gc} value, any case.
     * @return the collector it names.
     * @throws OptionException naming the known collectors when it names none.
     */
    static GcChoice parse(final String name) throws OptionException
    {
        final GcChoice gc = named(name);
        if (gc == null)
        {
            throw new OptionException("--gc: unknown collector '" + name + "'; known: " + names());
        }
        return gc;
    }

    /**
     * @param name a {@code --gc} value, any case.
     * @return the collector it names, or null for none.
     */
    static GcChoice named(final String name)
    {
        for (final GcChoice gc : values())
        {
            if (gc.optionName.equals(name.toLowerCase(Locale.ROOT)))
            {
                return gc;
            }
        }
        return null;
    }

    /** {@return the names {@code --gc} takes, for help and errors} */
    static String names()
    {
        final List<String> names = new ArrayList<>();
        for (final GcChoice gc : values())
        {
            names.add(gc.optionName);
        }
        return String.join(", ", names);
    }

    /** {@return the names of this JVM's collectors, as their management beans give them (e.g. G1 Young Generation)} */
    public static List<String> running()
    {
        final List<String> names = new ArrayList<>();
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
        {
            names.add(gc.getName());
        }
        return names;
    }

    /**
     * @param running the names of a JVM's collectors ({@link #running()}).
     * @return null when they are this collector's; else what is wrong, to refuse the run with.
     */
    String mismatch(final List<String> running)
    {
        for (final String name : running)
        {
            if (!name.startsWith(beanPrefix))
            {
                return "this JVM runs the collector(s) " + running + ", not the " + optionName + " that --gc asks " +
                    "for; start the bench through ./hotpath bench (or java -jar), which selects it";
            }
        }
        return running.isEmpty() ? "this JVM names no collector; --gc " + optionName + " cannot be checked" : null;
    }
}
