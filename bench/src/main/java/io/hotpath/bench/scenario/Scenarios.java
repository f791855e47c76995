package io.hotpath.bench.scenario;

import io.hotpath.Idle;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The catalogue of scenarios and the names that select them. Stateless.
 */
public final class Scenarios
{
    /** Round trips in flight in pingpong-backlog: enough that each actor finds a backlog in its mailbox. */
    public static final int BACKLOG_IN_FLIGHT = 16;
    /** Messages in flight in burst-1000. */
    public static final int BURST_IN_FLIGHT = 1000;
    /**
     * The cluster row: a client's ask through three Aeron Cluster members on this machine, paired with raw Aeron
     * Cluster's echo. Not in {@code all}: it starts three JVMs of its own, so it runs when named.
     */
    public static final String CLUSTER_ASK = "cluster-ask-3-members";
    /**
     * Frames of the queues in the fixed-rate rows whose name ends with {@link #LARGE_QUEUE_SUFFIX}: the fixed-rate
     * sender's whole pool of envelopes (the most it lets be in flight), so a backlog after a host stall meets the
     * same bound in the engine as in the peers.
     */
    public static final int LARGE_QUEUE_FRAMES = 1 << 16;
    /** The name's suffix of a fixed-rate row with queues of {@link #LARGE_QUEUE_FRAMES}. */
    public static final String LARGE_QUEUE_SUFFIX = "-q64k";
    /** Names accepted by --scenarios, in the order rows run. */
    public static final List<String> SELECTORS = List.of(
        "pingpong", "pingpong-cross", "pingpong-cross-written", "pingpong-same", "pingpong-backlog", "burst-1000",
        "blast", "fan-in",
        "pipeline", "pipeline-colocated", "pipeline-spread", "fixed-rate", "wakeup", "wakeup-busy-spin",
        "wakeup-yield", "wakeup-backoff", "wakeup-park", "remote", "remote-pingpong-ipc-invoker",
        "remote-pingpong-udp-invoker", "remote-blast-udp-invoker", "remote-pingpong-ipc-invoker-worker0",
        "remote-pingpong-udp-invoker-worker0",
        "remote-blast-udp-invoker-worker0", "cluster", CLUSTER_ASK, "all");

    private Scenarios()
    {
    }

    /**
     * @param selectors names from {@link #SELECTORS}, or row names such as {@code fixed-rate-1m}.
     * @param rates     target rates of fixed-rate rows, messages per second.
     * @return the rows to run, in catalogue order, each once.
     * @throws IllegalArgumentException naming an unknown selector.
     */
    public static List<Scenario> select(final List<String> selectors, final long[] rates)
    {
        final List<Scenario> all = catalogue(rates);
        final Set<Scenario> chosen = new LinkedHashSet<>();
        for (final String raw : selectors)
        {
            final String selector = raw.trim().toLowerCase(Locale.ROOT);
            final List<Scenario> matched = new ArrayList<>();
            for (final Scenario s : all)
            {
                if (matches(selector, s))
                {
                    matched.add(s);
                }
            }
            if (matched.isEmpty())
            {
                throw new IllegalArgumentException("unknown scenario '" + raw + "'; known: " +
                    String.join(", ", SELECTORS) + " (and the row names fixed-rate-RATE and fixed-rate-RATE" +
                    LARGE_QUEUE_SUFFIX + " of the chosen rates; all is every row but " + CLUSTER_ASK + " and the " +
                    LARGE_QUEUE_SUFFIX + " rows)");
            }
            chosen.addAll(matched);
        }
        final List<Scenario> ordered = new ArrayList<>();
        for (final Scenario s : all)
        {
            if (chosen.contains(s))
            {
                ordered.add(s);
            }
        }
        return ordered;
    }

    /**
     * @param rates target rates of the fixed-rate rows.
     * @return every row, in run order.
     */
    public static List<Scenario> catalogue(final long[] rates)
    {
        final List<Scenario> all = new ArrayList<>();
        all.add(new Scenario("pingpong-cross", ScenarioKind.ROUND_TRIP, 1, false, 0, null, false));
        all.add(new Scenario("pingpong-cross-written", ScenarioKind.ROUND_TRIP, 1, false, 0, null, true));
        all.add(new Scenario("pingpong-same", ScenarioKind.ROUND_TRIP, 1, true, 0, null, false));
        // more than one message in flight: each carries its own send time
        all.add(new Scenario("pingpong-backlog", ScenarioKind.ROUND_TRIP, BACKLOG_IN_FLIGHT, true, 0, null, true));
        all.add(new Scenario("burst-1000", ScenarioKind.ROUND_TRIP, BURST_IN_FLIGHT, false, 0, null, true));
        all.add(new Scenario("blast", ScenarioKind.BLAST, 0, false, 0, null, false));
        all.add(new Scenario("fan-in", ScenarioKind.FAN_IN, 0, false, 0, null, false));
        all.add(new Scenario("pipeline-colocated", ScenarioKind.PIPELINE, 1, true, 0, null, true));
        all.add(new Scenario("pipeline-spread", ScenarioKind.PIPELINE, 1, false, 0, null, true));
        for (final long rate : rates)
        {
            all.add(new Scenario("fixed-rate-" + rateLabel(rate), ScenarioKind.FIXED_RATE, 0, false, rate, null,
                true));
        }
        // not in all nor in fixed-rate: the same with the engine's inbound queue, lanes and the receiver's mailbox as
        // large as the sender's pool, run when named
        for (final long rate : rates)
        {
            all.add(new Scenario("fixed-rate-" + rateLabel(rate) + LARGE_QUEUE_SUFFIX, ScenarioKind.FIXED_RATE, 0,
                false, rate, null, true, LARGE_QUEUE_FRAMES));
        }
        for (final Idle strategy : Idle.values())
        {
            all.add(new Scenario("wakeup-" + strategy.configName(), ScenarioKind.WAKEUP, 1, false, 0,
                strategy.configName(), true));
        }
        // two nodes in this JVM, one actor (or thread) each, paired with raw Aeron on the nodes' workers: a round trip
        // over IPC (shared memory: one media driver, embedded by the first node in invoker mode, the second pointing
        // at it), over UDP on 127.0.0.1 (each node its own embedded invoker driver, the remote module's default), and
        // one sender to one receiver over UDP as fast as back pressure allows; the name says the transport and the
        // driver mode, every other setting is the engine's and the remote module's default
        all.add(new Scenario("remote-pingpong-ipc-invoker", ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null,
            true));
        all.add(new Scenario("remote-pingpong-udp-invoker", ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null,
            true));
        all.add(new Scenario("remote-blast-udp-invoker", ScenarioKind.REMOTE_BLAST, 0, false, 0, null, false));
        // the same with the node's control, client conductor and driver on worker 0's duty cycle
        // (remote.controlWorker=0) instead of a thread of the node's own, which finds no CPU where the workers
        // busy-spin on every one (lab entry 2026-11-28-race-30f2885)
        all.add(new Scenario("remote-pingpong-ipc-invoker-worker0", ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null,
            true));
        all.add(new Scenario("remote-pingpong-udp-invoker-worker0", ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null,
            true));
        all.add(new Scenario("remote-blast-udp-invoker-worker0", ScenarioKind.REMOTE_BLAST, 0, false, 0, null,
            false));
        // a client's ask through three members in JVMs of their own on 127.0.0.1 UDP, each with the cluster module's
        // defaults, answered by a clustered echo actor, paired with raw Aeron Cluster's echo in the same members; the
        // ping passes untouched both ways
        all.add(new Scenario(CLUSTER_ASK, ScenarioKind.CLUSTER_ROUND_TRIP, 1, false, 0, "backoff", false));
        all.add(new Scenario(CLUSTER_ASK + "-yield", ScenarioKind.CLUSTER_ROUND_TRIP, 1, false, 0, "yield", false));
        return all;
    }

    /**
     * @param rate messages per second, positive.
     * @return the suffix of its row name: 1000000 is {@code 1m}, 250000 is {@code 250k}, 1500 is {@code 1500}.
     */
    public static String rateLabel(final long rate)
    {
        if (rate % 1_000_000 == 0)
        {
            return rate / 1_000_000 + "m";
        }
        if (rate % 1_000 == 0)
        {
            return rate / 1_000 + "k";
        }
        return Long.toString(rate);
    }

    private static boolean matches(final String selector, final Scenario s)
    {
        return switch (selector)
        {
            case "all" -> s.kind() != ScenarioKind.CLUSTER_ROUND_TRIP && s.queueFrames() == 0;
            case "cluster" -> s.kind() == ScenarioKind.CLUSTER_ROUND_TRIP;
            case "pingpong" -> s.name().startsWith("pingpong-");
            case "pipeline" -> s.kind() == ScenarioKind.PIPELINE;
            case "fixed-rate" -> s.kind() == ScenarioKind.FIXED_RATE && s.queueFrames() == 0;
            case "wakeup" -> s.kind() == ScenarioKind.WAKEUP;
            case "remote" -> s.name().startsWith("remote-");
            default -> s.name().equals(selector);
        };
    }
}
