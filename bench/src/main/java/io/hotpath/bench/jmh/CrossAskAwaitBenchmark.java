package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.WorkerInvoker;
import io.hotpath.affinity.topology.ThreadPinning;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
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
 * A request and its reply across two workers, written three ways: tell and tell back, ask with a callback, and
 * await in a sequential actor. The initiators live on worker 0, which the benchmark thread drives (so it spins on
 * that worker's duty cycle until the round trip is back); the echoes live on worker 1, a busy-spin thread: two busy
 * threads on two CPUs, pinned one to each. The await runs with {@code await.spinNs} at its default and at 0 (every
 * await suspends). Sequential actors need the JDK's continuations and pinning needs native access, hence the fork's
 * flags. On a small guest a fork can run slower than the others throughout (the same code, the same pins;
 * docs/lab/2026-11-27-jmh-per-path.md); run several forks ({@code -f 4}) and compare the forks' figures.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED"})
public class CrossAskAwaitBenchmark
{
    private static final Object GO = new Object();
    private static final Object PING = new Object();
    private static final Object PONG = new Object();

    /** Initiators on the benchmark thread's worker, echoes on the other worker. */
    @State(Scope.Thread)
    public static class Workers
    {
        Engine engine;
        WorkerInvoker invoker;
        long done;
        ActorRef<Object> tellInitiator;
        ActorRef<Object> askInitiator;
        ActorRef<Object> awaitInitiator;
        /** Written by both threads each round trip: kept off the lines of everything else here (see below). */
        private final Reply<Object> askReply = SpacedReplies.create();
        private final Reply<Object> awaitReply = SpacedReplies.create();
        private final BiConsumer<Object, Throwable> count = (value, error) -> done++;

        @Setup(Level.Trial)
        public void setUp()
        {
            engine = Engine.start(config().build());
            invoker = engine.invoker(0);
            invoker.doWork();
            pinBothThreads();
            final ActorRef<Object> askEcho = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                ctx.reply(PONG)).name("ask-echo").onWorker(1).spawn();
            final java.util.concurrent.atomic.AtomicReference<ActorRef<Object>> back =
                new java.util.concurrent.atomic.AtomicReference<>();
            final ActorRef<Object> tellEcho = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                back.get().tell(PONG)).name("tell-echo").onWorker(1).spawn();
            tellInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if (m == GO)
                {
                    tellEcho.tell(PING);
                }
                else
                {
                    done++;
                }
            }).name("tell-initiator").onWorker(0).spawn();
            back.set(tellInitiator);
            askInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                askEcho.ask(PING, askReply).onComplete(count)).name("ask-initiator").onWorker(0).spawn();
            awaitInitiator = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                Await.await(askEcho.ask(PING, awaitReply));
                done++;
            }).name("await-initiator").onWorker(0).sequential().spawn();
        }

        /**
         * Pin the benchmark thread (worker 0's driver) to CPU 0 and worker 1 to CPU 1, when the machine has two CPUs
         * or more: unpinned, the two busy threads may share a CPU for a while, and one fork's round trips differ
         * from the next one's by a factor of three on a small guest. A pin that fails leaves the thread where it is.
         */
        private void pinBothThreads()
        {
            if (!ThreadPinning.isSupported() || Runtime.getRuntime().availableProcessors() < 2)
            {
                return;
            }
            ThreadPinning.pinCurrentThread(0);
            final ActorRef<Object> pinner = engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                ctx.reply(ThreadPinning.pinCurrentThread(1).ok())).name("pinner").onWorker(1).spawn();
            final Reply<Object> pinned = pinner.ask(GO);
            while (!pinned.isDone())
            {
                invoker.doWork();
            }
        }

        EngineConfig.Builder config()
        {
            return EngineConfig.builder().workers(2).idle("busy-spin").embedded(0, true);
        }

        @Setup(Level.Iteration)
        public void claim()
        {
            invoker.doWork();
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            engine.close();
            while (!invoker.isTerminated())
            {
                invoker.doWork();
            }
            engine.awaitTermination(Duration.ofSeconds(5));
        }

        long roundTrip(final ActorRef<Object> initiator)
        {
            final long before = done;
            initiator.tell(GO);
            while (done == before)
            {
                invoker.doWork();
            }
            return done;
        }
    }

    @Benchmark
    public long tellRoundTrip(final Workers s)
    {
        return s.roundTrip(s.tellInitiator);
    }

    @Benchmark
    public long askRoundTrip(final Workers s)
    {
        return s.roundTrip(s.askInitiator);
    }

    /** The same two workers for the await, with its spin on (the default) or off, so that every await suspends. */
    @State(Scope.Thread)
    public static class AwaitWorkers extends Workers
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

    @Benchmark
    public long awaitRoundTrip(final AwaitWorkers s)
    {
        return s.roundTrip(s.awaitInitiator);
    }
}
