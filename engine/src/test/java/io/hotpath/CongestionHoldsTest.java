package io.hotpath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Senders held back by a congested actor under the wait policy are let go when it catches up, however many they are,
 * and two actors congested by each other do not hold each other back for ever.
 */
class CongestionHoldsTest
{
    /**
     * Thousands of short-lived actors each send a burst to one busy actor whose mailbox holds 16: nearly all of them
     * are held on it at once, and every message arrives, each sender runs again once it caught up and stops. The
     * bursts add up to less than a lane holds: each sender has one turn only, and is held back after it.
     */
    @ParameterizedTest(name = "target on worker {0}")
    @ValueSource(ints = {0, 1})
    void thousandsOfSendersHeldOnOneCongestedActorAllGetThrough(final int targetWorker) throws Exception
    {
        final int senders = 3_000;
        final int burst = 5;
        final long total = (long)senders * burst;
        final AtomicLong handled = new AtomicLong();
        final AtomicLong finished = new AtomicLong();
        final int faultsBefore = TestEngines.FAULTS.size();
        try (Engine engine = Engine.start(TestEngines.config(2).mailboxCapacity(16).handoffMaxDepth(0)
            .sendTimeoutNs(Long.MAX_VALUE).build()))
        {
            assertTrue(total < engine.config().inboundLaneCapacity(), "the bursts fit in one lane");
            final ActorRef<Integer> busy = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                handled.incrementAndGet();
                Thread.onSpinWait();
            }).name("busy").onWorker(targetWorker).spawn();
            for (int s = 0; s < senders; s++)
            {
                engine.actor((ActorContext<String> ctx) -> (String m) ->
                {
                    if (m.equals("go"))
                    {
                        for (int i = 0; i < burst; i++)
                        {
                            busy.tell(i);
                        }
                        ctx.self().tell("done");
                    }
                    else
                    {
                        finished.incrementAndGet();
                        ctx.stop();
                    }
                }).onWorker(0).spawn().tell("go");
            }
            TestEngines.await("every burst arrived, or a fault", () -> handled.get() == total ||
                TestEngines.FAULTS.size() > faultsBefore);
            assertEquals(List.of(), TestEngines.FAULTS.subList(faultsBefore, TestEngines.FAULTS.size()));
            TestEngines.await("every sender ran again after its burst", () -> finished.get() == senders);
            assertEquals(total, handled.get());
            assertEquals(0, engine.deadLetters().count());
        }
    }

    /**
     * Two actors flood each other and answer every message they get with one to the other: each is congested by the
     * other's messages while it sends to the other and is held on it, so each would wait for the other for ever; a
     * sender congested itself is let go, and every chain of messages runs to its end.
     */
    @ParameterizedTest(name = "on {0} worker(s)")
    @ValueSource(ints = {1, 2})
    void twoActorsCongestedByEachOtherBothGetThrough(final int workers) throws Exception
    {
        final int chains = 1_000;
        final int length = 20;
        final AtomicLong handled = new AtomicLong();
        try (Engine engine = Engine.start(TestEngines.config(workers).mailboxCapacity(16).handoffMaxDepth(0)
            .sendTimeoutNs(Long.MAX_VALUE).build()))
        {
            @SuppressWarnings("unchecked")
            final ActorRef<Integer>[] pair = (ActorRef<Integer>[])new ActorRef<?>[2];
            for (int a = 0; a < 2; a++)
            {
                final int other = 1 - a;
                pair[a] = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                {
                    if (n < 0)
                    {
                        for (int i = 0; i < chains; i++)
                        {
                            pair[other].tell(length);
                        }
                        return;
                    }
                    handled.incrementAndGet();
                    if (n > 0)
                    {
                        pair[other].tell(n - 1);
                    }
                }).name("flooder-" + a).onWorker(a % workers).spawn();
            }
            pair[0].tell(-1);
            pair[1].tell(-1);
            TestEngines.await("every chain ran to its end", () -> handled.get() == 2L * chains * (length + 1));
            assertEquals(0, engine.deadLetters().count());
        }
    }
}
