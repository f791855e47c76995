package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
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
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.Control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * What observing the engine costs per message, with {@code -prof gc} for the bytes: {@code observe=off} (no stall
 * detector, no histograms), {@code stall} (the stall detector at its default threshold: an opaque store per
 * outermost turn begun and ended), {@code histograms} (the stall detector and every worker's histograms: a
 * {@code System.nanoTime()} pair and a recorder write per handler run, a send stamp and a wait record per frame).
 * <ul>
 *   <li>{@code directHandoff}: the benchmark thread owns an embedded worker and sends to an idle actor there, whose
 *   handler runs at once on its stack (as {@code LocalPathBenchmark.directHandoff}).</li>
 *   <li>{@code crossWorkerRoundTrip}: the benchmark thread sends to an actor on a worker with a thread of its own,
 *   through its inbound queue (the path of a send from another worker), and spins until the actor has handled it
 *   (as {@code CrossThreadBenchmark.roundTrip}); per round trip.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ObservabilityBenchmark
{
    private static final Object MESSAGE = new Object();

    /** The engine's observability settings for a value of {@code observe}. */
    static EngineConfig.Builder observed(final EngineConfig.Builder builder, final String observe)
    {
        return switch (observe)
        {
            case "off" -> builder.stallThresholdNs(0).histograms(false).jmx(false);
            case "stall" -> builder.histograms(false).jmx(false);
            case "histograms" -> builder.histograms(true).jmx(false);
            default -> throw new IllegalArgumentException("observe: off, stall or histograms, not " + observe);
        };
    }

    /** An embedded worker the benchmark thread owns, with one actor. */
    @State(Scope.Thread)
    public static class Local
    {
        @Param({"off", "stall", "histograms"})
        public String observe;

        EmbeddedEngine engine;
        ActorRef<Object> sink;

        @Setup(Level.Trial)
        public void setUp(final Blackhole bh)
        {
            engine = new EmbeddedEngine(observed(EngineConfig.builder().workers(1).idle("busy-spin"), observe));
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
                final long handled = engine.requirePath(sink, true);
                EmbeddedEngine.requireSome(handled);
                final var histogram = engine.engine().stats().workers().getFirst().handlerNs();
                if (observe.equals("histograms") && (histogram == null || histogram.count() < handled))
                {
                    throw new IllegalStateException("the histogram missed messages: " + histogram + " of " + handled);
                }
            }
            finally
            {
                engine.close();
            }
        }
    }

    /** A worker on its own thread, with an actor that publishes how many messages it has handled. */
    @State(Scope.Thread)
    public static class Remote
    {
        private static final VarHandle ECHOED;

        static
        {
            try
            {
                ECHOED = MethodHandles.lookup().findVarHandle(Remote.class, "echoed", long.class);
            }
            catch (final ReflectiveOperationException ex)
            {
                throw new ExceptionInInitializerError(ex);
            }
        }

        @Param({"off", "stall", "histograms"})
        public String observe;

        Engine engine;
        ActorRef<Object> echo;
        /** Written by the worker (release), read by the sender (acquire). */
        private long echoed;
        /** The sender's own. */
        private long sent;

        @Setup(Level.Trial)
        public void setUp()
        {
            engine = Engine.start(observed(EngineConfig.builder().workers(1).idle("busy-spin"), observe).build());
            echo = engine.actor((ActorContext<Object> ctx) -> m -> ECHOED.setRelease(this, echoed + 1))
                .name("echo").onWorker(0).spawn();
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            engine.close();
            EmbeddedEngine.requireSome(engine.stats().workers().getFirst().handled());
        }
    }

    @Benchmark
    public void directHandoff(final Local s)
    {
        s.sink.tell(MESSAGE);
    }

    @Benchmark
    public boolean crossWorkerRoundTrip(final Remote s, final Control control)
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        final long expected = ++s.sent;
        s.echo.tell(MESSAGE);
        while ((long)Remote.ECHOED.getAcquire(s) < expected)
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }
}
