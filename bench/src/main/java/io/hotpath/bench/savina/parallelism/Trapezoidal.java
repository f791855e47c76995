package io.hotpath.bench.savina.parallelism;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Trapezoidal: the integral of Savina's function over [L, R] by the trapezoidal rule with N pieces, split into
 * W runs of pieces, one to a worker actor; a master sends each worker its run and adds up their areas in worker
 * order. The result is the area, which must match the same rule computed on one thread within a relative
 * {@value #TOLERANCE} (the sums are grouped differently). Immutable.
 *
 * @param pieces  N (Savina default 10,000,000).
 * @param workers W (Savina default 100).
 * @param left    L (Savina default 1).
 * @param right   R (Savina default 5).
 */
public record Trapezoidal(int pieces, int workers, double left, double right) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final Trapezoidal DEFAULT = new Trapezoidal(10_000_000, 100, 1, 5);

    /** The largest relative difference from the area computed on one thread. */
    public static final double TOLERANCE = 1e-9;

    /**
     * @param pieces  at least {@code workers}.
     * @param workers at least 1.
     * @param left    below {@code right}.
     * @param right   above {@code left}; the function needs {@code left >= 0}.
     */
    public Trapezoidal
    {
        if (workers < 1 || pieces < workers || !(left >= 0) || !(right > left))
        {
            throw new IllegalArgumentException("Trapezoidal needs at least 1 worker, at least a piece per worker " +
                "and 0 <= L < R, not N=" + pieces + " W=" + workers + " L=" + left + " R=" + right);
        }
    }

    @Override
    public String name()
    {
        return "Trapezoidal";
    }

    @Override
    public Family family()
    {
        return Family.PARALLELISM;
    }

    @Override
    public String parameters()
    {
        return "N=" + pieces + " W=" + workers + " L=" + left + " R=" + right;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address master = runtime.spawn(self -> new Master(workers, done));
        final double h = (right - left) / pieces;
        for (int w = 0; w < workers; w++)
        {
            final ActorRuntime.Address worker = runtime.spawn(self -> new Worker(master));
            worker.tell(new Section(w, first(w), first(w + 1), left, h));
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        final double expected = Digest.reference(this, this::sequentialArea);
        final double got = Double.longBitsToDouble(result);
        return Math.abs(got - expected) <= TOLERANCE * Math.abs(expected) ? null : String.format(Locale.ROOT,
            "area %s, the same rule on one thread gives %s (relative difference %.3g, more than %s)", got,
            expected, Math.abs(got - expected) / Math.abs(expected), TOLERANCE);
    }

    /** Savina's function. */
    static double fx(final double x)
    {
        final double a = Math.sin(Math.pow(x, 3) - 1);
        final double b = x + 1;
        final double c = a / b;
        final double d = Math.sqrt(1 + Math.exp(Math.sqrt(2 * x)));
        return c * d;
    }

    /** The first piece of worker w's run: the pieces are shared out as evenly as they go. */
    private int first(final int worker)
    {
        return (int)((long)pieces * worker / workers);
    }

    /** The same rule on one thread: each inner point counted once at full weight, the two ends at half. */
    private double sequentialArea()
    {
        final double h = (right - left) / pieces;
        double sum = (fx(left) + fx(left + pieces * h)) / 2;
        for (int k = 1; k < pieces; k++)
        {
            sum += fx(left + k * h);
        }
        return sum * h;
    }

    /** A worker's run: pieces {@code from} (inclusive) to {@code to}, each {@code h} wide from {@code left}. */
    private record Section(int worker, int from, int to, double left, double h)
    {
    }

    /** A worker's area. Immutable. */
    private record Area(int worker, double area)
    {
    }

    private static final class Master implements Actor<Object>
    {
        private final double[] areas;
        private final CompletableFuture<Long> done;
        private int answers;

        Master(final int workers, final CompletableFuture<Long> done)
        {
            this.areas = new double[workers];
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            final Area area = (Area)message;
            areas[area.worker()] = area.area();
            if (++answers == areas.length)
            {
                double total = 0;
                for (final double a : areas)
                {
                    total += a;
                }
                done.complete(Double.doubleToLongBits(total));
            }
        }
    }

    private static final class Worker implements Actor<Object>
    {
        private final ActorRuntime.Address master;

        Worker(final ActorRuntime.Address master)
        {
            this.master = master;
        }

        @Override
        public void onMessage(final Object message)
        {
            final Section s = (Section)message;
            double area = 0;
            for (int k = s.from(); k < s.to(); k++)
            {
                final double lx = s.left() + k * s.h();
                final double rx = lx + s.h();
                area += 0.5 * (fx(lx) + fx(rx)) * s.h();
            }
            master.tell(new Area(s.worker(), area));
        }
    }
}
