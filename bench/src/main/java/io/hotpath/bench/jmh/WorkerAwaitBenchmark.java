package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.affinity.topology.ThreadPinning;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Round trips between actors on worker threads, the way an engine is deployed: a chain of {@value #ROUND_TRIPS}
 * round trips per operation, each begun by a message to the initiator on worker 0, to an echo on the same worker
 * ({@code echo=same}) or on worker 1 ({@code echo=other}), written three ways:
 * <ul>
 *   <li>{@code tellRoundTrip}: the initiator tells the echo, which tells it back; the answer begins the next.</li>
 *   <li>{@code askRoundTrip}: the initiator asks with a re-used reply and a callback; the callback, a message to the
 *   initiator, asks again.</li>
 *   <li>{@code awaitRoundTrip}: a sequential initiator awaits the answer, then tells itself to begin the next round
 *   trip, so that each one starts from a message, as the callback's does.</li>
 * </ul>
 * The benchmark thread asks for a chain and sleeps until it is done; the two workers busy-spin, pinned to CPUs 0 and
 * 1 when the machine has two. Sequential actors need the JDK's continuations and pinning needs native access, hence
 * the fork's flags. The await runs with {@code await.spinNs} at its default and at 0, so that every await of an
 * answer from the other worker suspends.
 * <p>
 * Across workers, a small guest runs some forks slower than others throughout (docs/lab/2026-11-27-jmh-per-path.md), so
 * figures from different forks compare badly; {@code askThenAwait} runs an ask chain and an await chain back to back in
 * every invocation and times each, so the two share every fork and every slow patch: the counters {@code askNs} and
 * {@code awaitNs} sum their times (ns per round trip = sum / ({@code chains} x {@value #ROUND_TRIPS})).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED"})
public class WorkerAwaitBenchmark
{
    static final int ROUND_TRIPS = 1_000;
    private static final Object START = new Object();
    private static final Object GO = new Object();
    private static final Object PING = new Object();
    private static final Object PONG = new Object();
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    /** One engine, its initiators on worker 0 and an echo where {@link #echo} says. */
    @State(Scope.Thread)
    public static class Chains
    {
        /** Where the echo lives: on the initiators' worker, or the other one. */
        @Param({"same", "other"})
        public String echo;

        Engine engine;
        ActorRef<Object> tellInitiator;
        ActorRef<Object> askInitiator;
        ActorRef<Object> awaitInitiator;
        final Reply<Object> done = SpacedReplies.create();

        @Setup(Level.Trial)
        public void setUp()
        {
            engine = Engine.start(config().build());
            pinWorkers();
            final int echoWorker = switch (echo)
            {
                case "same" -> 0;
                case "other" -> 1;
                default -> throw new IllegalArgumentException("echo must be same or other, not " + echo);
            };
            final ActorRef<Object> askEcho = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                ctx.reply(PONG)).name("ask-echo").onWorker(echoWorker).spawn();
            final Chain tell = new Chain();
            final ActorRef<Object> tellEcho = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                tell.self.tell(PONG)).name("tell-echo").onWorker(echoWorker).spawn();
            tellInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if (m == START)
                {
                    tell.begin(ctx.replyLater());
                    tellEcho.tell(PING);
                }
                else if (tell.next())
                {
                    tellEcho.tell(PING);
                }
            }).name("tell-initiator").onWorker(0).spawn();
            tell.self = tellInitiator;
            final AskChain ask = new AskChain(askEcho);
            askInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                ask.begin(ctx.replyLater());
                ask.askNext();
            }).name("ask-initiator").onWorker(0).spawn();
            final Chain await = new Chain();
            final Reply<Object> awaited = SpacedReplies.create();
            awaitInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if (m == START)
                {
                    await.begin(ctx.replyLater());
                }
                Await.await(askEcho.ask(PING, awaited));
                if (await.next())
                {
                    await.self.tell(GO);
                }
            }).name("await-initiator").onWorker(0).sequential().spawn();
            await.self = awaitInitiator;
        }

        EngineConfig.Builder config()
        {
            return EngineConfig.builder().workers(2).idle("busy-spin");
        }

        /** Each worker pins itself to one CPU, when there are two or more; a pin that fails leaves it unpinned. */
        private void pinWorkers()
        {
            if (!ThreadPinning.isSupported() || Runtime.getRuntime().availableProcessors() < 2)
            {
                return;
            }
            for (int worker = 0; worker < 2; worker++)
            {
                final int cpu = worker;
                engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                    ctx.reply(ThreadPinning.pinCurrentThread(cpu).ok())).name("pinner-" + worker)
                    .onWorker(worker).spawn().ask(GO).get(PATIENCE);
            }
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            engine.close();
            engine.awaitTermination(Duration.ofSeconds(5));
        }

        Object chain(final ActorRef<Object> initiator)
        {
            return initiator.ask(START, done).get(PATIENCE);
        }
    }

    /** The await's chains, with its spin on (the default) and off. */
    @State(Scope.Thread)
    public static class AwaitChains extends Chains
    {
        /** {@code await.spinNs}. */
        @Param({"2000", "0"})
        public long awaitSpinNs;

        @Override
        EngineConfig.Builder config()
        {
            return super.config().awaitSpinNs(awaitSpinNs);
        }
    }

    /** How many round trips of a chain are left, and the benchmark's ask to answer at the end; worker 0 only. */
    static class Chain
    {
        ActorRef<Object> self;
        private Reply<Object> finished;
        private int remaining;

        void begin(final Reply<Object> finished)
        {
            this.finished = finished;
            remaining = ROUND_TRIPS;
        }

        /** @return true when another round trip is due; answers the benchmark after the last. */
        boolean next()
        {
            if (--remaining > 0)
            {
                return true;
            }
            finished.complete(PONG);
            return false;
        }
    }

    /** The ask chain: its callback asks again with the same reply. */
    static final class AskChain extends Chain implements BiConsumer<Object, Throwable>
    {
        private final ActorRef<Object> echo;
        private final Reply<Object> reused = SpacedReplies.create();

        AskChain(final ActorRef<Object> echo)
        {
            this.echo = echo;
        }

        void askNext()
        {
            echo.ask(PING, reused).onComplete(this);
        }

        @Override
        public void accept(final Object value, final Throwable error)
        {
            if (next())
            {
                askNext();
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public Object tellRoundTrip(final Chains s)
    {
        return s.chain(s.tellInitiator);
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public Object askRoundTrip(final Chains s)
    {
        return s.chain(s.askInitiator);
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public Object awaitRoundTrip(final AwaitChains s)
    {
        return s.chain(s.awaitInitiator);
    }

    /** The time of each half of {@code askThenAwait}, summed over an iteration. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class PairTimes
    {
        public long askNs;
        public long awaitNs;
        public long chains;

        @Setup(Level.Iteration)
        public void clear()
        {
            askNs = 0;
            awaitNs = 0;
            chains = 0;
        }
    }

    @Benchmark
    @OperationsPerInvocation(2 * ROUND_TRIPS)
    public Object askThenAwait(final Chains s, final PairTimes times)
    {
        final long startNs = System.nanoTime();
        s.chain(s.askInitiator);
        final long askedNs = System.nanoTime();
        final Object last = s.chain(s.awaitInitiator);
        times.awaitNs += System.nanoTime() - askedNs;
        times.askNs += askedNs - startNs;
        times.chains++;
        return last;
    }
}
