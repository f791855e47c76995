package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.EngineConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Per-message cost of a send on the target's own worker, single threaded: the benchmark thread owns an embedded
 * worker, so its sends are local sends.
 * <ul>
 *   <li>{@code directHandoff}: a send to an idle actor runs its handler at once on the sender's stack.</li>
 *   <li>{@code directHandoffMegamorphic}: the same, cycling over four actors of the four {@link Sinks} classes, so
 *   the engine's own call of the handler is megamorphic, as with many actor types; compare with
 *   {@code MegamorphicCallBenchmark.megamorphicCall}, the same four handlers called plainly.</li>
 *   <li>{@code directHandoffChain}: four actors each forwarding to the next, all by direct handoff; per message
 *   delivered.</li>
 *   <li>{@code rescheduleOne} and {@code rescheduleBatch}: with {@code handoff.maxDepth=0} every local send takes
 *   the path of a busy or backlogged target (append to the mailbox, put the actor on the ready queue, run it from
 *   the duty cycle); one message per duty cycle, or {@value #BATCH} per duty cycle (the mailbox's batch run).</li>
 *   <li>{@code idleCycle}: a duty cycle with nothing to do, what a worker's loop pays between two looks at its
 *   queues (half of it, on average, is added to the hop of a message that arrives meanwhile).</li>
 * </ul>
 * Handlers hand each message to a Blackhole. State per benchmark thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LocalPathBenchmark
{
    static final int CHAIN = 4;
    static final int BATCH = 32;
    private static final Object MESSAGE = new Object();

    /** Default handoff depth: sends to an idle actor run inline. */
    @State(Scope.Thread)
    public static class Direct
    {
        EmbeddedEngine engine;
        ActorRef<Object> sink;
        ActorRef<Object> chainHead;
        final List<ActorRef<Object>> mixed = new ArrayList<>();
        int next;
        private ActorRef<Object> chainTail;

        @Setup(Level.Trial)
        public void setUp(final Blackhole bh)
        {
            engine = new EmbeddedEngine(EngineConfig.builder().workers(1).idle("busy-spin"));
            sink = engine.engine().actor((ActorContext<Object> ctx) -> bh::consume).name("sink").onWorker(0).spawn();
            chainTail = engine.engine().actor((ActorContext<Object> ctx) -> bh::consume)
                .name("chain-" + (CHAIN - 1)).onWorker(0).spawn();
            ActorRef<Object> next = chainTail;
            for (int i = CHAIN - 2; i >= 0; i--)
            {
                next = forwarder(engine, "chain-" + i, next);
            }
            chainHead = next;
            for (final Sinks.Sink handler : Sinks.four(bh))
            {
                mixed.add(engine.engine().actor((ActorContext<Object> ctx) -> handler)
                    .name("mixed-" + mixed.size()).onWorker(0).spawn());
            }
        }

        @Setup(Level.Iteration)
        public void claim()
        {
            engine.claim();
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            try
            {
                long handled = engine.requirePath(sink, true) + engine.requirePath(chainHead, true) +
                    engine.requirePath(chainTail, true);
                for (final ActorRef<Object> ref : mixed)
                {
                    handled += engine.requirePath(ref, true);
                }
                EmbeddedEngine.requireSome(handled);
            }
            finally
            {
                engine.close();
            }
        }
    }

    /** Direct handoff off: every local send is queued and the actor rescheduled. */
    @State(Scope.Thread)
    public static class Queued
    {
        EmbeddedEngine engine;
        ActorRef<Object> sink;

        @Setup(Level.Trial)
        public void setUp(final Blackhole bh)
        {
            engine = new EmbeddedEngine(EngineConfig.builder().workers(1).idle("busy-spin").handoffMaxDepth(0));
            sink = engine.engine().actor((ActorContext<Object> ctx) -> bh::consume).name("sink").onWorker(0).spawn();
        }

        @Setup(Level.Iteration)
        public void claim()
        {
            engine.claim();
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            try
            {
                EmbeddedEngine.requireSome(engine.requirePath(sink, false));
            }
            finally
            {
                engine.close();
            }
        }
    }

    /** A worker with no actor: what its duty cycle costs when it finds nothing to do. */
    @State(Scope.Thread)
    public static class Idle extends EmbeddedState
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            engine = new EmbeddedEngine(EngineConfig.builder().workers(1).idle("busy-spin"));
        }
    }

    @Benchmark
    public void directHandoff(final Direct s)
    {
        s.sink.tell(MESSAGE);
    }

    @Benchmark
    public void directHandoffMegamorphic(final Direct s)
    {
        s.mixed.get(s.next++ & 3).tell(MESSAGE);
    }

    @Benchmark
    @OperationsPerInvocation(CHAIN)
    public void directHandoffChain(final Direct s)
    {
        s.chainHead.tell(MESSAGE);
    }

    /** A duty cycle that finds nothing to do: what a worker's loop pays between two polls of its queues. */
    @Benchmark
    public int idleCycle(final Idle s)
    {
        return s.engine.invoker().doWork();
    }

    @Benchmark
    public int rescheduleOne(final Queued s)
    {
        s.sink.tell(MESSAGE);
        return s.engine.invoker().doWork();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int rescheduleBatch(final Queued s)
    {
        final ActorRef<Object> sink = s.sink;
        for (int i = 0; i < BATCH; i++)
        {
            sink.tell(MESSAGE);
        }
        return s.engine.invoker().doWork();
    }

    private static ActorRef<Object> forwarder(final EmbeddedEngine engine, final String name, final ActorRef<Object> to)
    {
        return engine.engine().actor((ActorContext<Object> ctx) -> to::tell).name(name).onWorker(0).spawn();
    }
}
