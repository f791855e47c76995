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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The round trip between two workers, one message in flight: actor {@code ping} on worker 0 tells {@code pong} on
 * worker 1, which tells it back, {@value #ROUND_TRIPS} times per invocation; the benchmark thread parks meanwhile,
 * so on a two-CPU machine the two workers have a CPU each. The per-operation time is the harness's
 * {@code pingpong-cross} row without its histogram, its floor slices and its quantized clock, and a profiler
 * ({@code -prof perfasm}) sees both workers' code.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class WorkerRoundTripBenchmark
{
    /** Round trips per invocation. */
    static final int ROUND_TRIPS = 1 << 16;
    private static final Object BALL = new Object();
    /** An invocation takes milliseconds; one that has not ended after this lost a message. */
    private static final long STALLED_NS = TimeUnit.SECONDS.toNanos(60);

    /** The workers' idle strategy: busy-spin, as the harness's rows, or the engine's default, backoff. */
    @Param({"busy-spin"})
    public String idle = "busy-spin";
    /** Whether the workers run their loop on a continuation ({@code await.onLoopStack}, on by default). */
    @Param({"true"})
    public boolean loopStack = true;

    private Engine engine;
    private ActorRef<Object> ping;
    /** Round trips completed; ping's own, read by the benchmark thread once the invocation's last is back. */
    private long completed;
    /** Round trips left in the invocation going on; ping's own. */
    private long left;
    private volatile boolean done;
    private volatile Thread waiter;

    @Setup(Level.Trial)
    public void setUp()
    {
        engine = Engine.start(EngineConfig.builder().workers(2).idle(idle).awaitOnLoopStack(loopStack).build());
        final AtomicReference<ActorRef<Object>> pong = new AtomicReference<>();
        ping = engine.actor((ActorContext<Object> ctx) -> m ->
        {
            if (m instanceof Long n)
            {
                left = n;
            }
            else
            {
                completed++;
                left--;
            }
            if (left > 0)
            {
                pong.getPlain().tell(BALL);
            }
            else
            {
                done = true;
                LockSupport.unpark(waiter);
            }
        }).name("ping").onWorker(0).spawn();
        final ActorRef<Object> back = ping;
        pong.set(engine.actor((ActorContext<Object> ctx) -> m -> back.tell(m)).name("pong").onWorker(1).spawn());
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public long roundTrip()
    {
        waiter = Thread.currentThread();
        done = false;
        // done is cleared before the tell that starts ping's run, so ping's done = true at its end is the last write
        ping.tell((long)ROUND_TRIPS);
        final long deadlineNs = System.nanoTime() + STALLED_NS;
        while (!done)
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("the round trips stalled: not all " + ROUND_TRIPS + " of the " +
                    "invocation came back within 60 s (" + completed + " completed in all)");
            }
            LockSupport.parkNanos(1_000_000L);
        }
        return completed;
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        engine.close();
        long deadLetters = 0;
        for (final WorkerStats worker : engine.stats().workers())
        {
            deadLetters += worker.deadLetters();
        }
        if (deadLetters != 0 || completed % ROUND_TRIPS != 0 || completed == 0)
        {
            throw new IllegalStateException("round trips lost: " + completed + " completed, not a multiple of " +
                ROUND_TRIPS + ", and " + deadLetters + " dead letters");
        }
    }
}
