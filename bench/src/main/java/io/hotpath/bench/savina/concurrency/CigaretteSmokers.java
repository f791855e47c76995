package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Cigarette Smokers: an arbiter puts ingredients on the table R times, each time for a smoker picked at random
 * among S; the smoker tells the arbiter it has started and smokes for a {@code busyWait} of 10 to 1,009 draws, while
 * the arbiter goes on with the next round. Then every smoker reports how often it smoked. The result is the sum of
 * those reports, which must be R. Immutable.
 *
 * @param rounds  R (Savina default 1,000).
 * @param smokers S (Savina default 200).
 */
public record CigaretteSmokers(int rounds, int smokers) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final CigaretteSmokers DEFAULT = new CigaretteSmokers(1_000, 200);

    private static final Object START = "start";
    private static final Object STARTED_SMOKING = "started-smoking";
    private static final Object EXIT = "exit";
    private static final int SMOKE_DRAWS = 1_000;

    /**
     * @param rounds  at least 1.
     * @param smokers at least 1.
     */
    public CigaretteSmokers
    {
        if (rounds < 1 || smokers < 1)
        {
            throw new IllegalArgumentException("CigaretteSmokers needs at least 1 round and 1 smoker, not " + rounds +
                " and " + smokers);
        }
    }

    @Override
    public String name()
    {
        return "CigaretteSmokers";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "R=" + rounds + " S=" + smokers;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] all = new ActorRuntime.Address[smokers];
        final ActorRuntime.Address arbiter = runtime.spawn(self -> new Arbiter(rounds, all, done));
        for (int i = 0; i < smokers; i++)
        {
            all[i] = runtime.spawn(self -> new Smoker(arbiter));
        }
        arbiter.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(rounds, result, "cigarettes smoked");
    }

    /** Ingredients for one smoker, who smokes for this many draws. Immutable. */
    private record StartSmoking(int draws)
    {
    }

    /** A smoker's count of cigarettes, once told to leave. Immutable. */
    private record Smoked(long cigarettes)
    {
    }

    private static final class Arbiter implements Actor<Object>
    {
        private final int rounds;
        private final ActorRuntime.Address[] smokers;
        private final CompletableFuture<Long> done;
        private final SplittableRandom random = new SplittableRandom(3);
        private int roundsSoFar;
        private int reports;
        private long smoked;

        Arbiter(final int rounds, final ActorRuntime.Address[] smokers, final CompletableFuture<Long> done)
        {
            this.rounds = rounds;
            this.smokers = smokers;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == STARTED_SMOKING)
            {
                if (++roundsSoFar == rounds)
                {
                    for (final ActorRuntime.Address smoker : smokers)
                    {
                        smoker.tell(EXIT);
                    }
                    return;
                }
                putIngredients();
            }
            else if (message instanceof Smoked report)
            {
                smoked += report.cigarettes();
                if (++reports == smokers.length)
                {
                    done.complete(smoked);
                }
            }
            else if (message == START)
            {
                putIngredients();
            }
        }

        private void putIngredients()
        {
            final int smoker = random.nextInt(smokers.length);
            smokers[smoker].tell(new StartSmoking(random.nextInt(SMOKE_DRAWS) + 10));
        }
    }

    private static final class Smoker implements Actor<Object>
    {
        private final ActorRuntime.Address arbiter;
        private long cigarettes;
        private double work;

        Smoker(final ActorRuntime.Address arbiter)
        {
            this.arbiter = arbiter;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof StartSmoking ingredients)
            {
                arbiter.tell(STARTED_SMOKING);
                work += Work.busyWait(ingredients.draws());
                cigarettes++;
            }
            else if (message == EXIT)
            {
                arbiter.tell(new Smoked(cigarettes));
            }
        }
    }
}
