package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.EngineConfig;
import io.hotpath.events.DeadLettersEvent;
import jdk.jfr.FlightRecorder;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one engine shows of itself beyond its counters: its name, its workers' latency histograms
 * ({@code histograms}), its stall watcher ({@code stall.thresholdNs}), its MBeans ({@code jmx}) and its dead letters
 * as a periodic JFR event. Made with the engine, started after its workers, closed with it. Thread safe.
 */
final class Observability
{
    private static final AtomicInteger ENGINES = new AtomicInteger();
    /**
     * Engines running in this process, for the periodic dead-letter event; held weakly, so that an engine its user
     * dropped without closing it (an embedded one has no thread of its own to keep it) is not kept for the event.
     */
    private static final Set<Observability> RUNNING =
        Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private static final AtomicInteger PERIODIC_HOOK = new AtomicInteger();

    final String engineName;
    private final EngineRuntime runtime;
    /** Per worker, or null when {@code histograms} is off. */
    private final Latency[] workerLatency;
    /** Per worker, the Timing of its actors that have no histograms of their own; null entries when off. */
    private final Timing[] workerTiming;
    private final StallWatcher stallWatcher;
    private final JmxBeans jmx;
    /** Dead letters per reason at the last periodic event; JFR's periodic thread only. */
    private final long[] deadLettersSeen = new long[DeadLetterReason.values().length];

    Observability(final EngineRuntime runtime, final EngineConfig config, final Worker[] workers)
    {
        this.runtime = runtime;
        this.engineName = config.engineName().isEmpty() ? "hotpath-" + ENGINES.getAndIncrement() :
            config.engineName();
        this.workerLatency = new Latency[workers.length];
        this.workerTiming = new Timing[workers.length];
        if (config.histograms())
        {
            for (int i = 0; i < workers.length; i++)
            {
                workerLatency[i] = new Latency();
                workerTiming[i] = Timing.of(workerLatency[i], null);
                workers[i].inbound.stampFrames();
                workers[i].lanes.stampFrames();
            }
        }
        this.stallWatcher = config.stallThresholdNs() > 0 ?
            new StallWatcher(engineName, workers, config.stallThresholdNs(), config.stallGraceNs()) : null;
        this.jmx = config.jmx() ? new JmxBeans(runtime, engineName) : null;
    }

    /** The workers run: watch them, register the MBeans, and count dead letters for recordings. */
    void start()
    {
        if (stallWatcher != null)
        {
            stallWatcher.start();
        }
        if (jmx != null)
        {
            jmx.register();
        }
        RUNNING.add(this);
        if (PERIODIC_HOOK.compareAndSet(0, 1))
        {
            FlightRecorder.addPeriodicEvent(DeadLettersEvent.class, Observability::emitDeadLetters);
        }
    }

    /** The engine has closed: stop watching, unregister. Idempotent. */
    void close()
    {
        RUNNING.remove(this);
        if (stallWatcher != null)
        {
            stallWatcher.stop();
        }
        if (jmx != null)
        {
            jmx.unregister();
        }
    }

    /**
     * @param worker      a worker index.
     * @param ownLatency  true for an actor spawned with histograms of its own.
     * @return where the actor's latencies go, or null when nowhere.
     */
    Timing timingFor(final int worker, final boolean ownLatency)
    {
        if (!ownLatency)
        {
            return workerTiming[worker];
        }
        runtime.workers.get(worker).inbound.stampFrames();
        runtime.workers.get(worker).lanes.stampFrames();
        return Timing.of(workerLatency[worker], new Latency());
    }

    /** @return the worker's histograms, or null when {@code histograms} is off. */
    Latency ofWorker(final int worker)
    {
        return workerLatency[worker];
    }

    /** Forget the latencies recorded so far, of the workers and of every live actor. */
    void resetHistograms()
    {
        for (final Latency latency : workerLatency)
        {
            if (latency != null)
            {
                latency.reset();
            }
        }
        for (final ActorCell<?> cell : runtime.liveCells())
        {
            if (cell.timing != null && cell.timing.actor() != null)
            {
                cell.timing.actor().reset();
            }
        }
    }

    /** JFR's periodic thread: one event per running engine and reason counted since the last one. */
    private static void emitDeadLetters()
    {
        synchronized (RUNNING)
        {
            for (final Observability o : RUNNING)
            {
                o.emitOwnDeadLetters();
            }
        }
    }

    private void emitOwnDeadLetters()
    {
        for (final DeadLetterReason reason : DeadLetterReason.values())
        {
            final long total = runtime.deadLetters.count(reason);
            final long count = total - deadLettersSeen[reason.ordinal()];
            if (count == 0)
            {
                continue;
            }
            deadLettersSeen[reason.ordinal()] = total;
            final DeadLettersEvent event = new DeadLettersEvent();
            event.engine = engineName;
            event.reason = reason.name();
            event.count = count;
            event.total = total;
            event.commit();
        }
    }
}
