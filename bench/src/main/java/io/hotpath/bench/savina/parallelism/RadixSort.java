package io.hotpath.bench.savina.parallelism;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.Outflow;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Radix Sort: a source sends N random values below M, one message each, down a pipeline of one sorting actor
 * per bit of M, lowest bit first; an actor passes on at once a value whose bit is 0 and keeps one whose bit is 1 until
 * it has seen all N, then passes those on in the order they came (a stable split, so the last actor's output is
 * sorted). A validation actor at the end fails the run at the first value smaller than the one before it; the result
 * is the digest of the values it received, which must be that of the values the source made. Immutable.
 *
 * @param values   N (Savina default 100,000).
 * @param maxValue M, a power of two (Savina default 2^60).
 * @param seed     the source's seed (Savina default 2,048).
 */
public record RadixSort(int values, long maxValue, long seed) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final RadixSort DEFAULT = new RadixSort(100_000, 1L << 60, 2_048);

    private static final Object START = "start";

    /**
     * @param values   at least 1.
     * @param maxValue a power of two of at least 2.
     * @param seed     any.
     */
    public RadixSort
    {
        if (values < 1 || maxValue < 2 || Long.bitCount(maxValue) != 1)
        {
            throw new IllegalArgumentException("RadixSort needs at least 1 value and a power of two of at least 2 " +
                "as its bound, not N=" + values + " M=" + maxValue);
        }
    }

    @Override
    public String name()
    {
        return "RadixSort";
    }

    @Override
    public Family family()
    {
        return Family.PARALLELISM;
    }

    @Override
    public String parameters()
    {
        return "N=" + values + " M=2^" + Long.numberOfTrailingZeros(maxValue) + " S=" + seed;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        ActorRuntime.Address next = runtime.spawn(self -> new Validation(values, done));
        for (long radix = maxValue >>> 1; radix > 0; radix >>>= 1)
        {
            final long bit = radix;
            final ActorRuntime.Address to = next;
            next = runtime.spawn(self -> new SortStage(self, values, bit, to));
        }
        final ActorRuntime.Address first = next;
        final ActorRuntime.Address source = runtime.spawn(self -> new Source(self, this, first));
        source.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        long expected = 0;
        for (int i = 0; i < values; i++)
        {
            expected += Digest.mix(random.nextLong(maxValue));
        }
        return SavinaBenchmark.expect(expected, result, "digest of the sorted values against those the source made");
    }

    /** A value on its way down the pipeline; passed on as it is. Immutable. */
    private record Value(long value)
    {
    }

    private static final class Source implements Actor<Object>
    {
        private final int values;
        private final long maxValue;
        private final ActorRuntime.Address first;
        private final SplittableRandom random;
        private final Outflow out;
        private int sent;

        Source(final ActorRuntime.Address self, final RadixSort sizes, final ActorRuntime.Address first)
        {
            this.values = sizes.values();
            this.maxValue = sizes.maxValue();
            this.first = first;
            this.random = new SplittableRandom(sizes.seed());
            this.out = new Outflow(self);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == START || message == Outflow.CONTINUE && out.resume())
            {
                while (sent < values)
                {
                    sent++;
                    if (!out.send(first, new Value(random.nextLong(maxValue))))
                    {
                        return;
                    }
                }
            }
        }
    }

    private static final class SortStage implements Actor<Object>
    {
        private final int values;
        private final long bit;
        private final ActorRuntime.Address next;
        private final Outflow out;
        private final List<Value> ones = new ArrayList<>();
        private int received;
        private int flushed;

        SortStage(final ActorRuntime.Address self, final int values, final long bit, final ActorRuntime.Address next)
        {
            this.values = values;
            this.bit = bit;
            this.next = next;
            this.out = new Outflow(self);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Value v)
            {
                // one value in, at most one out: a plain send, which a bounded runtime may hold back
                if ((v.value() & bit) == 0)
                {
                    next.tell(v);
                }
                else
                {
                    ones.add(v);
                }
                if (++received == values)
                {
                    flush();
                }
            }
            else if (message == Outflow.CONTINUE && out.resume())
            {
                flush();
            }
        }

        private void flush()
        {
            while (flushed < ones.size())
            {
                if (!out.send(next, ones.get(flushed++)))
                {
                    return;
                }
            }
            ones.clear();
        }
    }

    private static final class Validation implements Actor<Object>
    {
        private final int values;
        private final CompletableFuture<Long> done;
        private long previous = Long.MIN_VALUE;
        private int received;
        private long digest;

        Validation(final int values, final CompletableFuture<Long> done)
        {
            this.values = values;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            final long value = ((Value)message).value();
            if (value < previous)
            {
                throw new IllegalStateException("not sorted: " + value + " after " + previous + " at position " +
                    received);
            }
            previous = value;
            digest += Digest.mix(value);
            if (++received == values)
            {
                done.complete(digest);
            }
        }
    }
}
