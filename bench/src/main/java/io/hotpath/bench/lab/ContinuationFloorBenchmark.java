package io.hotpath.bench.lab;

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

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;

/**
 * Experiment (docs/lab/2026-11-21-sequential-tell-own-continuation.md): how much of what a message to a sequential
 * actor costs is the JDK's own continuation, and how much the engine's? Measured here: the floor under every such
 * message, the JDK's continuation resumed and yielding at once ({@code jdk.internal.vm.Continuation.run} then {@code
 * yield}, one mount and one unmount), with nothing of the engine around it. Compare with {@code
 * AskAwaitBenchmark.sequentialTell} minus {@code plainTell}. The class is reached through method handles, so only the
 * fork needs {@code --add-exports java.base/jdk.internal.vm}. State per benchmark thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED")
public class ContinuationFloorBenchmark
{
    private static final MethodHandle NEW_SCOPE;
    private static final MethodHandle NEW_CONTINUATION;
    private static final MethodHandle RUN;
    private static final MethodHandle YIELD;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            final Class<?> scope = Class.forName("jdk.internal.vm.ContinuationScope");
            final Class<?> continuation = Class.forName("jdk.internal.vm.Continuation");
            NEW_SCOPE = lookup.findConstructor(scope, MethodType.methodType(void.class, String.class))
                .asType(MethodType.methodType(Object.class, String.class));
            NEW_CONTINUATION = lookup.findConstructor(continuation,
                MethodType.methodType(void.class, scope, Runnable.class))
                .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
            RUN = lookup.findVirtual(continuation, "run", MethodType.methodType(void.class))
                .asType(MethodType.methodType(void.class, Object.class));
            YIELD = lookup.findStatic(continuation, "yield", MethodType.methodType(boolean.class, scope))
                .asType(MethodType.methodType(boolean.class, Object.class));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** One continuation whose body yields in a loop. */
    @State(Scope.Thread)
    public static class Yielding
    {
        Object continuation;

        @Setup
        public void setUp() throws Throwable
        {
            final Object scope = NEW_SCOPE.invokeExact("floor");
            continuation = NEW_CONTINUATION.invokeExact(scope, (Runnable)() -> yieldForever(scope));
        }

        private static void yieldForever(final Object scope)
        {
            try
            {
                while (true)
                {
                    final boolean yielded = (boolean)YIELD.invokeExact(scope);
                    if (!yielded)
                    {
                        throw new IllegalStateException("the continuation could not yield");
                    }
                }
            }
            catch (final Throwable ex)
            {
                throw new IllegalStateException(ex);
            }
        }
    }

    @Benchmark
    public void runAndYield(final Yielding s) throws Throwable
    {
        RUN.invokeExact(s.continuation);
    }
}
