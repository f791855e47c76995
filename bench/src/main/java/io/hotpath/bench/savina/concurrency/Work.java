package io.hotpath.bench.savina.concurrency;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Savina's units of simulated work, the same on every runtime. Stateless and thread safe.
 */
final class Work
{
    private Work()
    {
    }

    /**
     * Savina's {@code processItem}: {@code cost} hundred logarithms of pseudo-random numbers from a generator seeded
     * with the cost, added to a term; one when the cost is 0.
     *
     * @param term the term to add to.
     * @param cost the work, in hundreds of logarithms.
     * @return the new term.
     */
    static double processItem(final double term, final int cost)
    {
        double result = term;
        final Random random = new Random(cost);
        if (cost > 0)
        {
            for (int i = 0; i < cost; i++)
            {
                for (int j = 0; j < 100; j++)
                {
                    result += Math.log(Math.abs(random.nextDouble()) + 0.01);
                }
            }
        }
        else
        {
            result += Math.log(Math.abs(random.nextDouble()) + 0.01);
        }
        return result;
    }

    /**
     * Savina's {@code busyWait}: draw {@code limit} pseudo-random numbers. Savina draws them from
     * {@code Math.random()}, one generator that every thread updates; here each thread draws from its own, so that
     * the wait costs the same however many threads wait at once.
     *
     * @param limit how many numbers.
     * @return their sum, for the caller to keep so the work is not optimised away.
     */
    static double busyWait(final int limit)
    {
        final ThreadLocalRandom random = ThreadLocalRandom.current();
        double sum = 0;
        for (int i = 0; i < limit; i++)
        {
            sum += random.nextDouble();
        }
        return sum;
    }
}
