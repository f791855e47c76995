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
 * The baseline a direct handoff is held against: one call of a handler through a call site that has seen the four
 * {@link Sinks} classes (megamorphic, so an itable dispatch that is not inlined), and the same call through a
 * monomorphic site. The target is direct handoff at most 4x the megamorphic call; compare it with
 * {@code LocalPathBenchmark.directHandoffMegamorphic}, which sends to actors of the same four classes. State per
 * benchmark thread.
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

    private Sinks.Sink[] handlers;
    private Sinks.Sink single;
    private int next;

    @Setup
    public void setUp(final Blackhole bh)
    {
        handlers = Sinks.four(bh);
        single = handlers[0];
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
}
