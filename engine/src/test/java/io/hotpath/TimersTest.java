package io.hotpath;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages an actor schedules to itself, once or periodically, cancelled by hand or when it stops; proven with a
 * clock the test moves, on a worker the test drives.
 */
class TimersTest
{
    private DrivenEngine driven;
    private Engine engine;
    private WorkerInvoker worker;

    @BeforeEach
    void start()
    {
        driven = new DrivenEngine();
        engine = driven.engine;
        worker = driven.worker;
    }

    @AfterEach
    void close()
    {
        driven.close();
    }

    private void advance(final long millis)
    {
        driven.advance(millis);
    }

    @Test
    void oneShotAndPeriodicTimersFireAndCancel()
    {
        final List<String> seen = new ArrayList<>();
        final AtomicReference<Cancellable> tick = new AtomicReference<>();
        final ActorRef<String> ref = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            switch (m)
            {
                case "start" ->
                {
                    ctx.schedule("once", Duration.ofMillis(10));
                    tick.set(ctx.scheduleAtFixedRate("tick", Duration.ofMillis(5), Duration.ofMillis(5)));
                }
                case "stop-ticks" -> tick.get().cancel();
                default -> seen.add(m);
            }
        }).onWorker(0).spawn();
        ref.tell("start");
        advance(4);
        assertEquals(List.of(), seen);
        advance(2);
        assertEquals(List.of("tick"), seen);
        advance(5);
        assertEquals(List.of("tick", "once", "tick"), seen);
        advance(5);
        assertEquals(4, seen.size());
        ref.tell("stop-ticks");
        advance(50);
        assertEquals(4, seen.size());
        assertFalse(tick.get().isActive());
    }

    @Test
    void stoppingAnActorCancelsItsTimers()
    {
        final List<String> seen = new ArrayList<>();
        final AtomicReference<Cancellable> timer = new AtomicReference<>();
        final ActorRef<String> ref = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            if (m.equals("start"))
            {
                timer.set(ctx.scheduleAtFixedRate("tick", Duration.ofMillis(1), Duration.ofMillis(1)));
            }
            else
            {
                seen.add(m);
            }
        }).onWorker(0).spawn();
        ref.tell("start");
        advance(1);
        assertEquals(1, seen.size());
        engine.stop(ref);
        advance(10);
        assertEquals(1, seen.size());
        assertFalse(timer.get().isActive());
        assertEquals(0, engine.deadLetters().count(), "a cancelled timer sends nothing");
    }

    @Test
    void periodicTimerSkipsMissedTicksAfterAPause()
    {
        final List<String> seen = new ArrayList<>();
        final ActorRef<String> ref = engine.actor((ActorContext<String> ctx) -> (String m) ->
        {
            if (m.equals("start"))
            {
                ctx.scheduleAtFixedRate("tick", Duration.ofMillis(1), Duration.ofMillis(1));
            }
            else
            {
                seen.add(m);
            }
        }).onWorker(0).spawn();
        ref.tell("start");
        advance(1000);
        assertTrue(seen.size() <= 2, "no burst of a thousand ticks after a long pause: " + seen.size());
    }
}
