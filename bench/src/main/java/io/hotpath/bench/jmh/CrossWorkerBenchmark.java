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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Per-message cost of a stream from one worker to another: an actor on worker 0 sends, from a repeating step, as
 * fast as its lane to worker 1 (or, with {@code -p lanes=0}, worker 1's inbound queue) takes messages, and an actor
 * on worker 1 counts them, the harness's {@code blast} without the floor beside it. The two workers are the two busy
 * threads; the benchmark thread raises the sender's quota by {@value #MESSAGES} and parks until the receiver has
 * counted them all, so each invocation is one stream of {@value #MESSAGES} messages, timed per message.
 * <p>
 * The counters sit 128 bytes apart in one array: the quota (written by the benchmark thread once per invocation,
 * read by both actors), the sender's count and the receiver's count (each written by its own worker only).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class CrossWorkerBenchmark
{
    /** Messages per invocation. */
    static final int MESSAGES = 1 << 16;
    /** Most messages one step sends before its worker's duty cycle goes on. */
    private static final int STEP = 256;
    private static final Object MESSAGE = new Object();
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int QUOTA = 16;
    private static final int SENT = 32;
    private static final int RECEIVED = 48;

    @Param({"4096"})
    public int lanes;
    /**
     * With true, the trial collects the heap fully once the stream has begun, so the lane and the actors are old, as
     * in a service that has run a while; the message sent from then on is made after, so it is young, as a fresh
     * message is. Under G1 a reference stored into an old array then pays a fence in the write barrier.
     */
    @Param({"false"})
    public boolean oldGen;
    /**
     * The workers' idle strategy: busy-spin, whose receiver never parks, or the engine's default, backoff, whose
     * receiver may park, so that its senders look at its sleep flag after their frames.
     */
    @Param({"busy-spin", "backoff"})
    public String idle = "busy-spin";

    /** What the sender sends: read by the sender's worker once per step. */
    private volatile Object message = MESSAGE;

    private final long[] counters = new long[64];
    private Engine engine;
    private volatile Thread waiter;

    @Setup(Level.Trial)
    public void setUp()
    {
        engine = Engine.start(EngineConfig.builder().workers(2).idle(idle)
            .inboundLaneCapacity(lanes).build());
        final ActorRef<Object> receiver = engine.actor((ActorContext<Object> ctx) -> m -> received())
            .name("receiver").onWorker(1).spawn();
        engine.actor((ActorContext<Object> ctx) ->
        {
            ctx.repeat(() -> send(receiver));
            return m ->
            {
            };
        }).name("sender").onWorker(0).spawn();
        if (oldGen)
        {
            // one stream first: the engine makes its lane on the first send
            blast();
            System.gc();
            System.gc();
            message = new Object();
        }
    }

    private int send(final ActorRef<Object> receiver)
    {
        final long sent = counters[SENT];
        final long due = Math.min(STEP, (long)COUNTER.getAcquire(counters, QUOTA) - sent);
        final Object m = message;
        int n = 0;
        while (n < due && receiver.offer(m))
        {
            n++;
        }
        counters[SENT] = sent + n;
        return n;
    }

    private void received()
    {
        final long received = counters[RECEIVED] + 1;
        COUNTER.setRelease(counters, RECEIVED, received);
        if (received == (long)COUNTER.getAcquire(counters, QUOTA))
        {
            LockSupport.unpark(waiter);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        engine.close();
        long handled = 0;
        long deadLetters = 0;
        for (final WorkerStats worker : engine.stats().workers())
        {
            handled += worker.handled();
            deadLetters += worker.deadLetters();
        }
        EmbeddedEngine.requireSome(handled);
        if (deadLetters != 0 || counters[RECEIVED] != counters[QUOTA])
        {
            throw new IllegalStateException("messages lost: quota " + counters[QUOTA] + ", received " +
                counters[RECEIVED] + ", dead letters " + deadLetters);
        }
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long blast()
    {
        waiter = Thread.currentThread();
        final long end = counters[QUOTA] + MESSAGES;
        COUNTER.setRelease(counters, QUOTA, end);
        while ((long)COUNTER.getAcquire(counters, RECEIVED) < end)
        {
            LockSupport.park(this);
        }
        return end;
    }
}
