package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ask and reply: values and exceptions travel back; callbacks run on the asker's worker under its exclusion, in
 * order; timeouts come from the timer wheel; late answers are counted.
 */
class AskTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static ActorRef<Integer> doubler(final Engine engine, final int worker)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (n < 0)
            {
                throw new IllegalArgumentException("negative: " + n);
            }
            ctx.reply(n * 2);
        }).name("doubler").onWorker(worker).faultPolicy(FaultPolicy.stop()).spawn();
    }

    @Test
    void outsideAskGetsTheValueAndTheExceptionAndTheActorGoesOn()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 1);
            assertEquals(42, doubler.<Integer>ask(21).get(WAIT));
            final ReplyException ex = assertThrows(ReplyException.class, () -> doubler.<Integer>ask(-1).get(WAIT));
            assertInstanceOf(IllegalArgumentException.class, ex.getCause());
            assertThat(ex.getMessage()).contains("doubler", "negative: -1");
            assertFalse(doubler.isStopped(), "an exception answering an ask is the answer, not a fault");
            assertEquals(8, doubler.<Integer>ask(4).toCompletableFuture().join());
        }
    }

    @Test
    void callbacksRunOnTheAskersWorkerInOrderNeverInsideItsHandler()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 1);
            final List<String> events = new CopyOnWriteArrayList<>();
            final boolean[] inHandler = {false};
            final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                inHandler[0] = true;
                final Reply<Integer> reply = doubler.ask(5);
                reply.onComplete((v, e) -> events.add("first " + v + " on " + Thread.currentThread().getName() +
                    (inHandler[0] ? " inside" : "")));
                reply.onSuccess(v -> events.add("second " + v));
                doubler.<Integer>ask(-3).onFailure(e -> events.add("failure " + e.getClass().getSimpleName()));
                inHandler[0] = false;
            }).onWorker(0).spawn();
            asker.tell("go");
            TestEngines.await("three callbacks", () -> events.size() == 3);
            assertThat(events).containsExactlyInAnyOrder(
                "first 10 on hp-worker-0", "second 10", "failure IllegalArgumentException");
            assertTrue(events.indexOf("first 10 on hp-worker-0") < events.indexOf("second 10"), "order of adding");
        }
    }

    @Test
    void askWithinOneWorkerByDirectHandoff()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final ActorRef<Integer> doubler = doubler(engine, 0);
            final List<Integer> got = new ArrayList<>();
            final List<String> known = new ArrayList<>();
            final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                final Reply<Integer> reply = doubler.ask(21);
                known.add(reply.isDone() + " " + reply.value());
                reply.onSuccess(got::add);
            }).onWorker(0).spawn();
            asker.tell("go");
            assertEquals(List.of("true 42"), known, "answered by direct handoff, so known within the turn");
            assertTrue(got.isEmpty(), "the callback waits for a later turn: the asker is still in its handler");
            worker.doWork();
            assertEquals(List.of(42), got);
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void timeoutFromTheTimerWheelNamesTargetAndTimeAndLateAnswerIsCounted()
    {
        final ManualClock clock = new ManualClock();
        try (Engine engine = Engine.start(TestEngines.config(1).embedded(0, true).clock(clock).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final AtomicReference<Reply<Object>> kept = new AtomicReference<>();
            final ActorRef<String> slow = engine.actor((ActorContext<String> ctx) -> (String m) ->
                kept.set(ctx.replyLater())).name("slow").onWorker(0).spawn();
            final List<Throwable> errors = new ArrayList<>();
            final ActorRef<String> asker = engine.actor((ActorContext<String> ctx) -> (String m) ->
                slow.ask("question", Duration.ofMillis(100)).onFailure(errors::add)).onWorker(0).spawn();
            asker.tell("go");
            worker.doWork();
            clock.advance(Duration.ofMillis(99));
            worker.doWork();
            assertTrue(errors.isEmpty(), "not yet");
            clock.advance(Duration.ofMillis(2));
            worker.doWork();
            assertEquals(1, errors.size());
            assertInstanceOf(AskTimeoutException.class, errors.get(0));
            assertThat(errors.get(0).getMessage()).contains("'slow'", "100 ms");
            assertFalse(kept.get().complete("too late"));
            assertEquals(1, engine.deadLetters().count(DeadLetterReason.LATE_REPLY));
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void outsideAskWithTimeout()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> mute = engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.replyLater())
                .name("mute").spawn();
            final AskTimeoutException ex = assertThrows(AskTimeoutException.class,
                () -> mute.ask("anyone?", Duration.ofMillis(20)).get(WAIT));
            assertThat(ex.getMessage()).contains("'mute'", "20 ms");
        }
    }

    @Test
    void unansweredAskFailsAndReplyOutsideAnAskIsAnError()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> forgetful = engine.spawn("forgetful", ctx -> m -> { });
            final ReplyException ex = assertThrows(ReplyException.class, () -> forgetful.ask("?").get(WAIT));
            assertThat(ex.getCause().getMessage()).contains("handled an ask without answering");
            final List<Throwable> errors = new CopyOnWriteArrayList<>();
            final ActorRef<String> confused = engine.spawn("confused", ctx -> m ->
            {
                try
                {
                    ctx.reply("nobody asked");
                }
                catch (final IllegalStateException e)
                {
                    errors.add(e);
                }
            });
            confused.tell("hello");
            TestEngines.await("error seen", () -> errors.size() == 1);
            assertThat(errors.get(0).getMessage()).contains("not handling an ask");
        }
    }

    @Test
    void aReplyIsReusedOnceItsAnswerArrived()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 0);
            final Reply<Integer> reply = new Reply<>();
            for (int i = 0; i < 100; i++)
            {
                assertEquals(2 * i, doubler.ask(i, reply).get(WAIT));
            }
            final ActorRef<String> mute = engine.spawn("mute", ctx -> m -> ctx.replyLater());
            final Reply<Object> pending = mute.ask("x", new Reply<>());
            assertThrows(IllegalStateException.class, () -> mute.ask("y", pending));
        }
    }

    @Test
    void anAskThatCannotBeDeliveredFailsAtOnce()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 0);
            engine.stop(doubler);
            TestEngines.await("stopped", doubler::isStopped);
            final ReplyException ex = assertThrows(ReplyException.class,
                () -> doubler.<Integer>ask(1, Duration.ofSeconds(60)).get(WAIT));
            final UndeliveredException cause = (UndeliveredException)ex.getCause();
            assertEquals(DeadLetterReason.ACTOR_STOPPED, cause.reason());
            assertThat(cause.getMessage()).contains("'doubler'", "not delivered");
            assertEquals(1, engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED));
        }
    }

    @Test
    void aHandlerKnowsWhetherItsMessageWasAskedAndStillOwed() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final List<String> seen = new CopyOnWriteArrayList<>();
            final ActorRef<String> both = engine.spawn("both", (ActorContext<String> ctx) -> (String m) ->
            {
                seen.add(m + ":" + ctx.isAsked());
                if (ctx.isAsked())
                {
                    ctx.reply(m.length());
                    seen.add("after reply:" + ctx.isAsked());
                }
            });
            both.tell("told");
            assertEquals(5, both.<Integer>ask("asked").get(Duration.ofSeconds(10)));
            // the answer may reach this thread before the handler's last line has run
            TestEngines.await("the handler's last line", () -> seen.size() == 3);
            assertThat(seen)
                .containsExactly("told:false", "asked:true", "after reply:false");
        }
    }
}
