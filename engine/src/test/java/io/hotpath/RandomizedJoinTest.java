package io.hotpath;

import io.hotpath.runtime.JoinCount;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Many joins of random N of M, their replies succeeding or failing at random and completed from several threads:
 * every join decides exactly once, the way the outcomes of its replies say (success when at least N succeed), and
 * the decision's list is that of a legal completion order (distinct replies of the join, ending with the deciding
 * one, with exactly N successes, or exactly M - N + 1 failures).
 */
class RandomizedJoinTest
{
    private static final int THREADS = 3;
    private static final int MAX_REPLIES = 8;

    /** One completion of a join: which reply, and whether it succeeds. */
    record Completion(int join, int reply, boolean succeeded)
    {
    }

    /** What a join expects and what it got. */
    static final class Expected
    {
        final int needed;
        final boolean[] succeeds;

        Expected(final SplittableRandom random)
        {
            final int total = 1 + random.nextInt(MAX_REPLIES);
            this.needed = 1 + random.nextInt(total);
            this.succeeds = new boolean[total];
            final int bias = random.nextInt(4);
            for (int i = 0; i < total; i++)
            {
                succeeds[i] = random.nextInt(4) >= bias;
            }
        }

        boolean shouldSucceed()
        {
            int successes = 0;
            for (final boolean s : succeeds)
            {
                successes += s ? 1 : 0;
            }
            return successes >= needed;
        }

        /** @return null when the list is a legal decision, else what is wrong with it. */
        String check(final List<Integer> completed, final boolean succeeded)
        {
            if (succeeded != shouldSucceed())
            {
                return "decided " + (succeeded ? "success" : "failure");
            }
            final Set<Integer> distinct = new HashSet<>(completed);
            if (distinct.size() != completed.size() || completed.isEmpty())
            {
                return "replies twice or none: " + completed;
            }
            int successes = 0;
            for (final int reply : completed)
            {
                if (reply < 0 || reply >= succeeds.length)
                {
                    return "not a reply of this join: " + reply;
                }
                successes += succeeds[reply] ? 1 : 0;
            }
            final int failures = completed.size() - successes;
            final boolean lastSucceeded = succeeds[completed.get(completed.size() - 1)];
            if (succeeded ? successes != needed || !lastSucceeded :
                failures != succeeds.length - needed + 1 || lastSucceeded)
            {
                return "not a deciding list: " + completed;
            }
            return null;
        }
    }

    @Test
    void joinCountDecidesOnceAndRightWhenThreadsRaceOnEveryJoin() throws Exception
    {
        final int joins = 20_000;
        final SplittableRandom random = new SplittableRandom(42);
        final List<Expected> expected = new ArrayList<>();
        final List<JoinCount<Integer>> counts = new ArrayList<>();
        final List<List<Completion>> perThread = new ArrayList<>();
        for (int t = 0; t < THREADS; t++)
        {
            perThread.add(new ArrayList<>());
        }
        for (int j = 0; j < joins; j++)
        {
            final Expected e = new Expected(random);
            expected.add(e);
            counts.add(new JoinCount<>(e.needed, e.succeeds.length));
            for (int r = 0; r < e.succeeds.length; r++)
            {
                perThread.get(random.nextInt(THREADS)).add(new Completion(j, r, e.succeeds[r]));
            }
        }
        final AtomicIntegerArray decisions = new AtomicIntegerArray(joins);
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        final CyclicBarrier start = new CyclicBarrier(THREADS);
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++)
        {
            final List<Completion> mine = perThread.get(t);
            threads.add(new Thread(() ->
            {
                await(start);
                for (final Completion c : mine)
                {
                    final int decision = counts.get(c.join()).onReply(c.reply(), c.succeeded());
                    if (decision != 0)
                    {
                        decisions.incrementAndGet(c.join());
                        final String problem = expected.get(c.join())
                            .check(counts.get(c.join()).completedInOrder(Math.abs(decision)), decision > 0);
                        if (problem != null)
                        {
                            wrong.add("join " + c.join() + ": " + problem);
                        }
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (final Thread thread : threads)
        {
            thread.join();
        }
        assertEquals(List.of(), List.copyOf(wrong));
        for (int j = 0; j < joins; j++)
        {
            assertEquals(1, decisions.get(j), "decisions of join " + j);
        }
    }

    @Test
    void joinsOfRealAsksFromActorsAndOutsideThreadsCallBackOnceWithTheRightDecision() throws Exception
    {
        final int actorJoins = 3_000;
        final int outsideJoins = 1_000;
        final int total = actorJoins + outsideJoins;
        final List<Expected> expected = new ArrayList<>();
        final SplittableRandom plan = new SplittableRandom(7);
        for (int j = 0; j < total; j++)
        {
            expected.add(new Expected(plan));
        }
        final AtomicIntegerArray callbacks = new AtomicIntegerArray(total);
        final AtomicLong calledBack = new AtomicLong();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        final AtomicLong wrongThread = new AtomicLong();
        final ConcurrentLinkedQueue<Object[]> forThreads = new ConcurrentLinkedQueue<>();
        final AtomicBoolean completing = new AtomicBoolean(true);
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            // a question is {join, reply, later}: the replier answers it now or hands it to a completer thread
            final List<ActorRef<int[]>> repliers = new ArrayList<>();
            for (int i = 0; i < 4; i++)
            {
                repliers.add(engine.actor((ActorContext<int[]> ctx) -> (int[] q) ->
                {
                    if (q[2] == 1)
                    {
                        forThreads.add(new Object[] {q, ctx.replyLater()});
                        return;
                    }
                    if (!expected.get(q[0]).succeeds[q[1]])
                    {
                        throw new IllegalStateException("planned failure");
                    }
                    ctx.reply(q[1]);
                }).name("replier-" + i).onWorker(i % 2).spawn());
            }
            final List<Thread> completers = new ArrayList<>();
            for (int t = 0; t < 2; t++)
            {
                completers.add(new Thread(() ->
                {
                    while (completing.get() || !forThreads.isEmpty())
                    {
                        final Object[] p = forThreads.poll();
                        if (p == null)
                        {
                            Thread.yield();
                            continue;
                        }
                        final int[] q = (int[])p[0];
                        @SuppressWarnings("unchecked")
                        final Reply<Object> reply = (Reply<Object>)p[1];
                        if (expected.get(q[0]).succeeds[q[1]])
                        {
                            reply.complete(q[1]);
                        }
                        else
                        {
                            reply.fail(new IllegalStateException("planned failure"));
                        }
                    }
                }));
            }
            completers.forEach(Thread::start);
            final List<ActorRef<Integer>> askers = new ArrayList<>();
            for (int i = 0; i < 2; i++)
            {
                final int worker = i;
                askers.add(engine.actor((ActorContext<Integer> ctx) -> new Actor<Integer>()
                {
                    private final SplittableRandom random = new SplittableRandom(worker);

                    @Override
                    public void onMessage(final Integer join)
                    {
                        final Expected e = expected.get(join);
                        final List<Reply<Integer>> replies = new ArrayList<>();
                        for (int r = 0; r < e.succeeds.length; r++)
                        {
                            replies.add(repliers.get(random.nextInt(repliers.size()))
                                .ask(new int[] {join, r, random.nextInt(2)}));
                        }
                        Join.of(e.needed, replies).onComplete((done, error) ->
                        {
                            callbacks.incrementAndGet(join);
                            calledBack.incrementAndGet();
                            if (!Thread.currentThread().getName().equals("hp-worker-" + worker))
                            {
                                wrongThread.incrementAndGet();
                            }
                            record(wrong, e, join, replies, done, error);
                        });
                    }
                }).name("asker-" + i).onWorker(i).spawn());
            }
            final SplittableRandom random = new SplittableRandom(99);
            for (int j = 0; j < total; j++)
            {
                while (j - calledBack.get() > 64)
                {
                    Thread.yield();  // a well-behaved producer keeps a bounded number of joins in flight
                }
                if (j < actorJoins)
                {
                    askers.get(random.nextInt(askers.size())).tell(j);
                    continue;
                }
                final int join = j;
                final Expected e = expected.get(j);
                final List<Reply<Integer>> replies = new ArrayList<>();
                for (int r = 0; r < e.succeeds.length; r++)
                {
                    replies.add(repliers.get(random.nextInt(repliers.size()))
                        .ask(new int[] {j, r, random.nextInt(2)}));
                }
                Join.of(e.needed, replies).onComplete((done, error) ->
                {
                    callbacks.incrementAndGet(join);
                    calledBack.incrementAndGet();
                    record(wrong, e, join, replies, done, error);
                });
            }
            TestEngines.await("every join called back", () -> calledBack.get() >= total);
            completing.set(false);
            for (final Thread thread : completers)
            {
                thread.join();
            }
        }
        assertEquals(List.of(), List.copyOf(wrong));
        assertEquals(0, wrongThread.get(), "an actor's join called back off its worker");
        for (int j = 0; j < total; j++)
        {
            assertEquals(1, callbacks.get(j), "callbacks of join " + j);
        }
    }

    private static void record(
        final ConcurrentLinkedQueue<String> wrong,
        final Expected e,
        final int join,
        final List<Reply<Integer>> replies,
        final List<Reply<Integer>> done,
        final Throwable error)
    {
        final List<Integer> indexes = new ArrayList<>();
        for (final Reply<Integer> reply : done)
        {
            indexes.add(replies.indexOf(reply));
        }
        final String problem = e.check(indexes, error == null);
        if (problem != null)
        {
            wrong.add("join " + join + ": " + problem);
        }
        if (error != null && !(error instanceof JoinFailedException))
        {
            wrong.add("join " + join + ": failed with " + error);
        }
    }

    private static void await(final CyclicBarrier barrier)
    {
        try
        {
            barrier.await();
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
