package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.metrics.ActorStats;
import io.hotpath.metrics.EngineStats;
import io.hotpath.metrics.WorkerStats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads every counter of an engine into an immutable {@link EngineStats}, without locks: each counter has one
 * writer and is read with an opaque load, so a snapshot may be a moment old. Stateless; any thread.
 */
final class StatsSnapshot
{
    private StatsSnapshot()
    {
    }

    static EngineStats take(final Worker[] workers, final java.util.Collection<ActorCell<?>> live,
        final RetiredCounters retired, final DeadLetterOffice deadLetters, final Observability latency)
    {
        final List<ActorStats> actors = new ArrayList<>();
        for (final ActorCell<?> cell : live)
        {
            final Latency own = cell.timing == null ? null : cell.timing.actor();
            actors.add(new ActorStats(cell.id, cell.name, cell.worker.index, cell.handledOpaque(),
                cell.handoffsOpaque(), cell.reschedulesOpaque(), cell.exceptionsOpaque(), cell.deadLettersOpaque(),
                own == null ? null : own.waitStats(), own == null ? null : own.handlerStats()));
        }
        actors.sort(Comparator.comparingInt(ActorStats::id));
        final List<WorkerStats> workerStats = new ArrayList<>();
        for (final Worker worker : workers)
        {
            final long[] sums = retired.snapshot(worker.index);
            for (final ActorStats a : actors)
            {
                if (a.worker() == worker.index)
                {
                    sums[0] += a.handled();
                    sums[1] += a.handoffs();
                    sums[2] += a.reschedules();
                    sums[3] += a.exceptions();
                    sums[4] += a.deadLetters();
                }
            }
            final WorkerCounters counters = worker.counters;
            workerStats.add(new WorkerStats(worker.index, worker.name, worker.idleName, worker.embedded,
                sums[0], sums[1], sums[2], sums[3], sums[4], counters.inboundHighWater(),
                worker.inbound.size() + worker.lanes.size(),
                counters.awaitSuspensions(), counters.awaitSpins(),
                worker.carrier == null ? 0 : worker.carrier.loopStacksOpaque(), counters.outboundHighWater(),
                counters.congestedActors(), counters.congestedHolds(),
                counters.interruptsCleared(), worker.isTerminated(),
                worker.turnWatch == null ? 0 : worker.turnWatch.stalls(),
                worker.turnWatch == null ? 0 : worker.turnWatch.longestStallNs(),
                latency.ofWorker(worker.index) == null ? null : latency.ofWorker(worker.index).waitStats(),
                latency.ofWorker(worker.index) == null ? null : latency.ofWorker(worker.index).handlerStats()));
        }
        final Map<DeadLetterReason, Long> dead = new EnumMap<>(DeadLetterReason.class);
        for (final DeadLetterReason reason : DeadLetterReason.values())
        {
            dead.put(reason, deadLetters.count(reason));
        }
        return new EngineStats(workerStats, actors, dead);
    }
}
