package io.hotpath.bench.run;

import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.DisruptorBench;
import io.hotpath.bench.impl.EngineVariant;
import io.hotpath.bench.impl.FloorBench;
import io.hotpath.bench.impl.HotpathBench;
import io.hotpath.bench.impl.JctoolsBench;
import io.hotpath.bench.impl.PekkoClassicBench;
import io.hotpath.bench.impl.PekkoConfig;
import io.hotpath.bench.impl.PekkoTypedBench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates the implementations by name. Stateless.
 */
public final class Implementations
{
    private Implementations()
    {
    }

    /**
     * @param names from {@link io.hotpath.bench.run.HarnessOptions#IMPLS}.
     * @return one implementation per name, in order.
     */
    public static List<BenchImpl> create(final List<String> names)
    {
        return create(names, List.of());
    }

    /**
     * @param names    from {@link io.hotpath.bench.run.HarnessOptions#impls()}: known names and the variants'.
     * @param variants the engine variants those names include.
     * @return one implementation per name, in order.
     */
    public static List<BenchImpl> create(final List<String> names, final List<EngineVariant> variants)
    {
        final List<BenchImpl> impls = new ArrayList<>();
        for (final String name : names)
        {
            final EngineVariant variant = variants.stream()
                .filter((v) -> v.implName().equals(name))
                .findFirst()
                .orElse(null);
            impls.add(variant != null ? new HotpathBench(variant) : switch (name)
            {
                case "hotpath" -> new HotpathBench();
                case "floor" -> new FloorBench();
                case "jctools" -> new JctoolsBench();
                case "disruptor" -> new DisruptorBench();
                case "disruptor-ref" -> new DisruptorBench(true);
                case "pekko-classic" -> new PekkoClassicBench(PekkoClassicBench.Dispatcher.DEFAULT);
                case "pekko-classic-sized" -> new PekkoClassicBench(PekkoClassicBench.Dispatcher.SIZED);
                case "pekko-affinity" -> new PekkoClassicBench(PekkoClassicBench.Dispatcher.AFFINITY);
                case "pekko-typed" -> new PekkoTypedBench();
                case "hotpath-remote" -> new io.hotpath.bench.remote.HotpathRemoteBench();
                case "aeron-raw" -> new io.hotpath.bench.remote.AeronRawBench();
                case "pekko-artery" -> new io.hotpath.bench.remote.ArteryBench();
                case "hotpath-cluster" -> new io.hotpath.bench.cluster.HotpathClusterBench();
                default -> throw new IllegalArgumentException("unknown implementation " + name);
            });
        }
        return impls;
    }

    /**
     * @param workers the run's worker count.
     * @return the peers' settings worth recording in the summary.
     */
    public static Map<String, Object> settings(final int workers)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("floor", "two platform threads busy-spinning on volatile fields");
        m.put("jctools", "org.jctools.queues.atomic.MpscAtomicArrayQueue, busy-spinning threads");
        m.put("disruptor", "RingBuffer single producer, BusySpinWaitStrategy, BatchEventProcessor threads");
        m.put("disruptor-ref", "as disruptor; each blast event carries the message's reference, cleared when taken");
        m.put("pekko-classic", PekkoConfig.describeDefault());
        m.put("pekko-classic-sized", PekkoConfig.describeSized(workers));
        m.put("pekko-typed", PekkoConfig.describeDefault());
        m.put("pekko-affinity", PekkoConfig.describeAffinity(workers));
        m.putAll(io.hotpath.bench.remote.RemoteSetup.settings());
        m.putAll(io.hotpath.bench.cluster.HotpathClusterBench.settings());
        return m;
    }
}
