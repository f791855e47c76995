package io.hotpath.bench.savina;

import io.hotpath.bench.savina.concurrency.Banking;
import io.hotpath.bench.savina.concurrency.BoundedBuffer;
import io.hotpath.bench.savina.concurrency.CigaretteSmokers;
import io.hotpath.bench.savina.concurrency.ConcurrentDictionary;
import io.hotpath.bench.savina.concurrency.ConcurrentSortedList;
import io.hotpath.bench.savina.concurrency.DiningPhilosophers;
import io.hotpath.bench.savina.concurrency.LogisticMap;
import io.hotpath.bench.savina.concurrency.SleepingBarber;
import io.hotpath.bench.savina.parallelism.Apsp;
import io.hotpath.bench.savina.parallelism.FilterBank;
import io.hotpath.bench.savina.parallelism.RadixSort;
import io.hotpath.bench.savina.parallelism.Trapezoidal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class SavinaPortsTest
{
    /** Each port at a tiny size with the figure a correct run must produce, worked out here by hand. */
    static Stream<Arguments> portsOnEveryRuntime()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final Implementation impl : Implementation.values())
        {
            cases.add(Arguments.of(impl, new PingPong(50), 50L));
            cases.add(Arguments.of(impl, new Counting(5_000), 5_000L));
            cases.add(Arguments.of(impl, new ThreadRing(7, 100), 2L));
            cases.add(Arguments.of(impl, new Chameneos(10, 500), 1_000L));
            cases.add(Arguments.of(impl, new ForkJoinThroughput(20, 6), 120L));
            cases.add(Arguments.of(impl, new Big(30, 8), 240L));
            cases.add(Arguments.of(impl, new ForkJoinCreation(300), 300L));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("portsOnEveryRuntime")
    void portComputesTheExpectedResultAndPassesItsCheck(
        final Implementation impl, final SavinaBenchmark benchmark, final long expected) throws Exception
    {
        final long result;
        try (ActorRuntime runtime = impl.start(2, "backoff"))
        {
            final CompletableFuture<Long> done = benchmark.start(runtime);
            CompletableFuture.anyOf(done, runtime.failure()).get(30, TimeUnit.SECONDS);
            result = done.getNow(Long.MIN_VALUE);
        }
        assertEquals(expected, result, benchmark + " on " + impl.label());
        assertNull(benchmark.check(result));
        assertNotNull(benchmark.check(result + 1), "the check must reject a wrong figure");
    }

    @ParameterizedTest(name = "runner on {0}")
    @MethodSource("implementations")
    void runnerTimesEveryMeasuredRunAndReportsNoFailure(final Implementation impl)
    {
        final SavinaOptions options = SavinaOptions.parse(new String[]{"--warmup", "1", "--iterations", "3"});
        final List<String> progress = new ArrayList<>();
        final SavinaResult result = new SavinaRunner(options, progress::add).run(new ThreadRing(5, 200), impl);

        assertNull(result.failure());
        assertEquals(3, result.runsMs().length);
        assertFalse(Double.isNaN(result.medianMs()));
        for (final double ms : result.runsMs())
        {
            assertFalse(ms <= 0, "a run cannot take no time: " + result);
        }
        assertEquals(4, progress.size(), "one progress line per run, warm-up included: " + progress);
    }

    /** The ports whose figure is a digest or a sum, at small sizes: each checked against its own reference. */
    static Stream<Arguments> portsCheckedAgainstAReference()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final Implementation impl : Implementation.values())
        {
            for (final SavinaBenchmark benchmark : List.of(
                new ConcurrentDictionary(4, 300, 10, 500),
                new ConcurrentSortedList(4, 300, 20, 2, 1_000),
                new BoundedBuffer(3, 4, 3, 40, 1, 1),
                new DiningPhilosophers(5, 200),
                new SleepingBarber(200, 5, 50, 100),
                new CigaretteSmokers(100, 7),
                new LogisticMap(500, 4, 3.46, 0.0025),
                new Banking(10, 200),
                new RadixSort(500, 1L << 20, 7),
                new FilterBank(100, 16, 3),
                new Trapezoidal(10_000, 7, 1, 5),
                new Apsp(12, 4, 100),
                new Apsp(5, 5, 9)))
            {
                cases.add(Arguments.of(impl, benchmark));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("portsCheckedAgainstAReference")
    void portIsRightLeavesNoDeadLetterAndItsCheckRejectsAnotherFigure(
        final Implementation impl, final SavinaBenchmark benchmark) throws Exception
    {
        final long result;
        final long deadLetters;
        try (ActorRuntime runtime = impl.start(2, "backoff"))
        {
            final CompletableFuture<Long> done = benchmark.start(runtime);
            CompletableFuture.anyOf(done, runtime.failure()).get(60, TimeUnit.SECONDS);
            result = done.getNow(Long.MIN_VALUE);
            deadLetters = runtime.deadLetters();
        }
        assertNull(benchmark.check(result), benchmark + " on " + impl.label());
        assertEquals(0, deadLetters, benchmark + " on " + impl.label());
        // a bit flipped well inside a double's mantissa, or anywhere in a count or a digest
        assertNotNull(benchmark.check(result ^ (1L << 40)), "the check must reject a wrong figure");
    }

    /**
     * On three workers the barber, the room and the factory each have a worker of their own, and the barber's DONE and
     * the room's WAIT reach a customer from two senders, in either order (a run of the full size found a WAIT for a
     * customer that had stopped once); neither may find it stopped. A run here rarely meets that order: this checks
     * the protocol's accounting on three workers, not the race itself.
     */
    @ParameterizedTest(name = "on {0}")
    @MethodSource("implementations")
    void sleepingBarberOnThreeWorkersLeavesNoDeadLetter(final Implementation impl) throws Exception
    {
        for (int round = 0; round < 5; round++)
        {
            final SleepingBarber benchmark = new SleepingBarber(500, 50, 100, 100);
            try (ActorRuntime runtime = impl.start(3, "backoff"))
            {
                final CompletableFuture<Long> done = benchmark.start(runtime);
                CompletableFuture.anyOf(done, runtime.failure()).get(60, TimeUnit.SECONDS);
                assertNull(benchmark.check(done.getNow(Long.MIN_VALUE)), "round " + round + " on " + impl.label());
                assertEquals(0, runtime.deadLetters(), "round " + round + " on " + impl.label());
            }
        }
    }

    /**
     * An actor spawned next to another runs on its worker's thread on Hotpath (a port places a chatty pair so, as a
     * user would), and is an actor like any other on Pekko, whose dispatcher places actors itself.
     */
    @ParameterizedTest(name = "on {0}")
    @MethodSource("implementations")
    void anActorSpawnedNextToAnotherRunsBesideIt(final Implementation impl) throws Exception
    {
        try (ActorRuntime runtime = impl.start(3, "backoff"))
        {
            final CompletableFuture<String> firstThread = new CompletableFuture<>();
            final CompletableFuture<String> nextThread = new CompletableFuture<>();
            final ActorRuntime.Address first =
                runtime.spawn(self -> message -> firstThread.complete(Thread.currentThread().getName()));
            // spawned in turn, it would go to the worker after the first's
            final ActorRuntime.Address next = runtime.spawnNextTo(first,
                self -> message -> nextThread.complete(Thread.currentThread().getName()));
            first.tell("where");
            next.tell("where");
            final String firstName = firstThread.get(10, TimeUnit.SECONDS);
            final String nextName = nextThread.get(10, TimeUnit.SECONDS);
            if (impl == Implementation.HOTPATH)
            {
                assertEquals(firstName, nextName, "the worker of an actor spawned next to another");
            }
        }
    }

    static Stream<Implementation> implementations()
    {
        return Stream.of(Implementation.values());
    }
}
