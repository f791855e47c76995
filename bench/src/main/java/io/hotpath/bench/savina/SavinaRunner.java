package io.hotpath.bench.savina;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs one benchmark on one implementation: warm-up runs, then measured runs, each on a fresh runtime whose start
 * and close are not timed. A run is timed from the first spawn until the actors complete the result. NOT thread
 * safe; one per run of the subcommand.
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
     * @return the measured runs, or the first failure (a failed check, a handler's exception, a time-out).
     */
    public SavinaResult run(final SavinaBenchmark benchmark, final Implementation implementation)
    {
        final double[] runsMs = new double[iterations];
        for (int i = 0; i < warmup + iterations; i++)
        {
            final String label = benchmark.name() + " on " + implementation.label() + ", " +
                (i < warmup ? "warm-up " + (i + 1) + "/" + warmup : "run " + (i - warmup + 1) + "/" + iterations);
            final long startNs;
            final long endNs;
            final long result;
            try (ActorRuntime runtime = implementation.start(workers, idle))
            {
                startNs = System.nanoTime();
                final CompletableFuture<Long> done = benchmark.start(runtime);
                CompletableFuture.anyOf(done, runtime.failure()).get(timeoutSeconds, TimeUnit.SECONDS);
                endNs = System.nanoTime();
                result = done.getNow(Long.MIN_VALUE);
            }
            catch (final TimeoutException ex)
            {
                return failed(benchmark, implementation, label + ": no result within " + timeoutSeconds + " s");
            }
            catch (final ExecutionException ex)
            {
                return failed(benchmark, implementation, label + ": " + describe(ex.getCause()));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return failed(benchmark, implementation, label + ": interrupted");
            }
            final String wrong = benchmark.check(result);
            if (wrong != null)
            {
                return failed(benchmark, implementation, label + ": " + wrong);
            }
            final double ms = (endNs - startNs) / 1e6;
            if (i >= warmup)
            {
                runsMs[i - warmup] = ms;
            }
            progress.accept(String.format("savina: %s: %.1f ms", label, ms));
        }
        return new SavinaResult(benchmark.name(), benchmark.parameters(), implementation, runsMs, null);
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

    private SavinaResult failed(final SavinaBenchmark benchmark, final Implementation implementation, final String why)
    {
        progress.accept("savina: FAILED " + why);
        return new SavinaResult(benchmark.name(), benchmark.parameters(), implementation, new double[0], why);
    }
}
