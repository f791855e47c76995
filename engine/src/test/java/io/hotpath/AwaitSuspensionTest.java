package io.hotpath;

import io.hotpath.metrics.WorkerStats;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When an await suspends and when it need not: an answer decided within the asker's turn is known at once, an
 * answer from another worker may be taken by a short spin, and the held-monitor check runs on suspensions as
 * {@link MonitorCheck} says.
 */
class AwaitSuspensionTest
{
    private static final int AWAITS = 200;

    private static ActorRef<Integer> doubler(final Engine engine, final int worker)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n * 2))
            .name("doubler").onWorker(worker).spawn();
    }

    /** A sequential actor on worker 0 that awaits {@link #AWAITS} answers from the doubler, one after another. */
    private static ActorRef<String> awaitLoop(final Engine engine, final ActorRef<Integer> doubler)
    {
        return engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            int sum = 0;
            for (int i = 0; i < AWAITS; i++)
            {
                sum += await(doubler.<Integer>ask(i));
            }
            ctx.reply(sum);
        }).name("loop").onWorker(0).sequential().spawn();
    }

    private static WorkerStats worker0(final Engine engine)
    {
        return engine.stats().workers().get(0);
    }

    @Test
    void anAnswerDecidedWithinTheAskersTurnIsAwaitedWithoutSuspending()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<String> loop = awaitLoop(engine, doubler(engine, 0));
            assertEquals(AWAITS * (AWAITS - 1), loop.<Integer>ask("go").get(Duration.ofSeconds(20)));
            assertEquals(0, worker0(engine).awaitSuspensions(), "the doubler was handed every question directly");
            assertEquals(0, worker0(engine).awaitSpins());
        }
    }

    @Test
    void aQuickAnswerFromAnotherWorkerIsTakenBySpinningAndEveryAwaitIsCounted()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).idle("busy-spin").awaitSpinNs(1_000_000).build()))
        {
            final ActorRef<String> loop = awaitLoop(engine, doubler(engine, 1));
            assertEquals(AWAITS * (AWAITS - 1), loop.<Integer>ask("go").get(Duration.ofSeconds(20)));
            final WorkerStats stats = worker0(engine);
            assertEquals(AWAITS, stats.awaitSpins() + stats.awaitSuspensions(), stats.toString());
            assertTrue(stats.awaitSpins() > 0, "a busy worker answers within a millisecond: " + stats);
        }
    }

    @Test
    void withoutTheSpinEveryAwaitOfAnotherWorkerSuspends()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).idle("busy-spin").awaitSpinNs(0).build()))
        {
            final ActorRef<String> loop = awaitLoop(engine, doubler(engine, 1));
            assertEquals(AWAITS * (AWAITS - 1), loop.<Integer>ask("go").get(Duration.ofSeconds(20)));
            assertEquals(AWAITS, worker0(engine).awaitSuspensions());
            assertEquals(0, worker0(engine).awaitSpins());
        }
    }

    @Test
    void aSpinNeverTakesAnAnswerAheadOfAMessageThatArrivedFirst() throws Exception
    {
        // without lanes, so that the answer comes through the same queue as the message sent before it: order
        // holds per queue (per sender), and here the spin must not take the answer from behind that message
        try (Engine engine = Engine.start(TestEngines.config(2).idle("busy-spin").embedded(0, true)
            .awaitSpinNs(1_000_000).inboundLaneCapacity(0).build()))
        {
            final WorkerInvoker worker = engine.invoker(0);
            worker.doWork();
            final ActorRef<Integer> doubler = doubler(engine, 1);
            final List<String> log = new CopyOnWriteArrayList<>();
            final ActorRef<String> seq = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if ("go".equals(m))
                {
                    log.add("answer " + await(doubler.<Integer>ask(21)));
                }
                else
                {
                    log.add(m);
                }
            }).name("seq").onWorker(0).sequential().spawn();
            final Thread sender = new Thread(() ->
            {
                seq.tell("go");
                seq.tell("other");
            });
            sender.start();
            sender.join();
            TestEngines.await("both handled", () ->
            {
                worker.doWork();
                return log.size() == 2;
            });
            assertEquals(List.of("other", "answer 42"), log, "the message queued before the answer runs first");
            assertEquals(1, worker0(engine).awaitSuspensions());
            BackPressureTest.drainAndClose(engine, worker);
        }
    }

    @Test
    void anAwaitInsideAPlainActorHandedAMessageByAFiberFailsClearly()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final List<String> errors = new CopyOnWriteArrayList<>();
            final ActorRef<String> plain = engine.spawn("plain", ctx -> m ->
            {
                try
                {
                    Await.sleep(Duration.ofMillis(1));
                    errors.add("slept");
                }
                catch (final IllegalStateException ex)
                {
                    errors.add(ex.getMessage());
                }
            });
            final ActorRef<String> seq = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                plain.tell("nap");
                ctx.reply("done");
            }).name("seq").onWorker(0).sequential().spawn();
            assertEquals("done", seq.ask("go").get(Duration.ofSeconds(20)));
            TestEngines.await("plain ran", () -> errors.size() == 1);
            assertThat(errors.get(0)).contains(".sequential()");
        }
    }

    // ---------------------------------------------------------------- held-monitor check

    /** An actor whose "free" messages sleep unlocked and whose "locked" messages sleep inside a synchronized block. */
    private static ActorRef<String> sleeper(final Engine engine, final Object lock)
    {
        return engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            if ("locked".equals(m))
            {
                synchronized (lock)
                {
                    Await.sleep(Duration.ofNanos(1));
                }
            }
            else
            {
                Await.sleep(Duration.ofNanos(1));
            }
            ctx.reply(m);
        }).name("sleeper").onWorker(0).sequential().spawn();
    }

    private static void sleepFree(final ActorRef<String> sleeper, final int times)
    {
        for (int i = 0; i < times; i++)
        {
            assertEquals("free", sleeper.ask("free").get(Duration.ofSeconds(20)));
        }
    }

    @Test
    void alwaysChecksEverySuspension()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).awaitMonitorCheck(MonitorCheck.ALWAYS).build()))
        {
            final ActorRef<String> sleeper = sleeper(engine, new Object());
            sleepFree(sleeper, MonitorCheck.SAMPLED_SUSPENSIONS + 4);
            final ReplyException ex = assertThrows(ReplyException.class,
                () -> sleeper.ask("locked").get(Duration.ofSeconds(20)));
            assertThat(ex.getCause().getMessage()).contains("holding a monitor", "'sleeper'");
        }
    }

    @Test
    void sampledChecksOnlyTheFirstSuspensionsOfAnActorClassAndOffNone()
    {
        final List<String> outcomes = new ArrayList<>();
        for (final MonitorCheck check : List.of(MonitorCheck.SAMPLED, MonitorCheck.OFF))
        {
            try (Engine engine = Engine.start(TestEngines.config(1).awaitMonitorCheck(check).build()))
            {
                final ActorRef<String> sleeper = sleeper(engine, new Object());
                if (check == MonitorCheck.SAMPLED)
                {
                    sleepFree(sleeper, MonitorCheck.SAMPLED_SUSPENSIONS);
                }
                outcomes.add(check.configName() + " " + sleeper.ask("locked").get(Duration.ofSeconds(20)));
            }
        }
        assertEquals(List.of("sampled locked", "off locked"), outcomes, "unchecked suspensions under a lock go on");
    }

    @Test
    void theSettingsAreReadFromTextAndBadValuesAreNamed()
    {
        final java.util.Properties p = new java.util.Properties();
        p.setProperty(EngineConfig.AWAIT_MONITOR_CHECK, "Always");
        p.setProperty(EngineConfig.AWAIT_SPIN_NS, "0");
        final EngineConfig config = EngineConfig.builder().properties(p, "test").build();
        assertEquals(MonitorCheck.ALWAYS, config.awaitMonitorCheck());
        assertEquals(0, config.awaitSpinNs());
        assertEquals(MonitorCheck.SAMPLED, EngineConfig.builder().build().awaitMonitorCheck());
        p.setProperty(EngineConfig.AWAIT_MONITOR_CHECK, "true");
        final IllegalArgumentException badCheck = assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().properties(p, "test"));
        assertThat(badCheck.getMessage()).contains("await.monitorCheck=true", "off, sampled or always");
        final IllegalArgumentException badSpin = assertThrows(IllegalArgumentException.class,
            () -> EngineConfig.builder().awaitSpinNs(5_000_000).build());
        assertThat(badSpin.getMessage()).contains("await.spinNs", "5000000", "1 ms");
    }
}
