package io.hotpath.bench.savina;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the ports' checks share: an order-independent digest of a multiset of numbers (the sum of each one's mix, so
 * an element lost, doubled or changed shows), and the sequential reference results, computed once per size and kept.
 * Thread safe.
 */
public final class Digest
{
    private static final Map<Object, Object> REFERENCES = new ConcurrentHashMap<>();

    private Digest()
    {
    }

    /**
     * @param value any number.
     * @return it scrambled (SplitMix64's finalizer), so that sums of distinct values rarely collide.
     */
    public static long mix(final long value)
    {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * @param key     the benchmark with its sizes (a record: equal sizes, equal key).
     * @param compute the sequential computation; runs once per key.
     * @param <T>     the reference's type.
     * @return the reference, computed now or kept from an earlier check.
     */
    @SuppressWarnings("unchecked")
    public static <T> T reference(final Object key, final Supplier<T> compute)
    {
        return (T)REFERENCES.computeIfAbsent(key, k -> compute.get());
    }
}
