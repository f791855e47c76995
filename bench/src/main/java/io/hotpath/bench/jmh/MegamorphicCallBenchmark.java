package io.hotpath.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * The baseline a direct handoff is held against: one call of a one-method interface through a call site that has
 * seen four implementations (megamorphic, so an itable dispatch), and the same call through a monomorphic site.
 * The target is direct handoff at most 4x the megamorphic call. State per benchmark thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MegamorphicCallBenchmark
{
    private static final Object MESSAGE = new Object();

    /** The shape of an actor's handler, without the engine. */
    interface Handler
    {
        void onMessage(Object message);
    }

    private Handler[] handlers;
    private Handler single;
    private int next;

    @Setup
    public void setUp(final Blackhole bh)
    {
        handlers = new Handler[]{new First(bh), new Second(bh), new Third(bh), new Fourth(bh)};
        single = new First(bh);
    }

    @Benchmark
    public void megamorphicCall()
    {
        handlers[next++ & 3].onMessage(MESSAGE);
    }

    @Benchmark
    public void monomorphicCall()
    {
        single.onMessage(MESSAGE);
    }

    record First(Blackhole bh) implements Handler
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Second(Blackhole bh) implements Handler
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Third(Blackhole bh) implements Handler
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Fourth(Blackhole bh) implements Handler
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }
}
