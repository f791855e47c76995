package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An actor's state word under everything that moves it at once: sequential actors (reentrant or not) whose methods
 * await answers from the other worker and sleep, handlers that throw under resume, restart and backoff policies,
 * and stops sent from outside threads while all of that runs. Every message is accounted for (handed to its
 * handler exactly once, or counted as a dead letter, or refused at the source), and afterwards every actor that was
 * not stopped still answers: none is left wedged by a restart, an await or a stop crossing another.
 */
class RandomizedLifecycleTest
{
    private static final int ACTORS = 24;
    private static final int SENDERS = 2;
    private static final int STOPS = 6;
    private static final long RUN_NS = TimeUnit.SECONDS.toNanos(3);
    private static final long IN_FLIGHT_LIMIT = 2_048;

    /** What a job does in its handler. */
    enum Kind
    {
        COUNT, THROW, AWAIT_ECHO, SLEEP
    }

    record Job(Kind kind)
    {
    }

    @Test
    void everyMessageIsAccountedForAndNoActorIsLeftWedged() throws Exception
    {
        final AtomicLongArray started = new AtomicLongArray(ACTORS);
        final AtomicLong sent = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong deadJobs = new AtomicLong();
        final SplittableRandom setup = new SplittableRandom(42);
        final EngineConfig config = TestEngines.config(2).build();
        try (Engine engine = Engine.start(config))
        {
            engine.deadLetters().addListener((target, message, reason) ->
            {
                if (message instanceof Job)
                {
                    deadJobs.incrementAndGet();
                }
            });
            final ActorRef<Integer> echo0 = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n))
                .onWorker(0).name("echo0").spawn();
            final ActorRef<Integer> echo1 = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n))
                .onWorker(1).name("echo1").spawn();
            final List<ActorRef<Object>> actors = new ArrayList<>();
            for (int i = 0; i < ACTORS; i++)
            {
                final int index = i;
                final int workerIndex = i % 2;
                final ActorRef<Integer> echo = workerIndex == 0 ? echo1 : echo0;
                final FaultPolicy policy = switch (setup.nextInt(3))
                {
                    case 0 -> FaultPolicy.resume();
                    case 1 -> FaultPolicy.restart(1_000_000, Duration.ofSeconds(1));
                    default -> FaultPolicy.backoff().min(Duration.ofMillis(1)).max(Duration.ofMillis(4))
                        .maxRetries(1_000_000, Duration.ofSeconds(1)).build();
                };
                actors.add(engine.actor((ActorContext<Object> ctx) -> (Object m) ->
                {
                    if (m instanceof Job job)
                    {
                        started.incrementAndGet(index);
                        switch (job.kind())
                        {
                            case COUNT ->
                            {
                            }
                            case THROW -> throw new IllegalStateException("planned fault");
                            case AWAIT_ECHO -> Await.await(echo.<Integer>ask(index));
                            case SLEEP -> Await.sleep(Duration.ofNanos(50_000));
                        }
                    }
                    else
                    {
                        ctx.reply(m);
                    }
                }).onWorker(workerIndex).name("life" + i).faultPolicy(policy).sequential()
                    .reentrant(setup.nextBoolean()).spawn());
            }

            final List<Integer> toStop = new ArrayList<>();
            while (toStop.size() < STOPS)
            {
                final int candidate = setup.nextInt(ACTORS);
                if (!toStop.contains(candidate))
                {
                    toStop.add(candidate);
                }
            }
            final long startNs = System.nanoTime();
            final List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < SENDERS; s++)
            {
                final int seed = s;
                final Thread sender = new Thread(() ->
                {
                    final SplittableRandom random = new SplittableRandom(100 + seed);
                    int stopped = 0;
                    while (System.nanoTime() - startNs < RUN_NS)
                    {
                        if (sent.get() - refused.get() - handledOrDead(started, deadJobs) > IN_FLIGHT_LIMIT)
                        {
                            Thread.onSpinWait();
                            continue;
                        }
                        if (seed == 0 && stopped < STOPS &&
                            System.nanoTime() - startNs > (stopped + 1) * RUN_NS / (STOPS + 1))
                        {
                            engine.stop(actors.get(toStop.get(stopped++)));
                        }
                        final Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
                        final ActorRef<Object> target = actors.get(random.nextInt(ACTORS));
                        sent.incrementAndGet();
                        try
                        {
                            target.tell(new Job(kind));
                        }
                        catch (final QueueFullException ex)
                        {
                            refused.incrementAndGet();
                        }
                    }
                }, "lifecycle-sender-" + s);
                threads.add(sender);
                sender.start();
            }
            for (final Thread thread : threads)
            {
                thread.join();
            }
            TestEngines.await("every job handled or dead-lettered",
                () -> handledOrDead(started, deadJobs) == sent.get() - refused.get());
            assertEquals(sent.get() - refused.get(), handledOrDead(started, deadJobs));

            for (int i = 0; i < ACTORS; i++)
            {
                final ActorRef<Object> actor = actors.get(i);
                if (toStop.contains(i))
                {
                    assertTrue(actor.isStopped(), actor + " was stopped");
                }
                else
                {
                    assertEquals("ping" + i, actor.<Object>ask("ping" + i).get(Duration.ofSeconds(20)),
                        actor + " answers after the run");
                }
            }
            final io.hotpath.metrics.EngineStats stats = engine.stats();
            final long suspensions = stats.workers().stream()
                .mapToLong(io.hotpath.metrics.WorkerStats::awaitSuspensions).sum();
            final long exceptions = stats.workers().stream().mapToLong(io.hotpath.metrics.WorkerStats::exceptions)
                .sum();
            // the run did cross everything it means to: suspended awaits, faults, and jobs for stopped actors
            assertTrue(sent.get() > 10_000, "sent " + sent.get());
            assertTrue(suspensions > 100, "await suspensions " + suspensions);
            assertTrue(exceptions > 100, "exceptions " + exceptions);
            assertTrue(deadJobs.get() > 0, "dead jobs " + deadJobs.get());
        }
    }

    private static long handledOrDead(final AtomicLongArray started, final AtomicLong dead)
    {
        long sum = dead.get();
        for (int i = 0; i < started.length(); i++)
        {
            sum += started.get(i);
        }
        return sum;
    }
}
