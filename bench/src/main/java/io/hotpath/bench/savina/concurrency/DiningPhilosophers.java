package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Dining Philosophers, with one arbitrator: N philosophers at a round table each eat M times; a hungry one asks
 * the arbitrator for the forks on its two sides, which grants both or denies (and the philosopher asks again), and
 * takes them back when it has eaten. The result is the meals the arbitrator saw finished, which must be N x M; a fork
 * given back that was not held, or a philosopher's own count that disagrees, fails the run at the arbitrator.
 * Immutable.
 *
 * @param philosophers N (Savina default 20).
 * @param rounds       M, meals per philosopher (Savina default 10,000).
 */
public record DiningPhilosophers(int philosophers, int rounds) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final DiningPhilosophers DEFAULT = new DiningPhilosophers(20, 10_000);

    private static final Object START = "start";
    private static final Object EAT = "eat";
    private static final Object DENIED = "denied";

    /**
     * @param philosophers at least 2 (two forks each).
     * @param rounds       at least 1.
     */
    public DiningPhilosophers
    {
        if (philosophers < 2 || rounds < 1)
        {
            throw new IllegalArgumentException("DiningPhilosophers needs at least 2 philosophers and 1 round, not " +
                philosophers + " and " + rounds);
        }
    }

    @Override
    public String name()
    {
        return "DiningPhilosophers";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "N=" + philosophers + " M=" + rounds;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] all = new ActorRuntime.Address[philosophers];
        final ActorRuntime.Address arbitrator = runtime.spawn(self -> new Arbitrator(all, done));
        for (int i = 0; i < philosophers; i++)
        {
            final int index = i;
            all[i] = runtime.spawn(self -> new Philosopher(index, rounds, self, arbitrator));
        }
        for (final ActorRuntime.Address philosopher : all)
        {
            philosopher.tell(START);
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect((long)philosophers * rounds, result, "meals finished");
    }

    /** A philosopher asks for its forks. Immutable, one per philosopher. */
    private record Hungry(int philosopher)
    {
    }

    /** A philosopher gives its forks back. Immutable, one per philosopher. */
    private record Eaten(int philosopher)
    {
    }

    /** A philosopher has eaten all its meals, this many. Immutable. */
    private record Leaving(int philosopher, long meals)
    {
    }

    private static final class Arbitrator implements Actor<Object>
    {
        private final ActorRuntime.Address[] philosophers;
        private final boolean[] forkTaken;
        private final CompletableFuture<Long> done;
        private long meals;
        private long mealsReported;
        private int left;

        Arbitrator(final ActorRuntime.Address[] philosophers, final CompletableFuture<Long> done)
        {
            this.philosophers = philosophers;
            this.forkTaken = new boolean[philosophers.length];
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Hungry hungry)
            {
                final int leftFork = hungry.philosopher();
                final int rightFork = (leftFork + 1) % forkTaken.length;
                if (forkTaken[leftFork] || forkTaken[rightFork])
                {
                    philosophers[leftFork].tell(DENIED);
                }
                else
                {
                    forkTaken[leftFork] = true;
                    forkTaken[rightFork] = true;
                    philosophers[leftFork].tell(EAT);
                }
            }
            else if (message instanceof Eaten eaten)
            {
                final int leftFork = eaten.philosopher();
                final int rightFork = (leftFork + 1) % forkTaken.length;
                if (!forkTaken[leftFork] || !forkTaken[rightFork])
                {
                    throw new IllegalStateException("philosopher " + leftFork + " gave back forks " + leftFork +
                        " and " + rightFork + " it did not hold");
                }
                forkTaken[leftFork] = false;
                forkTaken[rightFork] = false;
                meals++;
            }
            else if (message instanceof Leaving leaving)
            {
                mealsReported += leaving.meals();
                if (++left == philosophers.length)
                {
                    if (mealsReported != meals)
                    {
                        throw new IllegalStateException("the philosophers ate " + mealsReported + " meals, the " +
                            "arbitrator saw " + meals + " finished");
                    }
                    done.complete(meals);
                }
            }
        }
    }

    private static final class Philosopher implements Actor<Object>
    {
        private final int rounds;
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address arbitrator;
        private final Hungry hungry;
        private final Eaten eaten;
        private final int index;
        private long meals;

        Philosopher(final int index, final int rounds, final ActorRuntime.Address self,
            final ActorRuntime.Address arbitrator)
        {
            this.index = index;
            this.rounds = rounds;
            this.self = self;
            this.arbitrator = arbitrator;
            this.hungry = new Hungry(index);
            this.eaten = new Eaten(index);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == EAT)
            {
                meals++;
                arbitrator.tell(eaten);
                if (meals < rounds)
                {
                    self.tell(START);
                }
                else
                {
                    arbitrator.tell(new Leaving(index, meals));
                }
            }
            else
            {
                // START or DENIED: ask (again)
                arbitrator.tell(hungry);
            }
        }
    }
}
