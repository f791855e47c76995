package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Asks from actors on both workers and from outside threads, answered at once, by an exception, or later by
 * another actor or an outside thread at random times, some with timeouts short enough to race the answers; some
 * actors reuse one reply from its own callback. Every ask is counted: each question is handled once by its target,
 * each ask ends once (value, failure or timeout) with its own answer, an actor's callback runs on its own worker,
 * and the late answers (one per ask its timeout won) are exactly the LATE_REPLY dead letters.
 */
class RandomizedAskTest
{
    private static final int REPLIERS = 4;
    private static final int ASKING_ACTORS = 4;
    private static final int LOOPING_ACTORS = 2;
    private static final int OUTSIDE_ASKERS = 2;
    private static final int COMPLETER_THREADS = 2;
    private static final int ASKS_PER_ACTOR = 3_000;
    private static final int ASKS_PER_LOOPER = 2_000;
    private static final int ASKS_PER_OUTSIDE_THREAD = 3_000;
    /** Asks each asker keeps in flight. */
    private static final int WINDOW = 8;
    private static final int TOTAL = ASKING_ACTORS * ASKS_PER_ACTOR + LOOPING_ACTORS * ASKS_PER_LOOPER +
        OUTSIDE_ASKERS * ASKS_PER_OUTSIDE_THREAD;

    /** How a replier answers. */
    enum Mode
    {
        NOW, THROW, LATER_BY_ACTOR, LATER_BY_THREAD, FAIL_LATER_BY_THREAD
    }

    record Question(int id, Mode mode, int hops)
    {
    }

    /** A kept reply travelling to the actor or thread that will complete it. */
    record Pending(Question question, Reply<Object> reply, int hopsLeft)
    {
    }

    /** Counts shared by everyone. */
    static final class Tally
    {
        final AtomicIntegerArray handled = new AtomicIntegerArray(TOTAL);
        final AtomicIntegerArray ended = new AtomicIntegerArray(TOTAL);
        final AtomicInteger nextId = new AtomicInteger();
        final AtomicLong values = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        final AtomicLong timeouts = new AtomicLong();
        final AtomicLong wrongOutcomes = new AtomicLong();
        final AtomicLong wrongThread = new AtomicLong();
        /** Per ask: complete() or fail() by a later completer returned false. */
        final AtomicIntegerArray refused = new AtomicIntegerArray(TOTAL);
        /** Per ask: it ended with a timeout. */
        final AtomicIntegerArray timedOut = new AtomicIntegerArray(TOTAL);
        final ConcurrentLinkedQueue<Pending> forThreads = new ConcurrentLinkedQueue<>();

        void end(final int id, final Object value, final Throwable error, final String expectedThread)
        {
            if (ended.incrementAndGet(id) != 1)
            {
                wrongOutcomes.incrementAndGet();
            }
            if (expectedThread != null && !expectedThread.equals(Thread.currentThread().getName()))
            {
                wrongThread.incrementAndGet();
            }
            if (error == null)
            {
                values.incrementAndGet();
                if (!Integer.valueOf(id * 2).equals(value))
                {
                    wrongOutcomes.incrementAndGet();
                }
            }
            else if (error instanceof AskTimeoutException)
            {
                timeouts.incrementAndGet();
                timedOut.set(id, 1);
            }
            else
            {
                failures.incrementAndGet();
                final Throwable cause = error instanceof ReplyException ? error.getCause() : error;
                if (!("no " + id).equals(cause.getMessage()))
                {
                    wrongOutcomes.incrementAndGet();
                }
            }
        }

        Question question(final SplittableRandom random)
        {
            final int id = nextId.getAndIncrement();
            return new Question(id, Mode.values()[random.nextInt(Mode.values().length)], random.nextInt(8));
        }
    }

    /** A random timeout, or none: from tens of microseconds (racing every kind of answer) to a few milliseconds. */
    private static Duration timeout(final SplittableRandom random)
    {
        return random.nextInt(3) == 0 ? null : Duration.ofNanos(20_000 + random.nextInt(3_000_000));
    }

    private static void spin(final SplittableRandom random)
    {
        final int spins = random.nextInt(2_000);
        for (int i = 0; i < spins; i++)
        {
            Thread.onSpinWait();
        }
    }

    @Test
    void everyAskEndsOnceWithItsOwnAnswerAndLateAnswersAreTheLateReplyDeadLetters() throws Exception
    {
        final Tally tally = new Tally();
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final List<ActorRef<Pending>> completers = new ArrayList<>();
            for (int i = 0; i < 2; i++)
            {
                completers.add(engine.actor((ActorContext<Pending> ctx) -> (Pending p) ->
                {
                    if (p.hopsLeft() > 0)
                    {
                        ctx.self().tell(new Pending(p.question(), p.reply(), p.hopsLeft() - 1));
                        return;
                    }
                    completeLater(tally, p.reply(), p.question(), false);
                }).name("completer-" + i).onWorker(i).spawn());
            }
            final List<ActorRef<Question>> repliers = new ArrayList<>();
            for (int i = 0; i < REPLIERS; i++)
            {
                final int self = i;
                repliers.add(engine.actor((ActorContext<Question> ctx) -> (Question q) ->
                {
                    if (tally.handled.incrementAndGet(q.id()) != 1)
                    {
                        tally.wrongOutcomes.incrementAndGet();
                    }
                    switch (q.mode())
                    {
                        case NOW -> ctx.reply(q.id() * 2);
                        case THROW -> throw new IllegalArgumentException("no " + q.id());
                        case LATER_BY_ACTOR -> completers.get((self + q.id()) % 2)
                            .tell(new Pending(q, ctx.replyLater(), q.hops()));
                        default -> tally.forThreads.add(new Pending(q, ctx.replyLater(), 0));
                    }
                }).name("replier-" + i).onWorker(i % 2).spawn());
            }
            final List<Thread> threads = new ArrayList<>();
            final AtomicBoolean completing = new AtomicBoolean(true);
            for (int t = 0; t < COMPLETER_THREADS; t++)
            {
                final SplittableRandom random = new SplittableRandom(100 + t);
                threads.add(new Thread(() ->
                {
                    while (completing.get() || !tally.forThreads.isEmpty())
                    {
                        final Pending p = tally.forThreads.poll();
                        if (p == null)
                        {
                            Thread.yield();
                            continue;
                        }
                        spin(random);
                        completeLater(tally, p.reply(), p.question(),
                            p.question().mode() == Mode.FAIL_LATER_BY_THREAD);
                    }
                }, "completer-thread-" + t));
            }
            for (int i = 0; i < ASKING_ACTORS; i++)
            {
                final int worker = i % 2;
                final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> new Actor<String>()
                {
                    private final SplittableRandom random = new SplittableRandom(worker * 31L + ctx.self().id());
                    private int asked;

                    @Override
                    public void onMessage(final String m)
                    {
                        for (int w = 0; w < WINDOW; w++)
                        {
                            askOne();
                        }
                    }

                    private void askOne()
                    {
                        if (asked == ASKS_PER_ACTOR)
                        {
                            return;
                        }
                        asked++;
                        final Question q = tally.question(random);
                        final ActorRef<Question> target = repliers.get(random.nextInt(REPLIERS));
                        final Duration timeout = timeout(random);
                        final Reply<Object> reply = timeout == null ? target.ask(q) : target.ask(q, timeout);
                        reply.onComplete((v, e) ->
                        {
                            tally.end(q.id(), v, e, "hp-worker-" + worker);
                            askOne();
                        });
                    }
                }).name("asker-" + i).onWorker(worker).spawn();
                asker.tell("go");
            }
            for (int i = 0; i < LOOPING_ACTORS; i++)
            {
                final int worker = i % 2;
                final ActorRef<String> looper = engine.actor((ActorContext<String> ctx) -> new Actor<String>()
                {
                    private final SplittableRandom random = new SplittableRandom(7 + worker);
                    private final Reply<Object> reply = new Reply<>();
                    private int asked;

                    @Override
                    public void onMessage(final String m)
                    {
                        askOne();
                    }

                    private void askOne()
                    {
                        if (asked == ASKS_PER_LOOPER)
                        {
                            return;
                        }
                        asked++;
                        final Question q = tally.question(random);
                        repliers.get(random.nextInt(REPLIERS)).ask(q, reply).onComplete((v, e) ->
                        {
                            tally.end(q.id(), v, e, "hp-worker-" + worker);
                            askOne();
                        });
                    }
                }).name("looper-" + i).onWorker(worker).spawn();
                looper.tell("go");
            }
            for (int t = 0; t < OUTSIDE_ASKERS; t++)
            {
                final SplittableRandom random = new SplittableRandom(1_000 + t);
                threads.add(new Thread(() ->
                {
                    final Semaphore window = new Semaphore(WINDOW);
                    for (int n = 0; n < ASKS_PER_OUTSIDE_THREAD; n++)
                    {
                        window.acquireUninterruptibly();
                        final Question q = tally.question(random);
                        final ActorRef<Question> target = repliers.get(random.nextInt(REPLIERS));
                        final Duration timeout = timeout(random);
                        final Reply<Object> reply = timeout == null ? target.ask(q) : target.ask(q, timeout);
                        reply.toCompletableFuture().whenComplete((v, e) ->
                        {
                            tally.end(q.id(), v, e, null);
                            window.release();
                        });
                    }
                }, "outside-asker-" + t));
            }
            threads.forEach(Thread::start);
            TestEngines.await("every ask ended", () -> tally.values.get() + tally.failures.get() +
                tally.timeouts.get() >= TOTAL);
            TestEngines.await("every question handled", () -> handledCount(tally) == TOTAL);
            completing.set(false);
            for (final Thread thread : threads)
            {
                thread.join();
            }
            TestEngines.await("every late answer counted",
                () -> engine.deadLetters().count(DeadLetterReason.LATE_REPLY) >= tally.timeouts.get());
            assertEquals(TOTAL, tally.nextId.get(), "asks made");
            assertEquals(TOTAL, handledCount(tally), "questions handled, each once");
            assertEquals(TOTAL, tally.values.get() + tally.failures.get() + tally.timeouts.get(), "asks ended");
            assertEquals(0, tally.wrongOutcomes.get(), "an ask ended twice, or with another ask's answer");
            assertEquals(0, tally.wrongThread.get(), "an actor's callback ran off its own worker");
            assertEquals(tally.timeouts.get(), engine.deadLetters().count(DeadLetterReason.LATE_REPLY),
                "one late answer per ask its timeout won, and no other");
            for (int id = 0; id < TOTAL; id++)
            {
                if (tally.refused.get(id) == 1 && tally.timedOut.get(id) == 0)
                {
                    throw new AssertionError("ask " + id + ": a later completion was refused, yet the ask did not " +
                        "time out");
                }
            }
            assertEquals(engine.deadLetters().count(DeadLetterReason.LATE_REPLY), engine.deadLetters().count(),
                "no other dead letter");
            System.out.printf("asks %,d: values %,d, failures %,d, timeouts %,d%n", TOTAL, tally.values.get(),
                tally.failures.get(), tally.timeouts.get());
        }
    }

    private static void completeLater(final Tally tally, final Reply<Object> reply, final Question q,
        final boolean fail)
    {
        final boolean won = fail ? reply.fail(new IllegalArgumentException("no " + q.id())) :
            reply.complete(q.id() * 2);
        if (!won)
        {
            tally.refused.set(q.id(), 1);
        }
    }

    private static int handledCount(final Tally tally)
    {
        int sum = 0;
        for (int i = 0; i < TOTAL; i++)
        {
            sum += tally.handled.get(i) == 0 ? 0 : 1;
        }
        return sum;
    }
}
