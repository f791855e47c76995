package io.hotpath.bench.run;

import io.hotpath.Idle;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The text {@code --help} prints, with how long the default run and a quick run take. Stateless.
 */
final class HelpText
{
    private HelpText()
    {
    }

    /**
     * @return the help text.
     */
    public static String text()
    {
        final String defaultRun = duration(RunPlan.estimateNs(options(new String[0])));
        final String quickRun = duration(RunPlan.estimateNs(options(new String[]{"--quick"})));
        final String oneJvmRun = duration(RunPlan.estimateNs(options(new String[]{"--one-jvm"})));
        return """
            usage: java -jar hotpath-bench.jar [OPTIONS]
                   java -jar hotpath-bench.jar affinity [--profile FILE [--verify]]   topology, profile check
                   java -jar hotpath-bench.jar jmh [JMH ARGS]       per-message cost, e.g. jmh -prof gc
                   java -jar hotpath-bench.jar savina [--help]      Savina benchmarks, Hotpath and Pekko

            Races the Hotpath engine against a raw two-thread floor, JCTools, the Disruptor and Pekko (in the remote
            rows: Hotpath's remote actors against raw Aeron and Pekko's Artery; in the cluster rows: Hotpath's
            clustered actors against raw Aeron Cluster) in one run, scenario by scenario.
            The default run takes about %s, each row in a JVM of its own (--quick about %s and --one-jvm
            about %s, every row in this JVM). Prints one table
            (latencies in ns), the paired ping-pong ratios and the fixed-rate figures, and writes, per scenario and
            implementation, an HdrHistogram percentile file (*.ns.hgrm, values in ns), an interval log for
            fixed-rate rows (*.hlog), summary.json and percentiles.png. The jar starts a child JVM with the flags
            it needs.

            Cross-thread ping-pong rows are paired: each implementation's ping-pong alternates with the floor (two
            threads spinning on volatile fields) ON ITS OWN TWO THREADS in slices (--slice), and the ratio is taken
            per pair of slices and grouped by the floor's speed level (near < 300 ns, mid, far >= 450 ns, distant
            >= 1000 ns), because this kind of host moves its vCPUs between placements about every second. Blast
            and fixed-rate rows alternate the same way, and their rates and latencies are given per level,
            hotpath's beside each peer's at the same level (a fixed-rate row's schedule pauses through each floor
            slice). The remote rows pair Hotpath's remote actors with raw Aeron instead, in slices on the nodes' two
            workers, grouped by the level of raw Aeron's round trip; the cluster rows pair a Hotpath client's asks
            with raw Aeron Cluster's echo, in slices on the client's worker.

            options:
              --scenarios LIST  comma-separated, default all (every row but the cluster rows). Names:
                                  pingpong-cross      two actors on two workers, one round trip in flight; the
                                                      message passes untouched, as the floor's value does (paired)
                                  pingpong-cross-written  the same, the sender stamps the message and the
                                                      responder writes its thread into it (paired)
                                  pingpong-same       two actors on one worker (direct handoff)
                                  pingpong-backlog    one worker, 16 round trips in flight (reschedule path)
                                  pingpong            the four above
                                  burst-1000          1000 messages in flight between two actors
                                  blast               one sender to one receiver across workers (throughput; paired)
                                  fan-in              a sender on every worker plus an outside thread into one actor
                                  pipeline            gateway -> risk -> book -> publisher, as the rows
                                                      pipeline-colocated (one worker) and pipeline-spread
                                  fixed-rate          open loop at each --rate, latency from the intended send
                                                      time (paired); one row per rate: fixed-rate-100k, ...;
                                                      fixed-rate-RATE-q64k, with the engine's queues as large as
                                                      the sender's pool, only when named
                                  wakeup              first message to an idle worker every 2 ms, one row per idle
                                                      strategy: wakeup-busy-spin, wakeup-yield, wakeup-backoff,
                                                      wakeup-park (each also selectable alone)
                                  remote              two nodes in this JVM over Aeron, one worker each, invoker
                                                      drivers (paired with raw Aeron on the workers):
                                                      remote-pingpong-ipc-invoker, remote-pingpong-udp-invoker
                                                      (round trips), remote-blast-udp-invoker (throughput); also
                                                      with remote.controlWorker=0:
                                                      remote-pingpong-ipc-invoker-worker0,
                                                      remote-pingpong-udp-invoker-worker0,
                                                      remote-blast-udp-invoker-worker0
                                  cluster             a client's ask through three Aeron Cluster members, each a
                                                      JVM of its own on 127.0.0.1, to a clustered echo actor
                                                      (paired with raw Aeron Cluster's echo in the same members,
                                                      on the client's worker): cluster-ask-3-members (the cluster
                                                      module's defaults, backoff idling) and
                                                      cluster-ask-3-members-yield (members and the client's
                                                      driver yield); prints what each member's service thread
                                                      allocated per message. Not in all: name them
              --impls LIST      comma-separated, default all: hotpath, floor, jctools, disruptor,
                                disruptor-ref (a blast whose events carry the message), pekko-classic (Pekko's
                                default dispatcher), pekko-classic-sized (one sized to --workers), pekko-typed,
                                pekko-affinity, hotpath-remote, aeron-raw (the floor of the remote rows),
                                pekko-artery, hotpath-cluster (the cluster rows). Each runs the scenarios it
                                can express.
              --duration TIME   measured time per row, default 800ms (units: ns, us, ms, s, m)
              --warmup TIME     warm-up per row before the histogram is reset, default 400ms (paired rows 1s,
                                fixed-rate rows 2s); unless --warmup or --quick is given, the first row of
                                an implementation and a scenario in a JVM warms up 2s at least (its code is
                                compiled then)
              --pairs N         fewest pairs of slices a paired row measures, default 15; 0 lets --duration
                                alone decide
              --slice TIME      length of one slice of a paired row, default 100ms
              --repeat N        run every row N times, the implementations taking turns (each time
                                beginning one further on), default 1
              --fork            run each row in a JVM of its own, started for it and ended after it (about
                                1.4 s more per row): no row runs on code the JIT compiled for another, or
                                after another engine closed; the summary's meta counts them (rowJvms). The
                                default, but with --quick and --engine-histograms; given, it forks a --quick run
              --one-jvm         run every row in this JVM: quicker, but each row then runs on code the JIT
                                compiled for the rows before it, and after other engines closed, which slows
                                some rows (docs/lab/2026-11-28-one-jvm-or-jvm-per-row.md)
              --rate LIST       fixed-rate targets in messages/s, default 1000000 (e.g. 100k,500k,1m)
              --workers N       engine workers and peer pool threads, default 2
              --affinity FILE   affinity profile (properties) to apply; recorded in the summary
              --idle STRATEGY   race the engine's workers idling this way (%s) instead of by the
                                engine's default (%s): hotpath:STRATEGY takes hotpath's place
                                (--variant STRATEGY:idle=STRATEGY races it beside hotpath); every other
                                engine row keeps the engine's defaults
              --gc NAME         collector of the run's JVMs, default %s: %s (the summary's meta names it)
              --old-gen         collect each row's heap fully in the middle of its warm-up, so that what the row
                                made and first used (queues, lanes, actors, the messages it resends) is in the
                                old generation, as in a service that has run a while: under G1 a reference
                                stored into an old array then pays a fence in the write barrier
              --variant NAME:KEY=VALUE[,KEY=VALUE...]
                                also race the engine with these settings (keys as in EngineConfig, e.g.
                                nolanes:inbound.laneCapacity=0), as the implementation hotpath:NAME right
                                after hotpath, paired with the floor like it; may be given more than once
              --out DIR         output folder, default ./bench-results/<timestamp>
              --json FILE       also write the JSON summary to FILE
              --quick           100ms warm-up, 200ms measurement, 2 pairs of 50ms slices, one JVM (smoke check)
              --engine-histograms
                                the engine's own latency histograms on for the hotpath rows (not the remote
                                ones): handler and inbound-wait percentiles per worker, printed after the tables
                                and written to engine-histograms.json; they slow those rows down
              --peers-may-fail  a peer's failed row or lost messages are printed but leave the exit status
                                alone (the build's smoke check: a peer library's fault is not the engine's);
                                the engine's rows and the floor's always count
              --help            print this and exit

            exit status: 0 ok, 1 a message was lost or a run failed, 2 bad options.
            """.formatted(defaultRun, quickRun, oneJvmRun, Idle.names(), HarnessOptions.IDLE_DEFAULT,
                GcChoice.G1.optionName(), GcChoice.names());
    }

    private static HarnessOptions options(final String[] args)
    {
        try
        {
            return HarnessOptions.parse(args);
        }
        catch (final OptionException ex)
        {
            throw new IllegalStateException("the default options do not parse: " + ex.getMessage(), ex);
        }
    }

    /**
     * @param ns a duration.
     * @return e.g. {@code 2 min 10 s} or {@code 40 s}, to the next 10 s above a minute.
     */
    static String duration(final long ns)
    {
        final long s = TimeUnit.NANOSECONDS.toSeconds(ns + TimeUnit.MILLISECONDS.toNanos(500));
        if (s < 60)
        {
            return s + " s";
        }
        final long rounded = (s + 9) / 10 * 10;
        return String.format(Locale.ROOT, "%d min %d s", rounded / 60, rounded % 60).replace(" 0 s", "");
    }
}
