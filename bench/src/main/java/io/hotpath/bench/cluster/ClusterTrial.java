package io.hotpath.bench.cluster;

import io.hotpath.Engine;
import io.hotpath.bench.impl.Trial;
import io.hotpath.cluster.ClusterClient;
import org.agrona.CloseHelper;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One run of the cluster row: what it started, closed in reverse order (the client's engine first, so that its worker
 * no longer runs the raw side, then the raw session, the cluster client and its driver, then the members). When the
 * measurement begins it reads each member's service counts, and when it closes it reads them again and prints, per
 * member, the bytes its service thread allocated per message meanwhile, Hotpath's asks and raw echoes apart. Owned by
 * the driver thread.
 */
final class ClusterTrial implements Trial
{
    private final ThreeMembers members;
    private Engine engine;
    private ClusterClient client;
    private RawEcho raw;
    private Asker asker;
    private List<ServiceTally.Snapshot> atStart;
    private long startNs;

    ClusterTrial(final ThreeMembers members)
    {
        this.members = members;
    }

    Engine engine(final Engine value)
    {
        engine = value;
        return value;
    }

    ClusterClient client(final ClusterClient value)
    {
        client = value;
        return value;
    }

    RawEcho raw(final RawEcho value)
    {
        raw = value;
        return value;
    }

    void asker(final Asker value)
    {
        asker = value;
    }

    @Override
    public void measuring()
    {
        atStart = members.stats();
        startNs = System.nanoTime();
    }

    /**
     * @throws IllegalStateException when the asks stopped before the run did, saying why.
     */
    @Override
    public void close()
    {
        String allocation = null;
        RuntimeException failure = null;
        try
        {
            if (atStart != null)
            {
                final List<ServiceTally.Snapshot> atEnd = members.stats();
                allocation = allocation(atStart, atEnd, members.roles(), System.nanoTime() - startNs);
            }
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
        }
        if (engine != null)
        {
            engine.close();
        }
        CloseHelper.closeAll(raw, client);
        members.close();
        if (allocation != null)
        {
            System.err.print(allocation);
        }
        final String stopped = asker == null ? null : asker.failure();
        if (stopped != null)
        {
            throw new IllegalStateException(stopped);
        }
        if (failure != null)
        {
            throw failure;
        }
    }

    /**
     * @param before  each member's counts when the measurement began.
     * @param after   each member's counts now.
     * @param roles   each member's role now.
     * @param elapsed ns between the two readings.
     * @return a line per member: what its service thread allocated per message between the two readings, for
     * Hotpath's asks and raw echoes apart; what its whole JVM allocated, per second, and the threads that did.
     */
    static String allocation(final List<ServiceTally.Snapshot> before, final List<ServiceTally.Snapshot> after,
        final List<String> roles, final long elapsed)
    {
        final double seconds = elapsed / 1e9;
        final StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nhotpath-cluster: allocated in the " +
            "%.1f s measured, per member: by its service thread while applying each kind of message, over that " +
            "kind's messages; by its whole JVM, per second, and the threads that allocated most%n", seconds));
        for (int i = 0; i < after.size(); i++)
        {
            final ServiceTally.Snapshot d = after.get(i).minus(before.get(i));
            sb.append(String.format(Locale.ROOT, "  member %d (%s): service thread: hotpath %d B / %d asks = %.2f B " +
                "per ask, raw %d B / %d echoes = %.2f B per echo; JVM %d B = %.0f B/s (", i,
                roles.get(i).toLowerCase(Locale.ROOT), d.hotpathBytes(), d.hotpathMessages(),
                perMessage(d.hotpathBytes(), d.hotpathMessages()), d.rawBytes(), d.rawMessages(),
                perMessage(d.rawBytes(), d.rawMessages()), d.jvmBytes(), d.jvmBytes() / seconds));
            final String top = d.threads().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .limit(4)
                .map(e -> e.getKey() + " " + e.getValue() + " B")
                .collect(Collectors.joining(", "));
            sb.append(top.isEmpty() ? "no live thread allocated" : top).append(")\n");
        }
        return sb.toString();
    }

    private static double perMessage(final long bytes, final long messages)
    {
        return messages == 0 ? 0 : (double)bytes / messages;
    }
}
