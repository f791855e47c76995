package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker that parks (the {@code backoff} and {@code park} idle strategies) polls its node's stream only when it is
 * awake. Over UDP the node's own thread runs the invoker driver whose receiver takes the datagrams, and it wakes the
 * node's sleeping workers once it took some; else a frame would wait out the park of the worker it is for. Here every
 * worker parks for 1 s (the longest park allowed) at once when idle, and each ask waits until both sides' workers
 * have parked again: without the wake-up every ask would take about 2 s (a park on each side), with it a few
 * milliseconds. One ask may meet a worker that began to park as its frame landed (the documented window), so nine
 * of ten are asserted.
 */
class SleepingWorkersTest
{
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long PARK_NS = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aParkedWorkerTakesAFrameFromTheNetworkWithoutWaitingOutItsPark() throws Exception
    {
        try (Engine engineA = parking();
             Engine engineB = parking();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build());
             RemoteNode b = RemoteNode.start(engineB, Nodes.udp().build()))
        {
            b.publish("echo", engineB.actor((ActorContext<String> ctx) -> (String m) -> ctx.reply(m))
                .onWorker(0).spawn());
            final ActorRef<String> echo = a.<String>resolve(b.address().toString(), "echo").get(WAIT);
            assertThat(echo.<String>ask("warm").get(WAIT)).isEqualTo("warm");
            final List<Long> roundTripsMs = new ArrayList<>();
            for (int i = 0; i < 10; i++)
            {
                // every worker of both engines idle long enough to have parked
                Thread.sleep(50);
                final long startNs = System.nanoTime();
                assertThat(echo.<String>ask("ping " + i).get(WAIT)).isEqualTo("ping " + i);
                roundTripsMs.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs));
            }
            assertThat(roundTripsMs.stream().filter(ms -> ms < 300).count())
                .as("asks answered within 300 ms, of " + roundTripsMs + " ms, with workers that park for 1 s")
                .isGreaterThanOrEqualTo(9);
        }
    }

    private static Engine parking()
    {
        return Engine.start(EngineConfig.builder().workers(2).idle("park").idleMaxParkNs(PARK_NS).build());
    }
}
