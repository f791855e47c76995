package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One reply, many rounds: a timeout and an answer decide a round once, and neither reaches into another round of
 * the same reply (a timer left behind, a reuse from inside a callback, a question still queued when its timeout
 * won). Each test here failed before the fix it is named for.
 */
class ReplyRoundsTest
{
    private static final Duration TIMEOUT = Duration.ofMillis(100);
    private static final Duration PAST_TIMEOUT = Duration.ofMillis(200);

    /** An actor that keeps every ask it gets, to be answered later by whoever the test picks. */
    private static ActorRef<String> keeper(final Engine engine, final int worker, final List<Reply<Object>> kept)
    {
        return engine.actor((ActorContext<String> ctx) -> (String m) -> kept.add(ctx.replyLater()))
            .name("keeper").onWorker(worker).spawn();
    }

    private static void completeFromAnotherThread(final Reply<Object> reply, final Object value) throws Exception
    {
        final Thread completer = new Thread(() -> reply.complete(value));
        completer.start();
        completer.join();
    }

    @Test
    void aTimerThatLostToAnAnswerFromAnotherThreadIsNoLateReply() throws Exception
    {
        final ManualClock clock = new ManualClock();
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).clock(clock).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final List<Reply<Object>> kept = new CopyOnWriteArrayList<>();
            final ActorRef<String> keeper = keeper(engine, 0, kept);
            final Reply<Object> reply = keeper.ask("q", TIMEOUT);
            worker.doWork();
            completeFromAnotherThread(kept.get(0), "answer");
            assertEquals("answer", reply.toCompletableFuture().join());
            clock.advance(PAST_TIMEOUT);
            worker.doWork();
            assertEquals(0, engine.deadLetters().count(DeadLetterReason.LATE_REPLY),
                "the timer (not cancellable from the answering thread) fired after the answer; nobody answered late");
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void aTimerLeftBehindDoesNotFailTheNextAskOfTheReusedReply() throws Exception
    {
        final ManualClock clock = new ManualClock();
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).clock(clock).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final List<Reply<Object>> kept = new CopyOnWriteArrayList<>();
            final ActorRef<String> keeper = keeper(engine, 0, kept);
            final Reply<Object> reply = keeper.ask("first", TIMEOUT);
            worker.doWork();
            completeFromAnotherThread(kept.get(0), "first answer");
            assertEquals("first answer", reply.toCompletableFuture().join());
            keeper.ask("second", reply);
            clock.advance(PAST_TIMEOUT);
            worker.doWork();
            final CompletableFuture<Object> second = reply.toCompletableFuture();
            assertFalse(second.isDone(), "the first ask's timer must not decide the second ask (which has none): " +
                second);
            assertTrue(kept.get(1).complete("second answer"));
            assertEquals("second answer", second.join());
            assertEquals(0, engine.deadLetters().count(DeadLetterReason.LATE_REPLY));
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void aQuestionStillQueuedWhenItsTimeoutWonIsHandledAndItsAnswerCountedLate() throws Exception
    {
        final ManualClock clock = new ManualClock();
        try (Engine engine = Engine.start(TestEngines.config(2).clock(clock).build()))
        {
            final CountDownLatch release = new CountDownLatch(1);
            final List<String> handled = new CopyOnWriteArrayList<>();
            final ActorRef<String> busy = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if (m.equals("block"))
                {
                    release.await();
                    return;
                }
                handled.add(m);
                ctx.reply("answer to " + m);
            }).name("busy").onWorker(1).spawn();
            final List<String> asked = new CopyOnWriteArrayList<>();
            final List<String> outcomes = new CopyOnWriteArrayList<>();
            final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                final Reply<String> reply = busy.ask(m, TIMEOUT);
                reply.onComplete((v, e) ->
                {
                    outcomes.add((e == null ? v : e.getClass().getSimpleName()) + " on " +
                        Thread.currentThread().getName());
                    outcomes.add(reuseRefused(busy, reply));
                });
                asked.add(m);
            }).name("asker").onWorker(0).spawn();
            busy.tell("block");
            asker.tell("question");
            TestEngines.await("question on its way", () -> asked.size() == 1);
            clock.advance(PAST_TIMEOUT);
            TestEngines.await("timeout delivered", () -> outcomes.size() == 2);
            release.countDown();
            TestEngines.await("late answer counted", () -> engine.deadLetters().count(DeadLetterReason.LATE_REPLY) == 1);
            assertEquals(List.of("question"), handled, "the question was handled, once, by its target");
            assertEquals(List.of("AskTimeoutException on hp-worker-0", "reuse refused"), outcomes,
                "the asker's callback ran once, on its own worker");
        }
    }

    private static String reuseRefused(final ActorRef<String> target, final Reply<String> timedOut)
    {
        try
        {
            target.ask("again", timedOut);
            return "reused";
        }
        catch (final IllegalStateException ex)
        {
            return ex.getMessage().contains("timed out") ? "reuse refused" : ex.getMessage();
        }
    }

    @Test
    void aReplyReusedFromItsOwnCallbackKeepsTheNextRoundsCallbacksAndTheRoundsOutcome()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final ActorRef<Integer> doubler = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                ctx.reply(n * 2)).name("doubler").onWorker(0).spawn();
            final List<String> seen = new ArrayList<>();
            final ActorRef<String> looper = engine.actor((ActorContext<String> ctx) -> new Actor<String>()
            {
                private final Reply<Integer> reply = new Reply<>();

                @Override
                public void onMessage(final String m)
                {
                    ask(1);
                }

                private void ask(final int n)
                {
                    doubler.ask(n, reply)
                        .onSuccess(v ->
                        {
                            seen.add("first " + v);
                            if (n < 5)
                            {
                                ask(n + 1);
                            }
                        })
                        .onSuccess(v -> seen.add("second " + v));
                }
            }).name("looper").onWorker(0).spawn();
            looper.tell("go");
            for (int i = 0; i < 20 && seen.size() < 10; i++)
            {
                worker.doWork();
            }
            assertEquals(List.of("first 2", "second 2", "first 4", "second 4", "first 6", "second 6", "first 8",
                "second 8", "first 10", "second 10"), seen);
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void aReplyNobodyAskedCannotBeCompleted()
    {
        final Reply<String> fresh = new Reply<>();
        assertThat(assertThrows(IllegalStateException.class, () -> fresh.complete("x")).getMessage())
            .contains("not been asked");
        assertThrows(IllegalStateException.class, () -> fresh.fail(new RuntimeException("x")));
        assertFalse(fresh.isDone());
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<Integer> echo = engine.spawn("echo", ctx -> (Integer n) -> ctx.reply(n));
            final Reply<Integer> unasked = new Reply<>();
            assertThrows(IllegalStateException.class, () -> unasked.complete(1));
            assertEquals(7, echo.ask(7, unasked).get(Duration.ofSeconds(20)),
                "a refused completion leaves the reply usable");
        }
    }
}
