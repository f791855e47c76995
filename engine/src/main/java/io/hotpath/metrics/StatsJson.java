package io.hotpath.metrics;

import io.hotpath.DeadLetterReason;

import java.util.Locale;
import java.util.Map;

/** Writes an {@link EngineStats} as JSON, by hand (no JSON library). Stateless. */
final class StatsJson
{
    private StatsJson()
    {
    }

    static String write(final EngineStats stats)
    {
        final StringBuilder sb = new StringBuilder(1024);
        sb.append("{\"workers\":[");
        for (int i = 0; i < stats.workers().size(); i++)
        {
            final WorkerStats w = stats.workers().get(i);
            sb.append(i == 0 ? "{" : ",{");
            field(sb, "index", w.index()).append(',');
            field(sb, "name", w.name()).append(',');
            field(sb, "idle", w.idle()).append(',');
            sb.append("\"embedded\":").append(w.embedded()).append(',');
            field(sb, "handled", w.handled()).append(',');
            field(sb, "handoffs", w.handoffs()).append(',');
            field(sb, "reschedules", w.reschedules()).append(',');
            field(sb, "exceptions", w.exceptions()).append(',');
            field(sb, "deadLetters", w.deadLetters()).append(',');
            field(sb, "inboundHighWater", w.inboundHighWater()).append(',');
            field(sb, "inboundSize", w.inboundSize()).append(',');
            field(sb, "outboundHighWater", w.outboundHighWater()).append(',');
            field(sb, "congestedActors", w.congestedActors()).append(',');
            field(sb, "congestedHolds", w.congestedHolds()).append(',');
            field(sb, "awaitSuspensions", w.awaitSuspensions()).append(',');
            field(sb, "awaitSpins", w.awaitSpins()).append(',');
            field(sb, "loopStacks", w.loopStacks()).append(',');
            field(sb, "interruptsCleared", w.interruptsCleared()).append(',');
            field(sb, "stalls", w.stalls()).append(',');
            field(sb, "longestStallNs", w.longestStallNs()).append(',');
            sb.append("\"terminated\":").append(w.terminated());
            latency(sb, "waitNs", w.waitNs());
            latency(sb, "handlerNs", w.handlerNs());
            sb.append('}');
        }
        sb.append("],\"actors\":[");
        for (int i = 0; i < stats.actors().size(); i++)
        {
            final ActorStats a = stats.actors().get(i);
            sb.append(i == 0 ? "{" : ",{");
            field(sb, "id", a.id()).append(',');
            field(sb, "name", a.name()).append(',');
            field(sb, "worker", a.worker()).append(',');
            field(sb, "handled", a.handled()).append(',');
            field(sb, "handoffs", a.handoffs()).append(',');
            field(sb, "reschedules", a.reschedules()).append(',');
            field(sb, "exceptions", a.exceptions()).append(',');
            field(sb, "deadLetters", a.deadLetters());
            latency(sb, "waitNs", a.waitNs());
            latency(sb, "handlerNs", a.handlerNs());
            sb.append('}');
        }
        sb.append("],\"deadLetters\":{");
        boolean first = true;
        for (final Map.Entry<DeadLetterReason, Long> e : stats.deadLetters().entrySet())
        {
            sb.append(first ? "" : ",");
            field(sb, e.getKey().name().toLowerCase(Locale.ROOT), e.getValue());
            first = false;
        }
        return sb.append("},\"totalDeadLetters\":").append(stats.totalDeadLetters()).append('}').toString();
    }

    private static void latency(final StringBuilder sb, final String name, final LatencyStats l)
    {
        if (l == null)
        {
            return;
        }
        sb.append(",\"").append(name).append("\":{");
        field(sb, "count", l.count()).append(',');
        field(sb, "p50", l.p50Ns()).append(',');
        field(sb, "p90", l.p90Ns()).append(',');
        field(sb, "p99", l.p99Ns()).append(',');
        field(sb, "p999", l.p999Ns()).append(',');
        field(sb, "p9999", l.p9999Ns()).append(',');
        field(sb, "max", l.maxNs()).append(',');
        sb.append("\"mean\":").append(String.format(Locale.ROOT, "%.1f", l.meanNs())).append('}');
    }

    private static StringBuilder field(final StringBuilder sb, final String name, final long value)
    {
        return sb.append('"').append(name).append("\":").append(value);
    }

    private static StringBuilder field(final StringBuilder sb, final String name, final String value)
    {
        sb.append('"').append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            switch (c)
            {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"');
    }
}
