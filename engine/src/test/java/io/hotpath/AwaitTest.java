package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sequential actor code on JDK continuations: await suspends the method, releases the actor, resumes on the same
 * worker; exceptions and timeouts are thrown at the await.
 */
class AwaitTest
{
    private static ActorRef<Integer> doubler(final Engine engine, final int worker)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (n < 0)
            {
                throw new IllegalArgumentException("negative " + n);
            }
            ctx.reply(n * 2);
        }).name("doubler").onWorker(worker).spawn();
    }

    @Test
    void awaitAcrossWorkersResumesOnTheSameWorkerAndThrowsFailuresAtTheAwait()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 1);
            final List<String> log = new CopyOnWriteArrayList<>();
            final ActorRef<String> seq = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                final String before = Thread.currentThread().getName();
                final int a = await(doubler.<Integer>ask(20));
                final int b = await(doubler.<Integer>ask(a + 1));
                log.add(a + "," + b + " on " + before + "->" + Thread.currentThread().getName());
                try
                {
                    await(doubler.<Integer>ask(-1));
                }
                catch (final IllegalArgumentException ex)
                {
                    log.add("caught " + ex.getMessage());
                }
                ctx.reply(log.size());
            }).name("seq").onWorker(0).sequential().spawn();
            assertEquals(2, seq.<Integer>ask("go").get(Duration.ofSeconds(20)));
            assertEquals(List.of("40,82 on hp-worker-0->hp-worker-0", "caught negative -1"), log);
        }
    }

    @Test
    void awaitOfAnArrivedReplyReturnsAtOnceAndOutsideAFiberItFailsClearly()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 0);
            final Reply<Integer> arrived = doubler.ask(4);
            assertEquals(8, arrived.get(Duration.ofSeconds(20)));
            final AtomicReference<String> error = new AtomicReference<>();
            final ActorRef<String> plain = engine.spawn("plain", ctx -> m ->
            {
                try
                {
                    await(doubler.<Integer>ask(1));
                }
                catch (final IllegalStateException ex)
                {
                    error.set(ex.getMessage());
                }
            });
            plain.tell("x");
            TestEngines.await("error seen", () -> error.get() != null);
            assertThat(error.get()).contains(".sequential()");
        }
    }

    /** A slow replica that keeps its asks and answers them when told. */
    private static final class Slow
    {
        final List<Reply<Object>> kept = new CopyOnWriteArrayList<>();
        final ActorRef<String> ref;

        Slow(final Engine engine)
        {
            ref = engine.actor((ActorContext<String> ctx) -> (String m) -> kept.add(ctx.replyLater()))
                .name("slow").onWorker(0).spawn();
        }
    }

    @Test
    void otherMessagesRunWhileAMethodAwaitsUnlessTheActorIsNotReentrant()
    {
        for (final boolean reentrant : new boolean[]{true, false})
        {
            try (DrivenEngine driven = new DrivenEngine())
            {
                final Slow slow = new Slow(driven.engine);
                final List<String> log = new ArrayList<>();
                final ActorRef<String> cache = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
                {
                    if (m.equals("fetch"))
                    {
                        log.add("fetch start");
                        log.add("fetched " + await(slow.ref.ask("key")));
                    }
                    else
                    {
                        log.add("read " + m);
                    }
                }).name("cache").onWorker(0).sequential().reentrant(reentrant).spawn();
                cache.tell("fetch");
                driven.settle();
                cache.tell("cached-key");
                driven.settle();
                assertEquals(reentrant ? List.of("fetch start", "read cached-key") : List.of("fetch start"), log,
                    "reentrant=" + reentrant);
                slow.kept.get(0).complete("value");
                driven.settle();
                assertEquals(reentrant ? List.of("fetch start", "read cached-key", "fetched value") :
                    List.of("fetch start", "fetched value", "read cached-key"), log, "reentrant=" + reentrant);
            }
        }
    }

    @Test
    void nonReentrantActorAwaitingItselfFailsAtOnceWhileAReentrantOneWorks()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final List<String> log = new ArrayList<>();
            for (final boolean reentrant : new boolean[]{true, false})
            {
                final ActorRef<String> self = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
                {
                    if (m.equals("question"))
                    {
                        ctx.reply("answer");
                        return;
                    }
                    try
                    {
                        log.add(reentrant + ": " + await(ctx.self().<String>ask("question")));
                    }
                    catch (final IllegalStateException ex)
                    {
                        log.add(reentrant + ": " + ex.getMessage());
                    }
                }).onWorker(0).sequential().reentrant(reentrant).spawn();
                self.tell("go");
                driven.settle();
            }
            assertEquals("true: answer", log.get(0));
            assertThat(log.get(1)).contains("false: ", "awaits an ask to itself but is not reentrant");
        }
    }

    @Test
    void sleepAndTimeoutsComeFromTheTimerWheel()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final Slow slow = new Slow(driven.engine);
            final List<String> log = new ArrayList<>();
            final ActorRef<String> sleeper = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                log.add("before");
                Await.sleep(Duration.ofMillis(50));
                log.add("after sleep");
                try
                {
                    Await.withTimeout(Duration.ofMillis(100), () -> await(slow.ref.ask("never answered")));
                }
                catch (final AwaitTimeoutException ex)
                {
                    log.add("timed out: " + ex.getMessage());
                }
            }).onWorker(0).sequential().spawn();
            sleeper.tell("go");
            driven.settle();
            assertEquals(List.of("before"), log);
            driven.advance(49);
            assertEquals(1, log.size());
            driven.advance(2);
            driven.settle();
            assertEquals(List.of("before", "after sleep"), log);
            driven.advance(99);
            driven.settle();
            assertEquals(2, log.size());
            driven.advance(2);
            driven.settle();
            assertEquals(3, log.size());
            assertThat(log.get(2)).contains("timed out", "'slow'", "deadline");
        }
    }

    @Test
    void awaitWhileHoldingAMonitorFailsInsteadOfHanging()
    {
        // no spin (a quick answer taken by the spin needs no suspension, so no check), and every suspension checked
        try (Engine engine = Engine.start(TestEngines.config(2).awaitSpinNs(0)
            .awaitMonitorCheck(MonitorCheck.ALWAYS).build()))
        {
            final ActorRef<Integer> doubler = doubler(engine, 1);
            final Object lock = new Object();
            final ActorRef<String> locked = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                synchronized (lock)
                {
                    ctx.reply(await(doubler.<Integer>ask(1)));
                }
            }).onWorker(0).sequential().spawn();
            final ReplyException ex = org.junit.jupiter.api.Assertions.assertThrows(ReplyException.class,
                () -> locked.ask("go").get(Duration.ofSeconds(20)));
            assertThat(ex.getCause().getMessage()).contains("holding a monitor");
            assertTrue(Await.isAvailable());
        }
    }
}
