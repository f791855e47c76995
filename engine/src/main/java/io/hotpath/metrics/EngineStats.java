package io.hotpath.metrics;

import io.hotpath.DeadLetterReason;

import java.util.List;
import java.util.Map;

/**
 * A snapshot of every counter of an engine, printable as a table ({@link #toString()}) or as JSON ({@link #toJson()}).
 * Immutable.
 *
 * @param workers     per worker.
 * @param actors      per live actor, by id.
 * @param deadLetters engine-wide dead letters per reason.
 */
public record EngineStats(List<WorkerStats> workers, List<ActorStats> actors, Map<DeadLetterReason, Long> deadLetters)
{
    /**
     * {@return the number of dead letters counted so far, of every reason}
     */
    public long totalDeadLetters()
    {
        return deadLetters.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * {@return the messages handed to handlers on every worker}
     */
    public long totalHandled()
    {
        return workers.stream().mapToLong(WorkerStats::handled).sum();
    }

    /**
     * {@return every figure as one JSON object: {@code workers} and {@code actors} (arrays, latencies in ns under
     * {@code waitNs} and {@code handlerNs} where recorded), {@code deadLetters} per reason, {@code totalDeadLetters}}
     */
    public String toJson()
    {
        return StatsJson.write(this);
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("%-12s %-9s %12s %12s %12s %10s %10s %9s %8s %11s %9s %6s %10s %10s %6s %7s %9s%n",
            "worker", "idle", "handled", "handoffs", "reschedules", "exceptions", "dead", "inbound-hw", "inbound",
            "outbound-hw", "congested", "holds", "suspended", "spun", "stacks", "stalls", "stall-ms"));
        for (final WorkerStats w : workers)
        {
            sb.append(String.format("%-12s %-9s %12d %12d %12d %10d %10d %9d %8d %11d %9d %6d %10d %10d %6d %7d %9d%n",
                w.name(), w.idle(), w.handled(), w.handoffs(), w.reschedules(), w.exceptions(), w.deadLetters(),
                w.inboundHighWater(), w.inboundSize(), w.outboundHighWater(), w.congestedActors(), w.congestedHolds(),
                w.awaitSuspensions(), w.awaitSpins(), w.loopStacks(), w.stalls(), w.longestStallNs() / 1_000_000));
        }
        sb.append(String.format("%n%-24s %-6s %12s %12s %12s %10s %10s%n",
            "actor", "worker", "handled", "handoffs", "reschedules", "exceptions", "dead"));
        for (final ActorStats a : actors)
        {
            sb.append(String.format("%-24s %-6d %12d %12d %12d %10d %10d%n",
                a.name(), a.worker(), a.handled(), a.handoffs(), a.reschedules(), a.exceptions(), a.deadLetters()));
        }
        latencyTable(sb);
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

    private void latencyTable(final StringBuilder sb)
    {
        final boolean any = workers.stream().anyMatch(w -> w.handlerNs() != null) ||
            actors.stream().anyMatch(a -> a.handlerNs() != null);
        if (!any)
        {
            return;
        }
        sb.append(String.format("%n%-24s %-8s %12s %10s %10s %10s %10s %10s %12s%n",
            "latency (ns)", "of", "count", "p50", "p90", "p99", "p99.9", "p99.99", "max"));
        for (final WorkerStats w : workers)
        {
            latencyRows(sb, w.name(), w.waitNs(), w.handlerNs());
        }
        for (final ActorStats a : actors)
        {
            latencyRows(sb, a.name(), a.waitNs(), a.handlerNs());
        }
    }

    private static void latencyRows(final StringBuilder sb, final String name, final LatencyStats wait,
        final LatencyStats handler)
    {
        if (wait != null)
        {
            latencyRow(sb, name, "wait", wait);
        }
        if (handler != null)
        {
            latencyRow(sb, name, "handler", handler);
        }
    }

    private static void latencyRow(final StringBuilder sb, final String name, final String of, final LatencyStats l)
    {
        sb.append(String.format("%-24s %-8s %12d %10d %10d %10d %10d %10d %12d%n", name, of, l.count(), l.p50Ns(),
            l.p90Ns(), l.p99Ns(), l.p999Ns(), l.p9999Ns(), l.maxNs()));
    }
}
