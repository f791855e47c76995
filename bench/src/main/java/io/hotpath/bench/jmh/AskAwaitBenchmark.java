package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
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
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Request and reply on one worker, single threaded (the benchmark thread drives an embedded worker): the same round
 * trip written four ways, so their costs compare in one run.
 * <ul>
 *   <li>{@code tellRoundTrip}: A tells B, B tells A back.</li>
 *   <li>{@code askRoundTrip}: A asks B with a re-used reply and a non-capturing callback; B answers with
 *   {@code ctx.reply}.</li>
 *   <li>{@code awaitRoundTrip}: a sequential A awaits B's answer: the method suspends on a continuation and resumes
 *   when the answer takes A's turn.</li>
 *   <li>{@code awaitCompleted}: a sequential actor awaits a reply that has arrived already (no suspension); per
 *   await.</li>
 *   <li>{@code plainTell} and {@code sequentialTell}: one tell to an actor whose handler does nothing, plain and
 *   sequential: the difference is what running a method on a continuation costs per message (mounting it and
 *   yielding at the end), the floor under every sequential message.</li>
 * </ul>
 * Every round trip is one tell from the benchmark thread plus one duty cycle. Sequential actors need the JDK's
 * continuations, so the fork gets {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED")
public class AskAwaitBenchmark
{
    static final int AWAITS = 1_000;
    private static final Object GO = new Object();
    private static final Object PING = new Object();
    private static final Object PONG = new Object();
    private static final BiConsumer<Object, Throwable> IGNORE = (value, error) ->
    {
    };

    /** The four shapes on one embedded worker. */
    @State(Scope.Thread)
    public static class Actors extends EmbeddedState
    {
        ActorRef<Object> tellInitiator;
        ActorRef<Object> askInitiator;
        ActorRef<Object> awaitInitiator;
        ActorRef<Object> awaitCompleted;
        ActorRef<Object> plainSink;
        ActorRef<Object> sequentialSink;
        final Reply<Object> reused = new Reply<>();
        final Reply<Object> reusedForAwait = new Reply<>();

        @Setup(Level.Trial)
        public void setUp()
        {
            engine = new EmbeddedEngine(config());
            final ActorRef<Object> echo = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
                ctx.reply(PONG)).name("echo").onWorker(0).spawn();
            final java.util.concurrent.atomic.AtomicReference<ActorRef<Object>> self =
                new java.util.concurrent.atomic.AtomicReference<>();
            final ActorRef<Object> teller = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if (m == PING)
                {
                    self.get().tell(PONG);
                }
            }).name("teller").onWorker(0).spawn();
            tellInitiator = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                if (m == GO)
                {
                    teller.tell(PING);
                }
            }).name("tell-initiator").onWorker(0).spawn();
            self.set(tellInitiator);
            askInitiator = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
                echo.ask(PING, reused).onComplete(IGNORE)).name("ask-initiator").onWorker(0).spawn();
            awaitInitiator = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
                Await.await(echo.ask(PING, reusedForAwait))).name("await-initiator").onWorker(0).sequential().spawn();
            final Reply<Object> done = echo.ask(PING);
            if (!done.isDone())
            {
                throw new IllegalStateException("the echo's answer should have arrived by direct handoff");
            }
            awaitCompleted = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                for (int i = 0; i < AWAITS; i++)
                {
                    Await.await(done);
                }
            }).name("await-completed").onWorker(0).sequential().spawn();
            plainSink = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
            {
            }).name("plain-sink").onWorker(0).spawn();
            sequentialSink = engine.engine().actor((ActorContext<Object> ctx) -> (Object m) ->
            {
            }).name("sequential-sink").onWorker(0).sequential().spawn();
        }

        EngineConfig.Builder config()
        {
            return EngineConfig.builder().workers(1).idle("busy-spin");
        }
    }

    @Benchmark
    public int tellRoundTrip(final Actors s)
    {
        s.tellInitiator.tell(GO);
        return s.engine.invoker().doWork();
    }

    @Benchmark
    public int askRoundTrip(final Actors s)
    {
        s.askInitiator.tell(GO);
        return s.engine.invoker().doWork();
    }


    @Benchmark
    public int awaitRoundTrip(final Actors s)
    {
        s.awaitInitiator.tell(GO);
        return s.engine.invoker().doWork();
    }

    @Benchmark
    public int plainTell(final Actors s)
    {
        s.plainSink.tell(PING);
        return s.engine.invoker().doWork();
    }

    @Benchmark
    public int sequentialTell(final Actors s)
    {
        s.sequentialSink.tell(PING);
        return s.engine.invoker().doWork();
    }

    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public void awaitCompleted(final Actors s)
    {
        s.awaitCompleted.tell(PONG);
    }
}
