package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.metrics.WorkerStats;
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
import org.openjdk.jmh.infra.Control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * Per-message cost of a send from another thread: the benchmark thread sends to an actor on a worker that runs on
 * its own thread, through that worker's many-to-one inbound queue, the path of every thread outside the engine (a
 * send from another worker takes its lane: {@link CrossWorkerBenchmark}). Two busy threads (the sender and the
 * worker) measure it on a two-CPU machine.
 * <ul>
 *   <li>{@code oneWay}: {@code offer} until accepted, so a full inbound queue throttles the sender to the worker's
 *   pace; per message accepted.</li>
 *   <li>{@code roundTrip}: send, then spin until the actor has published the message's sequence number (a release
 *   store read by an acquire load); per round trip.</li>
 * </ul>
 * The worker's idle strategy is a parameter ({@code -p idle=backoff}); busy-spin by default. State per benchmark
 * thread; the counters below are written by the worker and read by the benchmark thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class CrossThreadBenchmark
{
    private static final Object MESSAGE = new Object();
    private static final VarHandle ECHOED;

    static
    {
        try
        {
            ECHOED = MethodHandles.lookup().findVarHandle(CrossThreadBenchmark.class, "echoed", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @Param({"busy-spin"})
    public String idle;

    private Engine engine;
    private ActorRef<Object> sink;
    private ActorRef<Object> echo;
    /** Messages the echo actor has handled: written by the worker (release), read by the sender (acquire). */
    private long echoed;
    /** Round trips the sender has started; the sender's own. */
    private long sent;
    /** Messages the sink has handled; the worker's own, read by the sender only after the worker has finished. */
    private long sunk;

    @Setup(Level.Trial)
    public void setUp()
    {
        engine = Engine.start(EngineConfig.builder().workers(1).idle(idle).build());
        sink = engine.actor((ActorContext<Object> ctx) -> m -> sunk++).name("sink").onWorker(0).spawn();
        echo = engine.actor((ActorContext<Object> ctx) -> m -> ECHOED.setRelease(this, echoed + 1))
            .name("echo").onWorker(0).spawn();
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        engine.close();
        final WorkerStats worker = engine.stats().workers().getFirst();
        EmbeddedEngine.requireSome(worker.handled());
        if (worker.deadLetters() != 0 || sunk + echoed != worker.handled())
        {
            throw new IllegalStateException("messages lost or counted twice: sink " + sunk + " + echo " + echoed +
                " != handled " + worker.handled() + ", dead letters " + worker.deadLetters());
        }
    }

    @Benchmark
    public boolean oneWay(final Control control)
    {
        final ActorRef<Object> target = sink;
        while (!target.offer(MESSAGE))
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    @Benchmark
    public boolean roundTrip(final Control control)
    {
        if (control.stopMeasurement)
        {
            // with several benchmark threads JMH keeps calling during warm-down; send nothing nobody waits for
            return false;
        }
        final long expected = ++sent;
        echo.tell(MESSAGE);
        while ((long)ECHOED.getAcquire(this) < expected)
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
