package io.hotpath.bench.savina;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs one benchmark on the implementations in turn: warm-up runs, then measured runs, one run of each implementation
 * per round, each round beginning one implementation further on, so that none always runs first and a change of the
 * host's speed during the benchmark reaches every implementation alike. Each run has a fresh runtime whose start and
 * close are not timed; it is timed from the first spawn until the actors complete the result; then its result is
 * checked and the runtime's dead letters are counted, and a wrong result or a dead letter fails the benchmark on that
 * implementation, whose later rounds are skipped. NOT thread safe; one per run of the subcommand.
 */
public final class SavinaRunner
{
    private final int warmup;
    private final int iterations;
    private final int workers;
    private final String idle;
    private final long timeoutSeconds;
    private final Consumer<String> progress;

    /**
     * @param options  how many runs, on which runtime settings, with what time limit.
     * @param progress told one line per run, e.g. for stderr.
     */
    public SavinaRunner(final SavinaOptions options, final Consumer<String> progress)
    {
        this.warmup = options.warmup();
        this.iterations = options.iterations();
        this.workers = options.workers();
        this.idle = options.idle();
        this.timeoutSeconds = options.timeoutSeconds();
        this.progress = progress;
    }

    /**
     * @param benchmark      what to run.
     * @param implementation where to run it.
     * @return the measured runs, or the first failure (a failed check, a dead letter, an exception of a handler or
     * of the port's start, a time-out).
     */
    public SavinaResult run(final SavinaBenchmark benchmark, final Implementation implementation)
    {
        return run(benchmark, List.of(implementation)).getFirst();
    }

    /**
     * @param benchmark       what to run.
     * @param implementations where to run it, taking turns.
     * @return a result per implementation, in the order given.
     */
    public List<SavinaResult> run(final SavinaBenchmark benchmark, final List<Implementation> implementations)
    {
        final List<Runs> runs = new ArrayList<>();
        for (final Implementation impl : implementations)
        {
            runs.add(new Runs(impl, iterations));
        }
        for (int round = 0; round < warmup + iterations; round++)
        {
            for (int turn = 0; turn < runs.size(); turn++)
            {
                final Runs r = runs.get((round + turn) % runs.size());
                if (r.failure == null)
                {
                    runOnce(benchmark, r, round);
                }
            }
        }
        final List<SavinaResult> results = new ArrayList<>();
        for (final Runs r : runs)
        {
            results.add(new SavinaResult(benchmark.name(), benchmark.family(), benchmark.parameters(), r.impl,
                r.failure == null ? r.runsMs : new double[0], r.deadLetters, r.failure));
        }
        return results;
    }

    private void runOnce(final SavinaBenchmark benchmark, final Runs runs, final int round)
    {
        final String label = benchmark.name() + " on " + runs.impl.label() + ", " + (round < warmup
            ? "warm-up " + (round + 1) + "/" + warmup : "run " + (round - warmup + 1) + "/" + iterations);
        final long startNs;
        final long endNs;
        final long result;
        final long deadLetters;
        try (ActorRuntime runtime = runs.impl.start(workers, idle))
        {
            startNs = System.nanoTime();
            final CompletableFuture<Long> done = benchmark.start(runtime);
            CompletableFuture.anyOf(done, runtime.failure()).get(timeoutSeconds, TimeUnit.SECONDS);
            endNs = System.nanoTime();
            result = done.getNow(Long.MIN_VALUE);
            deadLetters = runtime.deadLetters();
        }
        catch (final RuntimeException ex)
        {
            fail(runs, label + ": " + describe(ex));
            return;
        }
        catch (final TimeoutException ex)
        {
            fail(runs, label + ": no result within " + timeoutSeconds + " s");
            return;
        }
        catch (final ExecutionException ex)
        {
            fail(runs, label + ": " + describe(ex.getCause()));
            return;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            fail(runs, label + ": interrupted");
            return;
        }
        runs.deadLetters += deadLetters;
        final String wrong = benchmark.check(result);
        if (wrong != null)
        {
            fail(runs, label + ": " + wrong);
            return;
        }
        if (deadLetters != 0)
        {
            fail(runs, label + ": " + deadLetters +
                " dead letters at the end of the run: a message was sent to an actor that had stopped, or dropped");
            return;
        }
        final double ms = (endNs - startNs) / 1e6;
        if (round >= warmup)
        {
            runs.runsMs[round - warmup] = ms;
        }
        progress.accept(String.format(Locale.ROOT, "savina: %s: %.1f ms", label, ms));
    }

    private void fail(final Runs runs, final String why)
    {
        progress.accept("savina: FAILED " + why);
        runs.failure = why;
    }

    /** The exception and its causes on one line, so the root cause shows in the table and the JSON. */
    private static String describe(final Throwable error)
    {
        final StringBuilder sb = new StringBuilder(String.valueOf(error));
        for (Throwable cause = error.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause())
        {
            sb.append(", caused by ").append(cause);
        }
        return sb.toString();
    }

    /** One implementation's runs so far. */
    private static final class Runs
    {
        final Implementation impl;
        final double[] runsMs;
        long deadLetters;
        String failure;

        Runs(final Implementation impl, final int iterations)
        {
            this.impl = impl;
            this.runsMs = new double[iterations];
        }
    }
}
