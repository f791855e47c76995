package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmokeTest
{
    @Test
    void pingPongAcrossWorkersCompletesAllRoundTrips() throws Exception
    {
        final int rounds = 100_000;
        final CountDownLatch done = new CountDownLatch(1);
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            final AtomicReference<ActorRef<Integer>> pong = new AtomicReference<>();
            final ActorRef<Integer> ping = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                if (n == rounds)
                {
                    done.countDown();
                }
                else
                {
                    pong.get().tell(n + 1);
                }
            }).onWorker(0).name("ping").spawn();
            final ActorRef<Integer> p = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ping.tell(n))
                .onWorker(1).name("pong").spawn();
            pong.set(p);
            ping.tell(0);
            assertTrue(done.await(30, TimeUnit.SECONDS));
            System.out.println(engine.stats());
            assertEquals(0, engine.deadLetters().count());
        }
    }
}
