package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Join (N of M replies), late binding through output ports, repeating steps.
 */
class JoinPortStepTest
{
    @Test
    void joinResumesAfterNOfMWithTheCompletedOnesInCompletionOrder()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final List<Reply<Object>> kept = new ArrayList<>();
            final ActorRef<String> replica = engine.actor((ActorContext<String> ctx) -> (String m) ->
                kept.add(ctx.replyLater())).onWorker(0).spawn();
            final List<String> outcome = new ArrayList<>();
            final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                final List<Reply<String>> replies = new ArrayList<>();
                for (int i = 0; i < 4; i++)
                {
                    replies.add(replica.ask("q" + i));
                }
                Join.of(2, replies).onComplete((done, error) ->
                {
                    outcome.add(error == null ? "ok" : "failed");
                    done.forEach(r -> outcome.add(r.error() == null ? r.value() : "error"));
                });
            }).onWorker(0).spawn();
            asker.tell("go");
            worker.doWork();
            assertEquals(4, kept.size());
            kept.get(2).complete("third");
            kept.get(0).fail(new IllegalStateException("down"));
            worker.doWork();
            assertTrue(outcome.isEmpty(), "one success of two needed");
            kept.get(3).complete("fourth");
            worker.doWork();
            assertEquals(List.of("ok", "third", "error", "fourth"), outcome);
            kept.get(1).complete("late");
            worker.doWork();
            assertEquals(4, outcome.size(), "the callback ran once");
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void joinFailsAsSoonAsNIsOutOfReach()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<Integer> flaky = engine.spawn("flaky", ctx -> (Integer n) ->
            {
                if (n % 2 == 0)
                {
                    throw new IllegalArgumentException("even " + n);
                }
                ctx.reply(n);
            });
            final List<Reply<Integer>> replies = new ArrayList<>();
            for (int i = 0; i < 4; i++)
            {
                replies.add(flaky.ask(i));
            }
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final AtomicInteger calls = new AtomicInteger();
            Join.of(3, replies).onComplete((done, error) ->
            {
                calls.incrementAndGet();
                failure.set(error);
            });
            TestEngines.await("join decided", () -> failure.get() != null);
            assertInstanceOf(JoinFailedException.class, failure.get());
            assertThat(failure.get().getMessage()).contains("3 needed");
            assertInstanceOf(IllegalArgumentException.class, failure.get().getCause());
            assertEquals(1, calls.get());
        }
    }

    @Test
    void outputPortIsReboundWhileMessagesFlowAndEveryMessageIsCounted() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final AtomicLong toA = new AtomicLong();
            final AtomicLong toB = new AtomicLong();
            final ActorRef<Long> a = engine.actor((ActorContext<Long> ctx) -> (Long n) -> toA.incrementAndGet())
                .name("a").onWorker(1).spawn();
            final ActorRef<Long> b = engine.actor((ActorContext<Long> ctx) -> (Long n) -> toB.incrementAndGet())
                .name("b").onWorker(1).spawn();
            final AtomicReference<OutputPort<Long>> port = new AtomicReference<>();
            final ActorRef<Long> source = engine.actor((ActorContext<Long> ctx) ->
            {
                final OutputPort<Long> out = new OutputPort<>(ctx, "out");
                port.set(out);
                return (Long n) -> out.tell(n);
            }).name("source").onWorker(0).spawn();
            source.tell(-1L);
            TestEngines.await("port made", () -> port.get() != null);
            TestEngines.await("unbound send counted",
                () -> engine.deadLetters().count(DeadLetterReason.PORT_UNBOUND) == 1);
            final int least = 200_000;
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            final Thread rebinder = new Thread(() ->
            {
                for (int i = 0; i < 2_000; i++)
                {
                    port.get().bind(i % 2 == 0 ? a : b);
                    // the first binding to b is seen in use before the rebinding goes on, however the threads are
                    // scheduled (the sender goes on while this thread lives)
                    while (i == 1 && toB.get() == 0 && System.nanoTime() - deadlineNs < 0)
                    {
                        Thread.yield();
                    }
                    Thread.yield();
                }
            });
            port.get().bind(a);
            rebinder.start();
            long sent = 0;
            while (sent < least || rebinder.isAlive())
            {
                while (sent - toA.get() - toB.get() > 4_096)
                {
                    Thread.yield();  // a well-behaved producer: the relay's worker never waits for a full queue
                }
                source.tell(sent++);
            }
            rebinder.join();
            final long total = sent;
            TestEngines.await("all delivered", () -> toA.get() + toB.get() == total);
            assertEquals(1, engine.deadLetters().count());
            assertTrue(toA.get() > 0 && toB.get() > 0, "both bindings were used: " + toA + " / " + toB);
        }
    }

    @Test
    void repeatingStepRunsEveryCycleUnderTheActorsExclusionAndFollowsItsFaultPolicy()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final List<String> log = new CopyOnWriteArrayList<>();
            final AtomicReference<Cancellable> step = new AtomicReference<>();
            final ActorRef<String> feed = engine.actor((ActorContext<String> ctx) -> new Actor<String>()
            {
                private int polls;

                @Override
                public void onMessage(final String m)
                {
                    if (m.equals("start"))
                    {
                        step.set(ctx.repeat(() ->
                        {
                            polls++;
                            if (polls == 3)
                            {
                                throw new IllegalStateException("feed hiccup");
                            }
                            log.add("poll " + polls);
                            return 1;
                        }));
                    }
                    else
                    {
                        log.add(m + " after " + polls + " polls");
                    }
                }
            }).onWorker(0).spawn();
            feed.tell("start");
            assertEquals(1, worker.doWork() > 0 ? 1 : 0);
            worker.doWork();
            worker.doWork();
            worker.doWork();
            feed.tell("msg");
            assertEquals(List.of("poll 1", "poll 2", "poll 4", "msg after 4 polls"), log);
            assertEquals(1, engine.stats().workers().get(0).exceptions(), "the step's fault was counted, resumed");
            step.get().cancel();
            worker.doWork();
            assertEquals(4, log.size());
            BackPressureTest.drainAndClose(engine, worker);
        }
    }
}
