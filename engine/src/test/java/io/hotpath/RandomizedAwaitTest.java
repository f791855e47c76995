package io.hotpath;

import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static io.hotpath.Await.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequential actors on two workers await asks to each other and to plain actors, tell one another, and take asks
 * from outside threads, at random, for seconds; every job, ask, answer and tell is counted, none lost or doubled,
 * and every await resumes on its own worker.
 */
class RandomizedAwaitTest
{
    private static final int SEQUENTIAL = 8;
    private static final int PLAIN = 4;
    private static final int JOBS_PER_THREAD = 20_000;

    /** Counts shared by everything in the test. */
    static final class Tally
    {
        final AtomicLong asksAnswered = new AtomicLong();
        final AtomicLong tellsSent = new AtomicLong();
        final AtomicLong tellsReceived = new AtomicLong();
        final AtomicLong wrongWorker = new AtomicLong();
        final AtomicLong wrongAnswer = new AtomicLong();
    }

    /**
     * @param variant {@code default}: backoff workers, the default spin; {@code spinning}: busy-spin workers and a
     *                long spin, so most awaits across workers take their answer by spinning; {@code suspending}: no
     *                spin, so every such await suspends; {@code ownStacks}: every method on a continuation of its
     *                actor's own instead of the loop's stack ({@code await.onLoopStack=false}), no spin.
     */
    @ParameterizedTest
    @ValueSource(strings = {"default", "spinning", "suspending", "ownStacks"})
    void awaitsTellsAndAsksAcrossWorkersAllAddUp(final String variant) throws Exception
    {
        final Tally tally = new Tally();
        final EngineConfig.Builder config = switch (variant)
        {
            case "spinning" -> TestEngines.config(2).idle("busy-spin").awaitSpinNs(1_000_000);
            case "suspending" -> TestEngines.config(2).awaitSpinNs(0);
            case "ownStacks" -> TestEngines.config(2).awaitSpinNs(0).awaitOnLoopStack(false);
            default -> TestEngines.config(2);
        };
        try (Engine engine = Engine.start(config.build()))
        {
            final List<ActorRef<Integer>> plain = new ArrayList<>();
            for (int i = 0; i < PLAIN; i++)
            {
                plain.add(engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                {
                    if (n < 0)
                    {
                        tally.tellsReceived.incrementAndGet();
                        return;
                    }
                    ctx.reply(n + 1);
                }).onWorker(i % 2).spawn());
            }
            final List<ActorRef<Integer>> sequential = new ArrayList<>();
            for (int i = 0; i < SEQUENTIAL; i++)
            {
                final int self = i;
                sequential.add(engine.actor((ActorContext<Integer> ctx) -> new Actor<Integer>()
                {
                    private final SplittableRandom random = new SplittableRandom(self);

                    @Override
                    public void onMessage(final Integer n)
                    {
                        if (n < 0)
                        {
                            tally.tellsReceived.incrementAndGet();
                            return;
                        }
                        final String worker = Thread.currentThread().getName();
                        int sum = 0;
                        final int steps = n == 0 ? 0 : 1 + random.nextInt(3);
                        for (int s = 0; s < steps; s++)
                        {
                            final int x = random.nextInt(1000);
                            final boolean toPlain = random.nextBoolean();
                            final int got = toPlain ?
                                await(plain.get(random.nextInt(PLAIN)).<Integer>ask(x)) :
                                await(sequential.get(random.nextInt(SEQUENTIAL)).<Integer>ask(0)) + x + 1;
                            if (got != x + 1 && toPlain || !toPlain && got != x + 1)
                            {
                                tally.wrongAnswer.incrementAndGet();
                            }
                            tally.asksAnswered.incrementAndGet();
                            if (!worker.equals(Thread.currentThread().getName()))
                            {
                                tally.wrongWorker.incrementAndGet();
                            }
                            if (random.nextInt(4) == 0)
                            {
                                tally.tellsSent.incrementAndGet();
                                (random.nextBoolean() ? plain.get(random.nextInt(PLAIN)) :
                                    sequential.get(random.nextInt(SEQUENTIAL))).tell(-1);
                            }
                            sum += got;
                        }
                        ctx.reply(n == 0 ? 0 : sum);
                    }
                }).onWorker(i % 2).sequential().spawn());
            }
            final AtomicLong jobs = new AtomicLong();
            final List<Thread> outside = new ArrayList<>();
            for (int t = 0; t < 2; t++)
            {
                final int seed = t;
                final Thread thread = new Thread(() ->
                {
                    final SplittableRandom random = new SplittableRandom(100 + seed);
                    final List<Reply<Integer>> inFlight = new ArrayList<>();
                    for (int j = 0; j < JOBS_PER_THREAD; j++)
                    {
                        inFlight.add(sequential.get(random.nextInt(SEQUENTIAL)).ask(1));
                        if (inFlight.size() == 32)
                        {
                            inFlight.forEach(r -> r.get(Duration.ofSeconds(30)));
                            jobs.addAndGet(inFlight.size());
                            inFlight.clear();
                        }
                    }
                    inFlight.forEach(r -> r.get(Duration.ofSeconds(30)));
                    jobs.addAndGet(inFlight.size());
                });
                outside.add(thread);
                thread.start();
            }
            for (final Thread thread : outside)
            {
                thread.join();
            }
            TestEngines.await("every tell received", () -> tally.tellsReceived.get() == tally.tellsSent.get());
            assertEquals(2L * JOBS_PER_THREAD, jobs.get());
            assertEquals(0, tally.wrongAnswer.get());
            assertEquals(0, tally.wrongWorker.get(), "every await resumed on its own worker");
            assertTrue(tally.asksAnswered.get() >= 2L * JOBS_PER_THREAD);
            assertEquals(0, engine.deadLetters().count());
            long spins = 0;
            long suspensions = 0;
            long loopStacks = 0;
            for (final WorkerStats worker : engine.stats().workers())
            {
                spins += worker.awaitSpins();
                suspensions += worker.awaitSuspensions();
                loopStacks += worker.loopStacks();
            }
            assertTrue(spins + suspensions <= tally.asksAnswered.get(), "an await suspends or spins at most once");
            assertTrue(suspensions > 0, "awaits of busy actors suspend");
            if ("spinning".equals(variant))
            {
                assertTrue(spins > 0, "answers from the other busy worker are taken by spinning");
            }
            if ("suspending".equals(variant) || "ownStacks".equals(variant))
            {
                assertEquals(0, spins);
            }
            if ("ownStacks".equals(variant))
            {
                assertEquals(0, loopStacks, "no loop runs on a continuation");
            }
            else
            {
                assertTrue(loopStacks > 2, "methods begun by the loops suspended with the loops' stacks");
            }
        }
    }
}
