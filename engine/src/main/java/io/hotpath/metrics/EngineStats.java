package io.hotpath.metrics;

import io.hotpath.DeadLetterReason;

import java.util.List;
import java.util.Map;

/**
 * A snapshot of every counter of an engine, printable as a table. Immutable.
 *
 * @param workers     per worker.
 * @param actors      per live actor, by id.
 * @param deadLetters engine-wide dead letters per reason.
 */
public record EngineStats(List<WorkerStats> workers, List<ActorStats> actors, Map<DeadLetterReason, Long> deadLetters)
{
    /**
     * @return every dead letter counted so far.
     */
    public long totalDeadLetters()
    {
        return deadLetters.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * @return messages handed to handlers on every worker.
     */
    public long totalHandled()
    {
        return workers.stream().mapToLong(WorkerStats::handled).sum();
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("%-12s %-9s %12s %12s %12s %10s %10s %9s %8s %11s %10s %10s %6s%n",
            "worker", "idle", "handled", "handoffs", "reschedules", "exceptions", "dead", "inbound-hw", "inbound",
            "outbound-hw", "suspended", "spun", "stacks"));
        for (final WorkerStats w : workers)
        {
            sb.append(String.format("%-12s %-9s %12d %12d %12d %10d %10d %9d %8d %11d %10d %10d %6d%n",
                w.name(), w.idle(), w.handled(), w.handoffs(), w.reschedules(), w.exceptions(), w.deadLetters(),
                w.inboundHighWater(), w.inboundSize(), w.outboundHighWater(), w.awaitSuspensions(), w.awaitSpins(),
                w.loopStacks()));
        }
        sb.append(String.format("%n%-24s %-6s %12s %12s %12s %10s %10s%n",
            "actor", "worker", "handled", "handoffs", "reschedules", "exceptions", "dead"));
        for (final ActorStats a : actors)
        {
            sb.append(String.format("%-24s %-6d %12d %12d %12d %10d %10d%n",
                a.name(), a.worker(), a.handled(), a.handoffs(), a.reschedules(), a.exceptions(), a.deadLetters()));
        }
        sb.append(String.format("%ndead letters: %d", totalDeadLetters()));
        for (final Map.Entry<DeadLetterReason, Long> e : deadLetters.entrySet())
        {
            if (e.getValue() != 0)
            {
                sb.append(String.format("  %s=%d", e.getKey().name().toLowerCase(java.util.Locale.ROOT), e.getValue()));
            }
        }
        return sb.append('\n').toString();
    }
}
