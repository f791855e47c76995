package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.metrics.EngineMXBean;
import io.hotpath.metrics.EngineStats;
import io.hotpath.metrics.LatencyStats;
import io.hotpath.metrics.WorkerMXBean;
import io.hotpath.metrics.WorkerStats;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * The MBeans of one engine on the platform MBean server: {@code io.hotpath:type=Engine,name=E} and
 * {@code io.hotpath:type=Worker,engine=E,name=W} per worker, registered at start and unregistered at close. A name
 * already taken (two engines of one name) is logged and skipped, never fatal. Thread safe.
 */
final class JmxBeans
{
    private final EngineRuntime runtime;
    private final String engineName;
    private final List<ObjectName> registered = new ArrayList<>();

    JmxBeans(final EngineRuntime runtime, final String engineName)
    {
        this.runtime = runtime;
        this.engineName = engineName;
    }

    synchronized void register()
    {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try
        {
            register(server, engineName(engineName),
                new StandardMBean(new EngineBean(), EngineMXBean.class, true));
            for (final Worker worker : runtime.workers.all())
            {
                register(server, workerName(engineName, worker.name),
                    new StandardMBean(new WorkerBean(worker.index), WorkerMXBean.class, true));
            }
        }
        catch (final JMException ex)
        {
            Logs.WORKERS.log(System.Logger.Level.WARNING, () -> "the MBeans of engine " + engineName +
                " could not be registered: " + ex, ex);
        }
    }

    private void register(final MBeanServer server, final ObjectName name, final StandardMBean bean)
        throws JMException
    {
        if (server.isRegistered(name))
        {
            Logs.WORKERS.log(System.Logger.Level.WARNING, () -> "MBean " + name + " is registered already (two " +
                "engines named " + engineName + "?); set engine.name to tell them apart");
            return;
        }
        server.registerMBean(bean, name);
        registered.add(name);
    }

    /** @return the name of an engine's MBean: {@code io.hotpath:type=Engine,name=E}. */
    static ObjectName engineName(final String engine) throws JMException
    {
        return new ObjectName("io.hotpath:type=Engine,name=" + value(engine));
    }

    /** @return the name of a worker's MBean: {@code io.hotpath:type=Worker,engine=E,name=W}. */
    static ObjectName workerName(final String engine, final String worker) throws JMException
    {
        return new ObjectName("io.hotpath:type=Worker,engine=" + value(engine) + ",name=" + value(worker));
    }

    /** A name as it is when it needs no quotes (engine names never do), quoted when it does. */
    private static String value(final String name)
    {
        for (int i = 0; i < name.length(); i++)
        {
            if (",=:\"*?\\\n ".indexOf(name.charAt(i)) >= 0)
            {
                return ObjectName.quote(name);
            }
        }
        return name;
    }

    synchronized void unregister()
    {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (final ObjectName name : registered)
        {
            try
            {
                server.unregisterMBean(name);
            }
            catch (final JMException ex)
            {
                // gone already: nothing to undo
            }
        }
        registered.clear();
    }

    private final class EngineBean implements EngineMXBean
    {
        @Override
        public String getName()
        {
            return engineName;
        }

        @Override
        public int getWorkers()
        {
            return runtime.workerCount();
        }

        @Override
        public long getHandledCount()
        {
            return runtime.stats().totalHandled();
        }

        @Override
        public long getDeadLetterCount()
        {
            return runtime.deadLetters.count();
        }

        @Override
        public Map<String, Long> getDeadLetters()
        {
            final Map<String, Long> counts = new TreeMap<>();
            for (final DeadLetterReason reason : DeadLetterReason.values())
            {
                counts.put(reason.name().toLowerCase(Locale.ROOT), runtime.deadLetters.count(reason));
            }
            return counts;
        }

        @Override
        public long getStallCount()
        {
            return runtime.stats().workers().stream().mapToLong(WorkerStats::stalls).sum();
        }

        @Override
        public int getActorCount()
        {
            return runtime.liveCells().size();
        }

        @Override
        public boolean isClosing()
        {
            return runtime.isClosing();
        }

        @Override
        public String getStatsJson()
        {
            return runtime.stats().toJson();
        }

        @Override
        public String getStatsTable()
        {
            return runtime.stats().toString();
        }

        @Override
        public void resetHistograms()
        {
            runtime.resetHistograms();
        }

        @Override
        public void resetHighWater()
        {
            runtime.resetHighWater();
        }
    }

    private final class WorkerBean implements WorkerMXBean
    {
        private final int index;

        WorkerBean(final int index)
        {
            this.index = index;
        }

        private WorkerStats stats()
        {
            final EngineStats stats = runtime.stats();
            return stats.workers().get(index);
        }

        private long latency(final boolean handler, final ToLongFunction<LatencyStats> figure)
        {
            final WorkerStats w = stats();
            final LatencyStats l = handler ? w.handlerNs() : w.waitNs();
            return l == null ? -1 : figure.applyAsLong(l);
        }

        @Override
        public String getName()
        {
            return runtime.workers.get(index).name;
        }

        @Override
        public int getIndex()
        {
            return index;
        }

        @Override
        public long getHandledCount()
        {
            return stats().handled();
        }

        @Override
        public long getHandoffCount()
        {
            return stats().handoffs();
        }

        @Override
        public long getRescheduleCount()
        {
            return stats().reschedules();
        }

        @Override
        public long getExceptionCount()
        {
            return stats().exceptions();
        }

        @Override
        public long getDeadLetterCount()
        {
            return stats().deadLetters();
        }

        @Override
        public int getInboundHighWater()
        {
            return stats().inboundHighWater();
        }

        @Override
        public int getInboundSize()
        {
            return stats().inboundSize();
        }

        @Override
        public int getOutboundHighWater()
        {
            return stats().outboundHighWater();
        }

        @Override
        public int getCongestedActors()
        {
            return stats().congestedActors();
        }

        @Override
        public int getCongestedHolds()
        {
            return stats().congestedHolds();
        }

        @Override
        public long getAwaitSuspensions()
        {
            return stats().awaitSuspensions();
        }

        @Override
        public long getStallCount()
        {
            return stats().stalls();
        }

        @Override
        public long getLongestStallNs()
        {
            return stats().longestStallNs();
        }

        @Override
        public long getHandlerP50Ns()
        {
            return latency(true, LatencyStats::p50Ns);
        }

        @Override
        public long getHandlerP99Ns()
        {
            return latency(true, LatencyStats::p99Ns);
        }

        @Override
        public long getHandlerP999Ns()
        {
            return latency(true, LatencyStats::p999Ns);
        }

        @Override
        public long getWaitP50Ns()
        {
            return latency(false, LatencyStats::p50Ns);
        }

        @Override
        public long getWaitP99Ns()
        {
            return latency(false, LatencyStats::p99Ns);
        }

        @Override
        public long getWaitP999Ns()
        {
            return latency(false, LatencyStats::p999Ns);
        }
    }
}
