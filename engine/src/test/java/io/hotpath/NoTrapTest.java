package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The small traps a new user fell into: a reply sent as a message, an interrupt flag left set, durations at the top
 * of the range, nulls, a factory that fails, a name reused right after a stop, and asks left pending by an actor
 * that stopped or an engine that closed.
 */
class NoTrapTest
{
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void aReplySentAsAnOrdinaryMessageIsDeliveredLikeAnyMessage() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<Reply<Object>> helper = engine.actor((ActorContext<Reply<Object>> ctx) ->
                (Reply<Object> reply) -> reply.complete("done by the helper")).name("helper").onWorker(1).spawn();
            final ActorRef<String> front = engine.actor((ActorContext<String> ctx) -> (String m) ->
                helper.tell(ctx.replyLater())).name("front").onWorker(0).spawn();
            assertEquals("done by the helper", front.ask("work").get(WAIT));
            assertEquals(0, engine.deadLetters().count());
        }
    }

    @Test
    void aHandlerThatLeavesTheInterruptFlagSetDoesNotMakeItsWorkerSpin() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).idle("backoff").build()))
        {
            final AtomicBoolean seenInterrupted = new AtomicBoolean();
            // this engine's worker thread, taken from its handler: another engine of this JVM may still have a
            // thread of the same name (one a test left running, or one ending), which need not park
            final AtomicReference<Thread> workerThread = new AtomicReference<>();
            final ActorRef<String> rude = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if ("interrupt".equals(m))
                {
                    Thread.currentThread().interrupt();
                }
                else
                {
                    seenInterrupted.set(Thread.currentThread().isInterrupted());
                    workerThread.set(Thread.currentThread());
                    ctx.reply(m);
                }
            }).onWorker(0).spawn();
            rude.tell("interrupt");
            assertEquals("check", rude.ask("check").get(WAIT));
            assertFalse(seenInterrupted.get(), "the next handler saw the flag");
            final Thread worker = workerThread.get();
            assertEquals(engine.config().workerName(0), worker.getName());
            TestEngines.await("the idle worker parks", () -> worker.getState() == Thread.State.TIMED_WAITING);
            assertEquals(1, engine.stats().workers().get(0).interruptsCleared());
        }
    }

    @Test
    void durationsAtTheTopOfTheRangeMeanNever() throws Exception
    {
        final Engine engine = Engine.start(TestEngines.config(1).closeTimeoutNs(Long.MAX_VALUE).build());
        {
            final ActorRef<String> mute = engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.replyLater())
                .onWorker(0).spawn();
            final List<Duration> forever = List.of(Duration.ofNanos(Long.MAX_VALUE), Duration.ofSeconds(Long.MAX_VALUE),
                ChronoUnit.FOREVER.getDuration());
            final List<Reply<Object>> replies = forever.stream().map(d -> mute.<Object>ask("q", d)).toList();
            final AtomicInteger fired = new AtomicInteger();
            final CompletableFuture<String> scheduled = new CompletableFuture<>();
            final ActorRef<String> timers = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if ("arm".equals(m))
                {
                    for (final Duration d : forever)
                    {
                        ctx.schedule("tick", d);
                        ctx.scheduleAtFixedRate("tick", d, d);
                    }
                    scheduled.complete("armed");
                }
                else
                {
                    fired.incrementAndGet();
                }
            }).onWorker(0).spawn();
            timers.tell("arm");
            assertEquals("armed", scheduled.get(10, TimeUnit.SECONDS));
            Thread.sleep(200);
            assertEquals(0, fired.get(), "a timer of 'forever' fired");
            for (final Reply<Object> reply : replies)
            {
                assertFalse(reply.toCompletableFuture().isDone(), "an ask with a timeout of 'forever' ended");
            }
            engine.close();
            assertTrue(engine.awaitTermination(Duration.ZERO), "close() returned before the workers ended");
        }
    }

    @Test
    void idleNamesAreAcceptedInAnyCaseAtBuild()
    {
        final EngineConfig config = EngineConfig.builder().workers(1).idle("BUSY-SPIN").build();
        assertEquals(Idle.BUSY_SPIN, config.idle(0));
        try (Engine engine = Engine.start(config))
        {
            assertEquals("busy-spin", engine.stats().workers().get(0).idle());
        }
    }

    @Test
    void nullsAndNegativeDurationsGetAMessageNamingTheArgument() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> echo = engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.reply(m))
                .spawn();
            assertThat(assertThrows(NullPointerException.class, () -> echo.ask("x", (Duration)null)).getMessage())
                .contains("ask timeout");
            final TypedRef<StringBuilder> typed = engine.spawnTyped("typed", ctx -> new StringBuilder());
            assertThat(assertThrows(NullPointerException.class, () -> typed.tell(null)).getMessage())
                .contains("call to typed actor is null");
            final CompletableFuture<String> seen = new CompletableFuture<>();
            final ActorRef<String> sequential = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                try
                {
                    if ("await".equals(m))
                    {
                        Await.await(null);
                    }
                    else
                    {
                        Await.sleep(Duration.ofMillis(-1));
                    }
                }
                catch (final RuntimeException ex)
                {
                    seen.complete(ex.getClass().getSimpleName() + ": " + ex.getMessage());
                }
            }).sequential().spawn();
            sequential.tell("await");
            assertThat(seen.get(10, TimeUnit.SECONDS)).contains("NullPointerException", "reply to await is null");
            final CompletableFuture<String> seenSleep = new CompletableFuture<>();
            final ActorRef<String> sleeper = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                try
                {
                    Await.sleep(Duration.ofMillis(-1));
                }
                catch (final RuntimeException ex)
                {
                    seenSleep.complete(ex.getMessage());
                }
            }).sequential().spawn();
            sleeper.tell("sleep");
            assertThat(seenSleep.get(10, TimeUnit.SECONDS)).contains("sleep duration must not be negative");
        }
    }

    @Test
    void messagesForAnActorWhoseFactoryFailedAreStartFailedDeadLetters() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> broken = engine.actor((ActorContext<String> ctx) ->
            {
                throw new IllegalStateException("no database");
            }).onWorker(0).spawn();
            TestEngines.await("stopped", broken::isStopped);
            broken.tell("one");
            broken.tell("two");
            TestEngines.await("counted", () -> engine.deadLetters().count(DeadLetterReason.START_FAILED) == 2);
            assertEquals(0, engine.deadLetters().count(DeadLetterReason.ACTOR_STOPPED));
        }
    }

    @Test
    void aNameIsFreeOnceTheStopHasCompleted() throws Exception
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            for (int i = 0; i < 200; i++)
            {
                final ActorRef<String> actor = engine.actor((ActorContext<String> ctx) -> (String m) -> { })
                    .name("reused").onWorker(i % 2).spawn();
                assertEquals(actor, engine.stop(actor).get(WAIT).actor());
                assertTrue(actor.isStopped());
            }
        }
    }

    @Test
    void asksKeptByAnActorThatStopsOrAnEngineThatClosesFailAtOnce() throws Exception
    {
        final AtomicReference<Reply<Object>> kept = new AtomicReference<>();
        final Reply<Object> onStop;
        final Reply<Object> onClose;
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> keeper = engine.actor((ActorContext<String> ctx) -> (String m) ->
                kept.set(ctx.replyLater())).onWorker(0).spawn();
            onStop = keeper.ask("keep");
            TestEngines.await("kept", () -> kept.get() != null);
            engine.stop(keeper).get(WAIT);
            final ReplyException stopped = assertThrows(ReplyException.class, () -> onStop.get(WAIT));
            assertEquals(DeadLetterReason.ACTOR_STOPPED, ((UndeliveredException)stopped.getCause()).reason());
            kept.set(null);
            final ActorRef<String> keeper2 = engine.actor((ActorContext<String> ctx) -> (String m) ->
                kept.set(ctx.replyLater())).onWorker(0).spawn();
            onClose = keeper2.ask("keep");
            TestEngines.await("kept again", () -> kept.get() != null);
        }
        final ReplyException closed = assertThrows(ReplyException.class, () -> onClose.get(WAIT));
        assertEquals(DeadLetterReason.ENGINE_CLOSED, ((UndeliveredException)closed.getCause()).reason());
    }
}
